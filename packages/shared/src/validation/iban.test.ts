import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ibanChecksumValid, ibanLast4, ibanProblem, normalizeIban } from './iban';

const VALID = [
  'FR76 3000 6000 0112 3456 7890 189',
  'DE89 3704 0044 0532 0130 00',
  'GB82 WEST 1234 5698 7654 32',
  'BE68 5390 0754 7034',
  'NL91 ABNA 0417 1643 00',
  'ES91 2100 0418 4502 0005 1332',
  'CH93 0076 2011 6238 5295 7',
];

describe('IBAN', () => {
  it.each(VALID)('accepts %s', (iban) => {
    expect(ibanProblem(iban)).toBeNull();
    expect(ibanChecksumValid(iban)).toBe(true);
  });

  it('normalises spaces, dashes and case', () => {
    expect(normalizeIban(' fr76-3000 6000 0112 3456 7890 189 ')).toBe('FR7630006000011234567890189');
    expect(ibanProblem('fr7630006000011234567890189')).toBeNull();
    expect(ibanLast4('FR76 3000 6000 0112 3456 7890 189')).toBe('0189');
  });

  it('refuses a wrong checksum, a wrong length for the country, an unknown country and blanks', () => {
    expect(ibanProblem('FR76 3000 6000 0112 3456 7890 188')).toBe('IbanInvalid');
    expect(ibanProblem('FR76 3000 6000 0112 3456 7890 18')).toBe('IbanInvalid');
    expect(ibanProblem('DE89 3704 0044 0532 0130 000')).toBe('IbanInvalid');
    expect(ibanProblem('ZZ12 3456 7890')).toBe('IbanInvalid');
    expect(ibanProblem('not an iban')).toBe('IbanInvalid');
    expect(ibanProblem('   ')).toBe('RequiredField');
  });

  it('detects every single-character substitution in a valid IBAN (mod 97 property)', () => {
    const iban = normalizeIban(VALID[1] ?? '');
    fc.assert(
      fc.property(fc.integer({ min: 4, max: iban.length - 1 }), fc.integer({ min: 0, max: 9 }), (index, digit) => {
        const changed = `${iban.slice(0, index)}${digit}${iban.slice(index + 1)}`;
        fc.pre(changed !== iban);
        expect(ibanChecksumValid(changed)).toBe(false);
      }),
    );
  });
});
