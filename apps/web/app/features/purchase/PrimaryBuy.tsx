import { Button } from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePaintingDetail } from '../catalogue/api';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { ApiError, errorText } from '../session/api-error';
import { BuyForm } from './BuyForm';
import { BackToWorkButton, BuyFrame, BuyMessage, BuySkeleton, ToMarketButton } from './BuyFrame';
import { carriedRecord, type NavigationState, primaryView } from './buy-state';
import { primaryPricing } from './pricing';
import { SecondaryBuy } from './SecondaryBuy';

/** /buy once a work is named: loads it, then shows the state its market decides (see `primaryView`). */
export function PrimaryBuy({ paintingId, currency }: { paintingId: string; currency: Currency }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const query = usePaintingDetail(paintingId, currency);
  // The record handed over by the painting page shows at once while the fresh one loads (same work and currency).
  const fallback = carriedRecord(location.state as NavigationState, paintingId, currency);
  const data = query.data ?? (query.isPending ? fallback : null);
  const painting = data?.paintings;
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  const title = painting ? localized(painting.title, language) : undefined;
  /** The work whose form has been shown (it then stays, see `primaryView`). */
  const shown = useRef<string | null>(null);
  usePageMeta(title ? t('purchase.buy.metaTitle', { title }) : t('purchase.buy.title'));

  if (notFound) {
    return (
      <BuyMessage
        state="not-found"
        eyebrow="404"
        title={t('msg:PaintingNotFound')}
        text={t('purchase.buy.notFoundText')}
        action={<ToMarketButton label={t('purchase.buy.toMarket')} />}
      />
    );
  }
  if (!painting || !data) {
    if (!query.isError) return <BuySkeleton />;
    return (
      <BuyMessage
        state="error"
        title={t('purchase.buy.errorTitle')}
        text={localized(errorText(query.error), language)}
        action={
          <Button variant="outlined" onClick={() => query.refetch()}>
            {t('purchase.retry')}
          </Button>
        }
      />
    );
  }
  const view = primaryView(painting, shown.current === painting.id);
  if (view === 'secondary') {
    return (
      <SecondaryBuy
        key={`${painting.id}-${currency}`}
        painting={painting}
        baseUrl={data.base_url}
        currency={currency}
      />
    );
  }
  if (view === 'sold-out' || view === 'unavailable') {
    const soldOut = view === 'sold-out';
    return (
      <BuyMessage
        state={view}
        eyebrow={title}
        title={t(soldOut ? 'purchase.buy.soldOutTitle' : 'purchase.buy.unavailableTitle')}
        text={t(soldOut ? 'purchase.buy.soldOutText' : 'purchase.buy.unavailableText')}
        action={<BackToWorkButton painting={painting} label={t('purchase.buy.backToWork')} />}
      />
    );
  }
  shown.current = painting.id;
  return (
    <BuyFrame state="ready" market="primary">
      <BuyForm
        key={`${painting.id}-${currency}`}
        painting={painting}
        baseUrl={data.base_url}
        currency={currency}
        pricing={primaryPricing(painting)}
      />
    </BuyFrame>
  );
}
