import { CURRENCY_ISO, type Currency } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { numberFormat } from '@parcelle/shared/intl';
import { formatMoney, formatNumber, intlLocale } from '@parcelle/shared/money';

/** An amount as the API sends it: major units for display, with its currency (spec §3). */
export type Amount = { value: number; curr: Currency };

/**
 * An API amount in the reader's conventions: en "$1,234.56", fr "1 234,56 €". The value is turned back into
 * whole cents first (the server computed it from integer minor units), so Intl never sees float noise.
 */
export function formatAmount(amount: Amount, language: Language): string {
  if (!Number.isFinite(amount.value)) return '';
  return formatMoney(amountMinor(amount), amount.curr, language);
}

/** An API amount back in whole minor units (cents): what the server computed it from. */
export function amountMinor(amount: Amount): number {
  return Math.round(amount.value * 100);
}

/** The currency's sign as the reader writes it ("€", "$"), e.g. to say in which currency a chart's axis counts. */
export function currencySign(currency: Currency, language: Language): string {
  const parts = numberFormat(intlLocale(language), {
    style: 'currency',
    currency: CURRENCY_ISO[currency],
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? CURRENCY_ISO[currency];
}

/** A signed percentage with 2 decimals: en "+12.34%", fr "−3,10 %". */
export function formatChange(percentage: number, language: Language): string {
  const value = Number.isFinite(percentage) ? percentage : 0;
  return formatNumber(value / 100, language, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });
}

/** A whole number in the reader's conventions (fr "12 600"). */
export const formatCount = (value: number, language: Language) => formatNumber(value, language);

/** A media key under the `base_url` the API sends with it. Full URLs (already resolved) pass unchanged. */
export function mediaUrl(baseUrl: string, key: string | null | undefined): string | undefined {
  if (!key) return undefined;
  if (/^https?:\/\//.test(key) || key.startsWith('/')) return key;
  return `${baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`}${key}`;
}

/** Life years of an artist: "1921–1994", "b. 1958" / "né en 1958". */
export function lifeYears(
  life: { date_of_birth: string | null; date_of_death: string | null },
  bornLabel: (year: string) => string,
): string {
  const born = life.date_of_birth?.slice(0, 4);
  const died = life.date_of_death?.slice(0, 4);
  if (born && died) return `${born}–${died}`;
  if (born) return bornLabel(born);
  return died ? `–${died}` : '';
}
