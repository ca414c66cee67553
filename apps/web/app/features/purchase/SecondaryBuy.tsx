import { Button } from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { useSession } from '../session/use-session';
import { useSecondaryOffer } from './api';
import { BuyForm } from './BuyForm';
import { BackToWorkButton, BuyFrame, BuyMessage, BuySkeleton, ToMarketButton } from './BuyFrame';
import { secondaryView } from './buy-state';
import { secondaryPricing } from './pricing';

/**
 * /buy for a secondary-market work (spec §1): parts come from other members' open listings, oldest first, each at
 * its price. The offer (GET /paintings/sale/offer) says whether the member may buy (holders of primary parts only)
 * and prices the order; it is loaded again when the drawer opens and after NotEnoughParts. The server prices the
 * purchase itself: its answer's total is the one paid.
 */
export function SecondaryBuy({
  painting,
  baseUrl,
  currency,
}: {
  painting: TPaintingDetail;
  baseUrl: string;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const { signedIn } = useSession();
  const offer = useSecondaryOffer(painting.id, currency, signedIn);
  const title = localized(painting.title, language);
  /** Once the form is shown it stays: a paid purchase refreshes the offer, and the success dialog lives in it. */
  const shown = useRef(false);
  const backToWork = <BackToWorkButton painting={painting} label={t('purchase.buy.backToWork')} />;
  const view = secondaryView({ signedIn, offer: offer.data, failed: offer.isError, formShown: shown.current });

  switch (view) {
    case 'sign-in':
      return (
        <BuyMessage
          state="sign-in"
          market="secondary"
          eyebrow={title}
          title={t('purchase.secondary.signInTitle')}
          text={t('purchase.secondary.signInText')}
          action={
            <>
              <Button
                component={Link}
                to="/login"
                state={{ from: `${location.pathname}${location.search}` }}
                variant="contained"
                data-testid="buy-login"
              >
                {t('purchase.secondary.signIn')}
              </Button>
              {backToWork}
            </>
          }
        />
      );
    case 'loading':
      return <BuySkeleton market="secondary" />;
    case 'error':
      return (
        <BuyMessage
          state="error"
          market="secondary"
          eyebrow={title}
          title={t('purchase.secondary.errorTitle')}
          text={localized(errorText(offer.error), language)}
          action={
            <Button variant="outlined" onClick={() => offer.refetch()} data-testid="buy-retry">
              {t('purchase.retry')}
            </Button>
          }
        />
      );
    case 'not-eligible':
      return (
        <BuyMessage
          state="unavailable"
          market="secondary"
          reason="not-eligible"
          eyebrow={title}
          title={t('purchase.secondary.notEligibleTitle')}
          text={t('msg:SecondaryReserved')}
          action={
            <>
              <ToMarketButton label={t('purchase.buy.toMarket')} variant="contained" testId="buy-to-primary" />
              {backToWork}
            </>
          }
        />
      );
    case 'none-listed': {
      const own = offer.data?.own_listed_part ?? 0;
      const text = t('purchase.secondary.noneListedText');
      return (
        <BuyMessage
          state="none-listed"
          market="secondary"
          reason="none-listed"
          eyebrow={title}
          title={t('purchase.secondary.noneListedTitle')}
          text={
            own > 0
              ? `${text} ${t('purchase.secondary.ownListed', { parts: formatPartsQuantity(own, language) })}`
              : text
          }
          action={backToWork}
        />
      );
    }
  }
  // The form, on an offer that has loaded (`secondaryView` answers 'form' only then).
  if (!offer.data) return null;
  shown.current = true;
  return (
    <BuyFrame state="ready" market="secondary">
      <BuyForm
        painting={painting}
        baseUrl={baseUrl}
        currency={currency}
        pricing={secondaryPricing(offer.data, currency)}
        refresh={() => void offer.refetch()}
        refreshing={offer.isFetching}
      />
    </BuyFrame>
  );
}
