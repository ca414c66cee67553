import type { Currency } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { bookAmountIn } from '@parcelle/shared/market-order';
import { formatMoney } from '@parcelle/shared/money';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/language';
import { useCurrency } from '../preferences/currency';
import styles from './book-amount.module.css';

/**
 * Issue 31, one currency per screen: the book trades in euros, a member reads it in their display currency at the
 * day's rate, the euro amount beside it, labelled. `display` is null when no rate is known (the euros alone then).
 */
export type BookMoney = { display: string | null; euro: string; sameCurrency: boolean };

export function bookMoney(minorEur: number, currency: Currency, rate: string | null, language: Language): BookMoney {
  const euro = formatMoney(minorEur, 'EURO', language);
  if (currency === 'EURO') return { display: euro, euro, sameCurrency: true };
  const converted = bookAmountIn(minorEur, currency, rate);
  return { display: converted === null ? null : formatMoney(converted, currency, language), euro, sameCurrency: false };
}

/**
 * A book amount the API already gave in the display currency (a history row: converted at the rate of its day,
 * decision 185) with the book's euros it traded at: the same two parts as `bookMoney`, without converting again.
 */
export function shownBookMoney(minorEur: number, shown: ShownAmount, language: Language): BookMoney {
  const euro = formatMoney(minorEur, 'EURO', language);
  const display = formatMoney(shown.minor, shown.currency, language);
  return { display, euro: shown.currency === 'EURO' ? display : euro, sameCurrency: shown.currency === 'EURO' };
}

/** An amount in the member's display currency, in minor units, as an API answered it. */
export type ShownAmount = { minor: number; currency: Currency };

/** The reader's conversion of book amounts: `money(minorEur)` in their display currency with the euros. */
export function useBookMoney(rate: string | null) {
  const currency = useCurrency();
  const language = useLanguage();
  return (minorEur: number) => bookMoney(minorEur, currency, rate, language);
}

/** One line of text: "$13.36 (€12.34 in the book)", or "€12.34" for a member who displays euros. */
export function bookMoneyText(money: BookMoney, inBook: (euro: string) => string): string {
  if (money.sameCurrency || money.display === null) return money.euro;
  return `${money.display} ${inBook(money.euro)}`;
}

type BookAmountProps = { minor: number; testId?: string } & (
  | { rate: string | null; shown?: never }
  | { shown: ShownAmount; rate?: never }
);

/**
 * An amount of the book as a member reads it: the display currency first, the euro price it trades at beside it.
 * `rate` converts the euros here (the day's rate); `shown` is the display amount the API already converted.
 */
export function BookAmount({ minor, rate, shown, testId }: BookAmountProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const convert = useBookMoney(rate ?? null);
  const money = shown ? shownBookMoney(minor, shown, language) : convert(minor);
  if (money.sameCurrency || money.display === null) return <span data-testid={testId}>{money.euro}</span>;
  return (
    <span data-testid={testId}>
      {money.display} <span className={styles.inBook}>{t('marketOrder.inBook', { amount: money.euro })}</span>
    </span>
  );
}
