import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditorReference,
  creditorReferenceValid,
  DEPOSIT_REFERENCE_ALPHABET,
  DEPOSIT_REFERENCE_LENGTH,
  findDepositReference,
  formatCreditorReference,
  referenceBody,
} from './deposits';

const body = fc
  .array(fc.constantFrom(...DEPOSIT_REFERENCE_ALPHABET), { minLength: 12, maxLength: 12 })
  .map((chars) => chars.join(''));

describe('deposit references (ISO 11649)', () => {
  it('prepends RF and check digits that validate (a known reference from the standard’s examples)', () => {
    // ISO 11649's example: the body "539007547034" gives RF18 5390 0754 7034.
    expect(creditorReferenceValid('RF18 5390 0754 7034')).toBe(true);
    expect(creditorReferenceValid('RF18 5390 0754 7035')).toBe(false);
    const reference = creditorReference('539007547035');
    expect(reference).toMatch(/^RF\d{2}539007547035$/);
    expect(reference).toHaveLength(DEPOSIT_REFERENCE_LENGTH);
    expect(creditorReferenceValid(reference)).toBe(true);
  });

  it('refuses a body outside the alphabet or of the wrong length', () => {
    expect(() => creditorReference('53900754703A')).toThrow(RangeError);
    expect(() => creditorReference('5390')).toThrow(RangeError);
  });

  it('catches every single-character substitution in the body', () => {
    fc.assert(
      fc.property(body, fc.nat(11), fc.constantFrom(...DEPOSIT_REFERENCE_ALPHABET), (value, at, symbol) => {
        fc.pre(value[at] !== symbol);
        const reference = creditorReference(value);
        const typo = reference.slice(0, 4 + at) + symbol + reference.slice(5 + at);
        expect(creditorReferenceValid(typo)).toBe(false);
      }),
    );
  });

  it('catches every swap of two neighbouring digits of the body', () => {
    fc.assert(
      fc.property(body, fc.nat(10), (value, at) => {
        fc.pre(value[at] !== value[at + 1]);
        const reference = creditorReference(value);
        const i = 4 + at;
        const swapped = reference.slice(0, i) + reference[i + 1] + reference[i] + reference.slice(i + 2);
        expect(creditorReferenceValid(swapped)).toBe(false);
      }),
    );
  });

  it('draws bodies of the alphabet only, unbiased by rejection', () => {
    let calls = 0;
    // The first draw offers bytes past the rejection limit (250..255): they are skipped, not folded in.
    const random = (size: number) => {
      calls++;
      return Uint8Array.from({ length: size }, (_, index) => (calls === 1 ? 250 + (index % 6) : index));
    };
    const drawn = referenceBody(random);
    expect(drawn).toBe('012345678901');
    expect(calls).toBe(2);
  });

  it('prints groups of four', () => {
    expect(formatCreditorReference('rf18539007547034')).toBe('RF18 5390 0754 7034');
  });

  it('finds the reference inside remittance text, spaced or not, after other words', () => {
    const reference = creditorReference('539007547035');
    expect(findDepositReference(`Virement ${formatCreditorReference(reference)} merci`)).toEqual({
      kind: 'found',
      reference,
    });
    expect(findDepositReference(`REF:${reference.toLowerCase()}/2026`)).toEqual({ kind: 'found', reference });
    expect(findDepositReference('Loyer novembre')).toEqual({ kind: 'none' });
    const typo = `${reference.slice(0, 6)}${reference[6] === '1' ? '2' : '1'}${reference.slice(7)}`;
    expect(findDepositReference(`Virement ${typo}`)).toEqual({ kind: 'invalid', candidate: typo });
  });
});
