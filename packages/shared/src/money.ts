import { CURRENCY_ISO, type Currency } from './constants';
import type { Language } from './i18n/messages';
import { numberFormat } from './intl';

/**
 * Money is an integer number of minor units (cents) with its currency, never a float of major units.
 * Both display currencies (USD, EURO) have 2 decimals.
 */
export type Money = { readonly minor: number; readonly currency: Currency };

export const MINOR_DIGITS = 2;
export const MINOR_PER_MAJOR = 100;

/**
 * Largest amount accepted, in minor units. Following Actual Budget's `safeNumber`
 * (actualbudget/actual, packages/loot-core/src/shared/util.ts) the bound is 2^51 − 1 rather than
 * 2^53 − 1: integer arithmetic stays exact up to 2^53, but the division by 100 done for display
 * must also land on the right cent, which needs some headroom.
 */
export const MAX_MINOR = 2 ** 51 - 1;

/** Returns the value if it is an integer within ±MAX_MINOR; throws RangeError otherwise (0.1, NaN, 2^53…). */
export function safeInteger(value: number, what = 'amount'): number {
  if (!Number.isInteger(value)) throw new RangeError(`${what} must be an integer, got ${String(value)}`);
  if (value > MAX_MINOR || value < -MAX_MINOR) throw new RangeError(`${what} is too large to be exact: ${value}`);
  return value;
}

export function money(minor: number, currency: Currency): Money {
  return { minor: safeInteger(minor), currency };
}

function sameCurrency(a: Money, b: Money): Currency {
  if (a.currency !== b.currency) throw new RangeError(`cannot combine ${a.currency} with ${b.currency}`);
  return a.currency;
}

export function addMoney(a: Money, b: Money): Money {
  return money(safeInteger(a.minor) + safeInteger(b.minor), sameCurrency(a, b));
}

export function subtractMoney(a: Money, b: Money): Money {
  return money(safeInteger(a.minor) - safeInteger(b.minor), sameCurrency(a, b));
}

/** Price × quantity (spec §9: total = price times quantity); the quantity is a whole number of parts. */
export function multiplyMoney(m: Money, quantity: number): Money {
  const product = BigInt(safeInteger(m.minor)) * BigInt(safeInteger(quantity, 'quantity'));
  return money(bigintToSafe(product), m.currency);
}

function bigintToSafe(value: bigint): number {
  if (value > BigInt(MAX_MINOR) || value < -BigInt(MAX_MINOR)) {
    throw new RangeError(`amount is too large to be exact: ${value}`);
  }
  return Number(value);
}

/**
 * Splits `totalMinor` in proportion to integer `weights` (e.g. parts held, for dividends) so that the
 * shares add up to the total exactly. Largest-remainder rule: each share first gets the integer part of
 * its exact share (total × weight / sum of weights, truncated toward zero); the units left over go one
 * each to the shares with the largest remainders, ties going to the lower index. Every share thus
 * differs from its exact proportional value by less than one minor unit, and the result depends only
 * on the inputs. A negative total is split like its absolute value, then negated.
 */
export function allocate(totalMinor: number, weights: readonly number[]): number[] {
  const total = BigInt(safeInteger(totalMinor));
  if (weights.length === 0) throw new RangeError('allocate needs at least one weight');
  const ws = weights.map((w) => {
    if (safeInteger(w, 'weight') < 0) throw new RangeError(`weights cannot be negative, got ${w}`);
    return BigInt(w);
  });
  const sum = ws.reduce((acc, w) => acc + w, 0n);
  if (sum === 0n) throw new RangeError('weights must not all be zero');
  const sign = total < 0n ? -1n : 1n;
  const magnitude = total * sign;
  const shares = ws.map((w) => (magnitude * w) / sum);
  const remainders = ws.map((w, index) => ({ index, rest: (magnitude * w) % sum }));
  let left = magnitude - shares.reduce((acc, s) => acc + s, 0n);
  // Stable order: larger remainder first, then lower index.
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map((s) => Number(s * sign));
}

/** Minor units as a major-unit number, for display and charts only: never compute money with it. */
export function toMajor(minor: number): number {
  return safeInteger(minor) / MINOR_PER_MAJOR;
}

/** The exact decimal text of an amount in minor units ("-1234.05"), without float rounding. */
export function toMajorString(minor: number): string {
  const value = safeInteger(minor);
  const digits = String(Math.abs(value)).padStart(MINOR_DIGITS + 1, '0');
  const sign = value < 0 ? '-' : '';
  return `${sign}${digits.slice(0, -MINOR_DIGITS)}.${digits.slice(-MINOR_DIGITS)}`;
}

const MAJOR_TEXT = /^([+-]?)(\d+)(?:[.,](\d{1,2}))?$/;

/**
 * Parses a decimal amount typed or sent as text ("12", "12.3", "12.34", "-0.5"; "," is accepted as the
 * decimal mark for French input) into exact minor units. No thousands separators and at most two
 * decimals: "1,234" is rejected rather than guessed at. Throws RangeError on anything else.
 */
