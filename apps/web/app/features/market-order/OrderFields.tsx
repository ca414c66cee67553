import { QUOTE_STATE } from '@parcelle/shared/market-order';
import { formatMoney } from '@parcelle/shared/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTextField } from '../forms/PlainField';
import { useLanguage } from '../i18n/language';
import { useCurrency } from '../preferences/currency';
import { BookAmount } from './BookAmount';
import styles from './order-fields.module.css';
import type { OrderDraft } from './use-order-draft';

/** The field errors of a draft the member tried to confirm, as catalogue or interface texts. */
function useFieldErrors(draft: OrderDraft) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { quote } = draft;
  if (!draft.checked) return { parts: null, price: null };
  const euros = (minor: number) => formatMoney(minor, 'EURO', language);
  return {
    parts:
      quote.state === QUOTE_STATE.noParts
        ? t('msg:SelectShares')
        : quote.state === QUOTE_STATE.tooManyParts
          ? t('msg:NotEnoughPartsOwned')
          : null,
    price:
      quote.state === QUOTE_STATE.noPrice
        ? t('marketOrder.priceMissing')
        : quote.state === QUOTE_STATE.belowRange
          ? t('marketOrder.priceBelow', { min: euros(quote.range.min) })
          : quote.state === QUOTE_STATE.aboveRange
            ? t('marketOrder.priceAbove', { max: euros(quote.range.max) })
            : null,
  };
}

/**
 * The parts and the price per part of an order (issue 31, "one way to sell"): the same two fields in the drawer of My
 * parts and in the work's order form, checked by the same rules (the parts in hand, the bounds the API enforces).
 * Plain fields (decision 557), in the member area's drawer and a work's page alike.
 */
export function OrderFields({
  draft,
  range,
  inHand,
  disabled = false,
  testIdPrefix,
}: {
  draft: OrderDraft;
  range: { min: number; max: number } | null;
  inHand?: number;
  disabled?: boolean;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const errors = useFieldErrors(draft);
  const euros = (minor: number) => formatMoney(minor, 'EURO', language);
  const partsHelp =
    draft.side === 'ask' && inHand !== undefined ? t('marketOrder.partsRange', { max: inHand }) : undefined;
  return (
    <div className={styles.fields}>
      <PlainTextField
        control={{ value: draft.parts, onChange: (event) => draft.setParts(event.target.value) }}
        label={t(draft.side === 'ask' ? 'marketOrder.partsToSell' : 'marketOrder.partsToBuy')}
        error={errors.parts ?? undefined}
        help={partsHelp}
        disabled={disabled}
        autoComplete="off"
        required
        testId={`${testIdPrefix}-parts`}
        helpTestId={`${testIdPrefix}-parts-help`}
        input={{ inputMode: 'numeric' }}
      />
      <PlainTextField
        control={{ value: draft.price, onChange: (event) => draft.setPrice(event.target.value) }}
        label={t('marketOrder.pricePerPart')}
        error={errors.price ?? undefined}
        help={range ? t('marketOrder.priceRange', { min: euros(range.min), max: euros(range.max) }) : undefined}
        disabled={disabled}
        autoComplete="off"
        required
        testId={`${testIdPrefix}-price`}
        helpTestId={`${testIdPrefix}-price-help`}
        input={{ inputMode: 'decimal' }}
      />
    </div>
  );
}

function Row({ term, children, strong = false }: { term: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? `${styles.row} ${styles.strong}` : styles.row}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.figure}>{children}</dd>
    </div>
  );
}

/**
 * What the order comes to before it is confirmed: parts × price, the fees (none on this market, said so) and what the
 * member receives (an ask) or has held (a bid), in their display currency with the book's euros beside.
 */
export function OrderQuoteSummary({
  draft,
  rate,
  testIdPrefix,
}: {
  draft: OrderDraft;
  rate: string | null;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const { quote } = draft;
  if (quote.state !== QUOTE_STATE.ready) {
    return (
      <p className={styles.muted} data-testid={`${testIdPrefix}-quote-pending`}>
        {t('marketOrder.quotePending')}
      </p>
    );
  }
  return (
    <div>
      <dl className={styles.quote} data-testid={`${testIdPrefix}-quote`}>
        <Row term={t('marketOrder.gross')}>
          <BookAmount minor={quote.grossMinor} rate={rate} testId={`${testIdPrefix}-gross`} />
        </Row>
        <Row term={t('marketOrder.fees')}>
          <span data-testid={`${testIdPrefix}-fees`}>
            {quote.feeMinor === 0 ? t('marketOrder.noFee') : <BookAmount minor={quote.feeMinor} rate={rate} />}
          </span>
        </Row>
        <Row term={t(draft.side === 'ask' ? 'marketOrder.proceeds' : 'marketOrder.held')} strong>
          <BookAmount minor={quote.netMinor} rate={rate} testId={`${testIdPrefix}-net`} />
        </Row>
      </dl>
      <p className={`${styles.muted} ${styles.note}`}>
        {t(draft.side === 'ask' ? 'marketOrder.askNote' : 'marketOrder.bidNote')}
        {currency !== 'EURO' && ` ${t('marketOrder.rateNote')}`}
      </p>
    </div>
  );
}
