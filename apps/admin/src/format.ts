import type { Currency } from '@parcelle/shared/constants';
import { formatMoney, intlLocale } from '@parcelle/shared/money';
import type { Language } from './providers/i18n';

/** An API amount (`{value, curr}`, major units) in the interface language; display only. */
export function moneyText(amount: { value: number; curr: string }, language: Language): string {
  return formatMoney(Math.round(amount.value * 100), amount.curr as Currency, language);
}

export function dateTimeText(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

export function dateText(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(new Date(iso));
}
