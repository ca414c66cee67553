import { type OrderOutcome, type OrderSide, OUTCOME_STATE } from '@parcelle/shared/market-order';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../feedback/PlainAlert';
import { useLanguage } from '../i18n/language';
import { bookMoneyText, useBookMoney } from './BookAmount';

/** The key of an outcome's title and text: filled, partly filled, or resting (listed / bid placed). */
const KEY: Record<OrderOutcome['state'], Record<OrderSide, string>> = {
  [OUTCOME_STATE.filled]: { ask: 'filledAsk', bid: 'filledBid' },
  [OUTCOME_STATE.partlyFilled]: { ask: 'partlyAsk', bid: 'partlyBid' },
  [OUTCOME_STATE.resting]: { ask: 'restingAsk', bid: 'restingBid' },
};

/** The title of an outcome ("Filled", "Partly filled", "Parts listed", "Bid placed"). */
export function useOutcomeTitle() {
  const { t } = useTranslation();
  return (side: OrderSide, outcome: OrderOutcome) => t(`marketOrder.outcome.${KEY[outcome.state][side]}.title`);
}

/**
 * What an order did when it was placed (issue 31): "Filled: 4 parts sold for $21.64 (€20.00 in the book) at €5.00
 * per part", partly filled with what stays on the book, or resting with its price. From the trades of the answer.
 */
export function useOutcomeText(rate: string | null) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useBookMoney(rate);
  const inBook = (amount: string) => t('marketOrder.inBook', { amount });
  const text = (minor: number) => bookMoneyText(money(minor), inBook);
  return (side: OrderSide, outcome: OrderOutcome, orderPriceMinor: number) => {
    const low = outcome.lowestPriceMinor ?? orderPriceMinor;
    const high = outcome.highestPriceMinor ?? orderPriceMinor;
    const price =
      low === high
        ? t('marketOrder.outcome.atPrice', { price: text(low) })
        : t('marketOrder.outcome.atPrices', {
            low: text(low),
            high: text(high),
          });
    return t(`marketOrder.outcome.${KEY[outcome.state][side]}.text`, {
      parts: formatPartsQuantity(outcome.tradedParts, language),
      amount: text(outcome.amountMinor),
      price,
      rest: formatPartsQuantity(outcome.restingParts, language),
      restPrice: text(orderPriceMinor),
    });
  };
}

/** The outcome as a status message, under the order form: MUI's outlined Alert and AlertTitle, plain (decision 557). */
export function OrderOutcomeNotice({
  side,
  outcome,
  orderPriceMinor,
  rate,
  testId,
}: {
  side: OrderSide;
  outcome: OrderOutcome;
  orderPriceMinor: number;
  rate: string | null;
  testId: string;
}) {
  const title = useOutcomeTitle();
  const text = useOutcomeText(rate);
  return (
    <PlainAlert
      severity={outcome.state === OUTCOME_STATE.resting ? 'info' : 'success'}
      role="status"
      testId={testId}
      data={{ 'data-state': outcome.state }}
      title={title(side, outcome)}
    >
      {text(side, outcome, orderPriceMinor)}
    </PlainAlert>
  );
}
