import type { Currency } from '@parcelle/shared/constants';
import { dateTimeFormat, numberFormat } from '@parcelle/shared/intl';
import { formatMoney, intlLocale } from '@parcelle/shared/money';
import type { Language } from './providers/i18n';

/**
 * An API amount in the interface language, from its integer minor units (the answers' `*_minor` fields) and its
 * currency: the console never computes with the `{value, curr}` floats (a non-integer or unsafe amount throws).
 */
export function moneyText(minor: number, currency: string, language: Language): string {
  return formatMoney(minor, currency as Currency, language);
}

export function dateTimeText(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  return dateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function dateText(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  return dateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(new Date(iso));
}

/** A count (parts, holders) grouped as the interface language writes it: 10,800 / 10 800. */
export function countText(count: number, language: Language): string {
  return numberFormat(intlLocale(language)).format(count);
}
