import { CROCKFORD_ALPHABET } from '@parcelle/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newReference, REFERENCES, type ReferenceKind, randomCrockford, randomHex } from './references';

const KINDS = Object.keys(REFERENCES) as ReferenceKind[];

/** The shapes references have had since they were first given: every stored one, and every new one, matches. */
const SHAPES: Record<ReferenceKind, RegExp> = {
  purchase: /^PA-[0-9A-HJKMNP-TV-Z]{10}$/,
  withdrawal: /^WD-[0-9A-HJKMNP-TV-Z]{10}$/,
  listing: /^LS-[0-9A-HJKMNP-TV-Z]{10}$/,
  bid: /^BD-[0-9A-HJKMNP-TV-Z]{10}$/,
  trade: /^TR-[0-9A-HJKMNP-TV-Z]{10}$/,
  exitOffer: /^EX-[0-9A-F]{12}$/,
  dividend: /^DV-[0-9A-F]{12}$/,
};

/** A random source replaying fixed bytes (fast-check's), so a property sees every byte value. */
function replaying(bytes: readonly number[]) {
  return (size: number) => Uint8Array.from({ length: size }, (_, index) => bytes[index % bytes.length] ?? 0);
}

describe('references', () => {
  it('have one prefix per kind', () => {
    const prefixes = KINDS.map((kind) => REFERENCES[kind].prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it('keep the shape each kind was first given, whatever the random bytes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KINDS),
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1 }),
        (kind, bytes) => {
          expect(newReference(kind, replaying(bytes))).toMatch(SHAPES[kind]);
        },
      ),
    );
  });

  it('read the same bytes as the copies they replace did (byte % 32 into Crockford, upper-case hex)', () => {
    const bytes = [0, 31, 32, 255, 10, 17, 18, 20, 26, 27];
    expect(newReference('purchase', replaying(bytes))).toBe('PA-0Z0ZAHJMTV');
    expect(newReference('trade', replaying(bytes))).toBe('TR-0Z0ZAHJMTV');
    expect(newReference('dividend', replaying(bytes))).toBe('DV-001F20FF0A11');
    expect(randomHex(3, replaying([171, 205, 239]))).toBe('ABCDEF');
  });

  it('draw every Crockford character, and no other', () => {
    const all = randomCrockford(256, replaying(Array.from({ length: 256 }, (_, byte) => byte)));
    expect(new Set(all)).toEqual(new Set(CROCKFORD_ALPHABET));
    expect(all).not.toMatch(/[ILOU]/);
    // 256 bytes onto 32 characters: each character exactly 8 times, none favoured.
    for (const character of CROCKFORD_ALPHABET) expect(all.split(character).length - 1).toBe(8);
  });

  it('do not repeat from the operating system’s random source', () => {
    for (const kind of KINDS) {
      const drawn = Array.from({ length: 2000 }, () => newReference(kind));
      expect(new Set(drawn).size).toBe(drawn.length);
      for (const reference of drawn) expect(reference).toMatch(SHAPES[kind]);
    }
  });
});
