import type { Currency } from '@parcelle/shared/constants';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { formatMoney } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../feedback/PlainAlert';
import { Spinner } from '../feedback/Spinner';
import { PlainSmallButton } from '../forms/PlainSmallButton';
import buttons from '../forms/plain-button.module.css';
import { useLanguage } from '../i18n/language';
import close from '../layout/dialog-close-button.module.css';
import { ModalFrame } from '../layout/ModalFrame';
import { useNavigation } from '../layout/navigation';
import { useSecondaryOffer } from '../purchase/api';
import { offerBlock, secondaryPricing } from '../purchase/pricing';
import styles from './order-dialogs.module.css';

type OfferContentProps = {
  painting: TPaintingDetail;
  baseUrl: string;
  currency: Currency;
  buyTo: string;
  marketTo: string;
  open: boolean;
  onClose: () => void;
};

/** MUI's Close icon. */
const CLOSE = 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';
const TITLE_ID = 'secondary-dialog-title';

/**
 * The secondary-market dialog's body (spec §4: market 3 opens a dialog): the member's offer, loaded when the dialog
 * opens, says whether they may buy (holders of primary parts only) and what other members list, from which price.
 */
function SecondaryOfferContent({ painting, baseUrl, currency, buyTo, marketTo, open, onClose }: OfferContentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { Link } = useNavigation();
  const offer = useSecondaryOffer(painting.id, currency, open);
  const data = offer.data;
  const reason = data ? offerBlock(data) : null;
  const canBuy = Boolean(data) && reason === null;

  let body: ReactNode;
  if (!data && offer.isError) {
    body = (
      <PlainAlert
        severity="error"
        testId="secondary-dialog-error"
        action={
          <PlainSmallButton
            type="button"
            className={styles.retry}
            onClick={() => offer.refetch()}
            data-testid="secondary-dialog-retry"
          >
            {t('paintings.buy.dialogRetry')}
          </PlainSmallButton>
        }
      >
        {t('paintings.buy.dialogError')}
      </PlainAlert>
    );
  } else if (!data) {
    body = (
      <div role="status" data-testid="secondary-dialog-loading" className={styles.loading}>
        <Spinner size={18} />
        <p className={styles.body2}>{t('paintings.buy.dialogLoading')}</p>
      </div>
    );
  } else if (reason) {
    const own = data.own_listed_part;
    body = (
      <p data-testid="secondary-dialog-reason" data-reason={reason} className={styles.reason}>
        {reason === 'not-eligible' ? t('paintings.buy.dialogNotEligible') : t('paintings.buy.dialogNoneListed')}
        {reason === 'none-listed' && own > 0 && (
          <> {t('paintings.buy.dialogOwnListed', { parts: formatPartsQuantity(own, language) })}</>
        )}
      </p>
    );
  } else {
    const pricing = secondaryPricing(data, currency);
    const amount = formatMoney(pricing.priceMinor, pricing.currency, language);
    body = (
      <dl data-testid="secondary-dialog-offer" className={styles.offer}>
        <div>
          <dt className={styles.muted}>{t('paintings.buy.dialogListed')}</dt>
          <dd className={styles.figure} data-testid="secondary-dialog-available">
            {formatPartsQuantity(data.available_part, language)}
          </dd>
        </div>
        <div>
          <dt className={styles.muted}>{t('paintings.buy.dialogPriceLabel')}</dt>
          <dd className={styles.figure} data-testid="secondary-dialog-price">
            {pricing.stepped ? t('paintings.buy.dialogFrom', { amount }) : t('paintings.buy.dialogPrice', { amount })}
          </dd>
        </div>
      </dl>
    );
  }

  return (
    <>
      <div className={styles.offerContent}>
        <p className={styles.lead}>{t('paintings.buy.dialogOfferText')}</p>
        {body}
      </div>
      <div className={`${styles.actions} ${styles.offerActions}`}>
        <Link
          to={marketTo}
          className={`${buttons.button} ${styles.market} ${canBuy ? `${buttons.text} ${styles.ink}` : ''}`}
          data-testid="secondary-dialog-market"
          onClick={onClose}
        >
          {t('paintings.buy.dialogCta')}
        </Link>
        {canBuy && (
          <Link
            to={buyTo}
            state={{ painting, base_url: baseUrl }}
            className={buttons.button}
            data-testid="secondary-dialog-buy"
          >
            {t('paintings.buy.dialogBuy')}
          </Link>
        )}
      </div>
    </>
  );
}

/**
 * The dialog the secondary market's "Buy now" opens (spec §4: market 3): the offer, then the way to buy or list.
 * MUI's Dialog `maxWidth="sm"` as plain elements on the browser's modal `<dialog>` (decision 557): the same component
 * in the app and in a work's document, whose island carries no MUI. Its links are the router's in the app, ordinary
 * links in a document (`useNavigation`).
 */
export function SecondaryOfferDialog(props: OfferContentProps) {
  const { t } = useTranslation();
  const { open, onClose } = props;
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      focus="browser"
      className={`${styles.frame} ${styles.sm}`}
      labelledBy={TITLE_ID}
      testId="secondary-dialog"
    >
      <button
        type="button"
        onClick={onClose}
        aria-label={t('paintings.close')}
        className={`${close.button} ${styles.close}`}
      >
        <svg viewBox="0 0 24 24" aria-hidden focusable="false" className={close.icon}>
          <path d={CLOSE} />
        </svg>
      </button>
      <h2 id={TITLE_ID} className={styles.offerTitle}>
        {t('paintings.buy.dialogTitle')}
      </h2>
      <SecondaryOfferContent {...props} />
    </ModalFrame>
  );
}