export function fromMajorString(text: string): number {
  const match = MAJOR_TEXT.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal amount with at most ${MINOR_DIGITS} decimals: "${text}"`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const minor = BigInt(whole) * BigInt(MINOR_PER_MAJOR) + BigInt(fraction.padEnd(MINOR_DIGITS, '0'));
  return bigintToSafe(sign === '-' ? -minor : minor);
}

const INTL_LOCALE: Record<Language, string> = { en: 'en-US', fr: 'fr-FR' };

/** The BCP 47 locale Intl uses for a language of the site. */
export function intlLocale(lang: Language): string {
  return INTL_LOCALE[lang];
}

/**
 * An amount with its currency sign, as Intl writes it: en "$1,234.56", "€1,234.56";
 * fr "1 234,56 €" (Intl uses narrow no-break spaces for thousands and a no-break space before €).
 * The exact decimal string is given to Intl so large amounts are not rounded through a float.
 */
export function formatMoney(minor: number, currency: Currency, lang: Language): string {
  const formatter = numberFormat(INTL_LOCALE[lang], {
    style: 'currency',
    currency: CURRENCY_ISO[currency],
    minimumFractionDigits: MINOR_DIGITS,
    maximumFractionDigits: MINOR_DIGITS,
  });
  return formatter.format(toMajorString(minor) as Intl.StringNumericLiteral);
}

/** A plain number in the language's conventions (fr: "1 234,5" with a narrow no-break space). */
export function formatNumber(n: number | bigint, lang: Language, options?: Intl.NumberFormatOptions): string {
  return numberFormat(INTL_LOCALE[lang], options).format(n);
}

/**
 * Spec §2: totals are written with thousands separated by spaces, whatever the language:
 * 1234567 → "1 234 567", 1234.5 with fractionDigits 2 → "1 234.50". The separator is a plain space
 * by default; pass "\u00a0" for a no-break space.
 */
export function formatThousandsWithSpaces(
  n: number | bigint,
  options: { fractionDigits?: number; decimalMark?: '.' | ','; separator?: string } = {},
): string {
  const { fractionDigits, decimalMark = '.', separator = ' ' } = options;
  if (typeof n === 'number' && !Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  const formatter = numberFormat('en-US', {
    useGrouping: true,
    minimumFractionDigits: fractionDigits ?? 0,
    maximumFractionDigits: fractionDigits ?? 20,
  });
  return formatter
    .formatToParts(n)
    .map((part) => (part.type === 'group' ? separator : part.type === 'decimal' ? decimalMark : part.value))
    .join('');
}

/** An exchange rate: 1 unit of the source currency is worth numerator / denominator units of the target. */
export type Rate = { numerator: number | bigint; denominator: number | bigint } | string;

const RATE_TEXT = /^(\d+)(?:\.(\d+))?$/;

function rateFraction(rate: Rate): { num: bigint; den: bigint } {
  if (typeof rate === 'string') {
    const match = RATE_TEXT.exec(rate.trim());
    if (!match) throw new RangeError(`not a decimal rate: "${rate}"`);
    const [, whole = '0', fraction = ''] = match;
    const num = BigInt(whole + fraction);
    const den = 10n ** BigInt(fraction.length);
    if (num === 0n) throw new RangeError('rate must be positive');
    return { num, den };
  }
  const num = toBigInt(rate.numerator);
  const den = toBigInt(rate.denominator);
  if (num <= 0n || den <= 0n) throw new RangeError('rate numerator and denominator must be positive');
  return { num, den };
}

function toBigInt(value: number | bigint): bigint {
  return typeof value === 'bigint' ? value : BigInt(safeInteger(value, 'rate term'));
}

export type Rounding = 'half-even' | 'half-up';

/**
 * n / d rounded to an integer (d > 0). half-even (banker's rounding) sends exact halves to the even
 * neighbour so that repeated conversions do not drift one way; half-up sends them away from zero.
 */
export function divideRounded(n: bigint, d: bigint, rounding: Rounding = 'half-even'): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  let quotient = magnitude / d;
  const twiceRest = (magnitude % d) * 2n;
  if (twiceRest > d || (twiceRest === d && (rounding === 'half-up' || quotient % 2n === 1n))) quotient += 1n;
  return negative ? -quotient : quotient;
}

/**
 * Converts minor units between currencies with integer arithmetic only: minor × numerator / denominator,
 * rounded half-even by default (both currencies have 2 decimals, so the rate applies unit for unit).
 * The same currency is returned unchanged and the rate is not used.
 */
export function convertMinor(
  minor: number,
  from: Currency,
  to: Currency,
  rate: Rate,
  rounding: Rounding = 'half-even',
): number {
  const amount = safeInteger(minor);
  if (from === to) return amount;
  const { num, den } = rateFraction(rate);
  return bigintToSafe(divideRounded(BigInt(amount) * num, den, rounding));
}

/**
 * A part of a whole in basis points (1 % = 100), from integers, rounded half-even: a yearly cost as a share of a
 * work's value (issue 31). Null when the whole is not positive (no share can be given).
 */
export function shareBps(partMinor: number, wholeMinor: number): number | null {
  const whole = BigInt(safeInteger(wholeMinor, 'whole'));
  if (whole <= 0n) return null;
  return Number(divideRounded(BigInt(safeInteger(partMinor, 'part')) * 10_000n, whole));
}

/**
 * Basis points as a percentage with 2 decimals in the language's conventions: 6 → en "0.06%", fr "0,06 %". The
 * exact decimal string is given to Intl (bps ÷ 10,000 written out from the integer), so no float rounding shows.
 */
export function formatBps(bps: number, lang: Language, options: { signed?: boolean } = {}): string {
  const value = BigInt(safeInteger(bps, 'basis points'));
  const magnitude = value < 0n ? -value : value;
  const digits = magnitude.toString().padStart(5, '0');
  const exact = `${value < 0n ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`;
  return numberFormat(INTL_LOCALE[lang], {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    ...(options.signed ? { signDisplay: 'exceptZero' as const } : {}),
  }).format(exact as Intl.StringNumericLiteral);
}
