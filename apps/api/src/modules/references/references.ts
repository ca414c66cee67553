import { randomBytes } from 'node:crypto';
import { CROCKFORD_ALPHABET } from '@parcelle/shared';

/**
 * The public references members, operators and providers quote (decision 405): one prefix per kind and one
 * generator. Most kinds are `<prefix>-` and 10 Crockford base-32 characters (50 random bits); exit offers and
 * dividends keep the shape they were first given, `<prefix>-` and 12 upper-case hexadecimal digits (48 random bits),
 * so that every reference of a kind, old or new, reads the same. Certificate numbers (`PCL-<year>-…`) and the SEPA
 * files' message ids draw their random part here too. Other identifiers are different rules and live with their
 * owners: deposit references are ISO 11649 creditor references with a check (@parcelle/shared/deposits), complaint
 * references are numbered by a database sequence (complaints/schema.ts).
 */
export const REFERENCES = {
  purchase: { prefix: 'PA', shape: 'crockford' },
  withdrawal: { prefix: 'WD', shape: 'crockford' },
  listing: { prefix: 'LS', shape: 'crockford' },
  bid: { prefix: 'BD', shape: 'crockford' },
  trade: { prefix: 'TR', shape: 'crockford' },
  exitOffer: { prefix: 'EX', shape: 'hex' },
  dividend: { prefix: 'DV', shape: 'hex' },
} as const satisfies Record<string, { prefix: string; shape: 'crockford' | 'hex' }>;

export type ReferenceKind = keyof typeof REFERENCES;

/** Characters of a Crockford reference's random part: 10 × 5 bits = 50 bits. */
export const CROCKFORD_LENGTH = 10;
/** Random bytes of a hexadecimal reference: 6 bytes = 12 digits = 48 bits. */
export const HEX_BYTES = 6;

/** A source of random bytes: the operating system's, or a fixed one in tests. */
export type RandomSource = (size: number) => Uint8Array;

/**
 * `length` Crockford base-32 characters, one random byte each: 256 is a multiple of 32, so keeping a byte's low five
 * bits makes every character equally likely.
 */
export function randomCrockford(length: number, random: RandomSource = randomBytes): string {
  let text = '';
  for (const byte of random(length)) text += CROCKFORD_ALPHABET[byte & 31];
  return text;
}

/** `size` random bytes as upper-case hexadecimal digits (two per byte). */
export function randomHex(size: number, random: RandomSource = randomBytes): string {
  return Buffer.from(random(size)).toString('hex').toUpperCase();
}

/** A new reference of a kind: its prefix, a dash and its random part (`PA-7K3M9QX2VA`, `EX-1F0A9C22B7E4`). */
export function newReference(kind: ReferenceKind, random: RandomSource = randomBytes): string {
  const { prefix, shape } = REFERENCES[kind];
  return `${prefix}-${shape === 'crockford' ? randomCrockford(CROCKFORD_LENGTH, random) : randomHex(HEX_BYTES, random)}`;
}

/** Whether a reference was made for that kind (its prefix). */
export function isReferenceOf(kind: ReferenceKind, reference: string): boolean {
  return reference.startsWith(`${REFERENCES[kind].prefix}-`);
}
