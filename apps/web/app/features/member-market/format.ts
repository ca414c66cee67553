import { CURRENCY_SYMBOL } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatThousandsWithSpaces } from '@parcelle/shared/money';
import type { Amount } from '../catalogue/format';

/**
 * Spec §2/§9: the total price with its thousands separated by spaces, whatever the language, and the
 * currency sign: en "$1 234 567.00", fr "1 234 567,00 €" (the space before € does not break).
 */
export function formatTotalPrice(amount: Amount, language: Language): string {
  if (!Number.isFinite(amount.value)) return '';
  const cents = Math.round(amount.value * 100);
  const digits = formatThousandsWithSpaces(cents / 100, {
    fractionDigits: 2,
    decimalMark: language === 'fr' ? ',' : '.',
  });
  const symbol = CURRENCY_SYMBOL[amount.curr];
  return language === 'fr' ? `${digits}\u00a0${symbol}` : `${symbol}${digits}`;
}
