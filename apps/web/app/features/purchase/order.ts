import {
  CURRENCY_ISO,
  type Currency,
  MAX_PARTS_PER_PURCHASE,
  PARTS_PER_CM2,
  type PaymentMethod,
} from '@parcelle/shared/constants';
import type { Language, MessageKey } from '@parcelle/shared/i18n/messages';
import { numberFormat } from '@parcelle/shared/intl';
import { formatMoney, fromMajorString, intlLocale } from '@parcelle/shared/money';
import { purchaseTotalMinor } from '@parcelle/shared/parts';

/**
 * The arithmetic and rules of the /buy form (spec §1, §5, §9), as pure functions. Money is integer minor
 * units: the API's major `value` is turned into cents once (Math.round(value × 100)), then only integers.
 * No zod here: the painting page prices offers with these at first load; the form's schema is in buy-form.ts.
 */

/** The quick choices of the quantity field: 1 cm², 10 cm², 100 cm². */
export const QUICK_QUANTITIES = [PARTS_PER_CM2, PARTS_PER_CM2 * 10, PARTS_PER_CM2 * 100] as const;

/** An API amount (major units) as integer minor units. */
export function minorOf(amount: { value: number }): number {
  return Math.round(amount.value * 100);
}

/** Parts still for sale on the primary market. */
export function availableParts(painting: { total_part: number; sold_out_part: number }): number {
  return Math.max(0, painting.total_part - painting.sold_out_part);
}

/** What is typed in the quantity field: digits only, at most the length of the largest purchase. */
export function quantityDigits(text: string): string {
  return text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, String(MAX_PARTS_PER_PURCHASE).length);
}

/** The quantity typed, as a whole number of parts, or null when it is not one (empty, 0). */
export function parseQuantity(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Total in minor units (price per part × quantity, spec §9), or null without a valid quantity. */
export function orderTotalMinor(pricePerPartMinor: number, quantity: number | null): number | null {
  if (quantity === null) return null;
  try {
    return purchaseTotalMinor(pricePerPartMinor, quantity);
  } catch {
    return null;
  }
}

/** The total as shown: 2 decimals in the reader's conventions (en "$1,234.50", fr "1 234,50 €"). */
export function formatOrderTotal(
  pricePerPartMinor: number,
  quantity: number | null,
  currency: Currency,
  language: Language,
): string {
  return formatMoney(orderTotalMinor(pricePerPartMinor, quantity) ?? 0, currency, language);
}

/** The problem with a quantity, as a catalogue key, or null when it can be bought. */
export function quantityProblem(quantity: number | null, available: number): MessageKey | null {
  if (quantity === null || quantity < 1) return 'SelectShares';
  if (quantity > MAX_PARTS_PER_PURCHASE) return 'QuantityTooLarge';
  if (quantity > available) return 'NotEnoughParts';
  return null;
}

/** The drawer's check before paying (spec §5 Purchase): a method, and a quantity that can be bought. */
export function paymentProblem(
  method: PaymentMethod | null,
  quantity: number | null,
  available: number,
  owner = 'named',
): MessageKey | null {
  if (!method) return 'SelectPaymentMethod';
  if (quantityProblem(quantity, available)) return 'SelectShares';
  if (!owner.trim()) return 'OwnerNameRequired';
  return null;
}

/** Whether the wallet can pay a total; a non-empty wallet kept in another currency is left to the server to judge. */
export function walletCovers(
  wallet: { minor: number; curr: Currency } | undefined,
  totalMinor: number | null,
  currency: Currency,
): boolean {
  if (!wallet || totalMinor === null || wallet.minor <= 0) return false;
  if (wallet.curr !== currency) return true;
  return wallet.minor >= totalMinor;
}

/** How the member chooses what to buy (issue 17): a number of parts, or an amount to invest. */
export type BuyBy = 'parts' | 'amount';

/** The largest amount the amount field takes: €10 billion, far above any work, still exact in minor units. */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000;

/**
 * What is typed in the amount field: digits, one decimal mark ("." or ",") and at most two decimals. Spaces and
 * the other mark are dropped as typed ("5 000" → "5000"), so an amount is never guessed at.
 */
export function amountText(text: string): string {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(/[^\d.,]/g, '');
  const mark = cleaned.search(/[.,]/);
  if (mark < 0) return cleaned.replace(/^0+(?=\d)/, '').slice(0, 13);
  const whole = cleaned
    .slice(0, mark)
    .replace(/^0+(?=\d)/, '')
    .slice(0, 13);
  const fraction = cleaned
    .slice(mark + 1)
    .replace(/[.,]/g, '')
    .slice(0, 2);
  return `${whole}${cleaned[mark]}${fraction}`;
}

/** The amount typed, in minor units, or null when it is not a positive amount the field takes. */
export function parseAmountMinor(text: string): number | null {
  try {
    const minor = fromMajorString(text);
    return minor > 0 && minor <= MAX_AMOUNT_MINOR ? minor : null;
  } catch {
    return null;
  }
}

/** The sign of a currency as the language writes it ("€", "$" / "$US"), for a field's label. */
export function currencySymbol(currency: Currency, language: Language): string {
  const parts = numberFormat(intlLocale(language), {
    style: 'currency',
    currency: CURRENCY_ISO[currency],
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? CURRENCY_ISO[currency];
}
