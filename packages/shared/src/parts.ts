import { PARTS_PER_CM2 } from './constants';
import type { Language } from './i18n/messages';
import { pluralRules } from './intl';
import { formatNumber, safeInteger } from './money';

/**
 * Arithmetic of parts (spec §1, §9): 1 part is 1 mm² of the painting's 3×3 grid, 9 parts make 1 cm²,
 * prices are integer minor units. Invalid input throws RangeError rather than giving a wrong number.
 */

function positiveInteger(value: number, what: string): number {
  if (safeInteger(value, what) <= 0) throw new RangeError(`${what} must be positive, got ${value}`);
  return value;
}

function nonNegativeInteger(value: number, what: string): number {
  if (safeInteger(value, what) < 0) throw new RangeError(`${what} cannot be negative, got ${value}`);
  return value;
}

/** Parts of a painting of whole-centimetre dimensions: width × height × 9. */
export function totalPartsForDimensions(widthCm: number, heightCm: number): number {
  return safeInteger(positiveInteger(widthCm, 'width') * positiveInteger(heightCm, 'height') * PARTS_PER_CM2, 'parts');
}

/** Price of 1 cm² in minor units: the price per part × 9. */
export function pricePerCm2(pricePerPartMinor: number): number {
  return safeInteger(nonNegativeInteger(pricePerPartMinor, 'price per part') * PARTS_PER_CM2, 'price per cm²');
}

/** Whole cm² in a number of parts and the parts left over (20 parts → 2 cm² and 2 parts). */
export function partsToCm2(parts: number): { cm2: number; remainder: number } {
  nonNegativeInteger(parts, 'parts');
  return { cm2: Math.floor(parts / PARTS_PER_CM2), remainder: parts % PARTS_PER_CM2 };
}

// "part" is the same word in both languages; the table still keeps them apart so either can change.
const PART_WORD: Record<Language, Record<'one' | 'other', string>> = {
  en: { one: 'part', other: 'parts' },
  fr: { one: 'part', other: 'parts' },
};

export function partsLabel(parts: number, lang: Language): string {
  // Plural categories differ: French treats 0 as singular ("0 part"), English does not ("0 parts").
  const category = pluralRules(lang).select(parts) === 'one' ? 'one' : 'other';
  return `${formatNumber(parts, lang)} ${PART_WORD[lang][category]}`;
}

/**
 * A quantity of parts with its surface once it reaches 1 cm² (spec §1: the unit shows cm² from 9 parts):
 * 5 → "5 parts", 18 → "18 parts (2 cm²)", 20 → "20 parts (2 cm² + 2 parts)". Numbers follow the language
 * (fr: "1 800 parts (200 cm²)" with a narrow no-break space).
 */
export function formatPartsQuantity(parts: number, lang: Language): string {
  const { cm2, remainder } = partsToCm2(parts);
  const head = partsLabel(parts, lang);
  if (cm2 === 0) return head;
  const surface = `${formatNumber(cm2, lang)} cm²`;
  return remainder === 0 ? `${head} (${surface})` : `${head} (${surface} + ${partsLabel(remainder, lang)})`;
}

/** Total of a purchase in minor units: price per part × quantity (spec §9), exact. */
export function purchaseTotalMinor(pricePerPartMinor: number, quantity: number): number {
  const product =
    BigInt(nonNegativeInteger(pricePerPartMinor, 'price per part')) * BigInt(nonNegativeInteger(quantity, 'quantity'));
  return safeInteger(Number(product), 'total');
}

function checkSoldTotal(sold: number, total: number): void {
  nonNegativeInteger(sold, 'sold parts');
  positiveInteger(total, 'total parts');
  if (sold > total) throw new RangeError(`sold parts (${sold}) exceed total parts (${total})`);
}

/** round(n × scale / d), halves up, in integers so that 1/8 = 12.5 % rounds to 13 and never to 12. */
function roundedRatio(n: number, d: number, scale: bigint): number {
  const numerator = BigInt(n) * scale * 2n + BigInt(d);
  return Number(numerator / (BigInt(d) * 2n));
}

/** Spec §9: sold_out_part / total_part × 100, rounded to a whole percent. */
export function progressPercent(sold: number, total: number): number {
  checkSoldTotal(sold, total);
  return roundedRatio(sold, total, 100n);
}

/** Spec §9: (total − sold) / total × 100 with 2 decimals, e.g. 1 of 3 sold → 66.67. */
export function availabilityPercent(sold: number, total: number): number {
  checkSoldTotal(sold, total);
  return roundedRatio(total - sold, total, 10_000n) / 100;
}
