import { describe, expect, it } from 'vitest';
import { SEPA_NAME_MAX, sepaName, sepaOwnerProblem } from './sepa-name';

describe('bank account owners in SEPA files (issue 26)', () => {
  it('writes a name in the SEPA Latin set, at most 70 characters', () => {
    expect(sepaName('Zoë O’Brien & Fils <Ltd>')).toBe('Zoe O Brien + Fils Ltd');
    expect(sepaName('Jürgen Straße')).toBe('Jurgen Strasse');
    expect(sepaName('Œuvre Łódź')).toBe('OEuvre Lodz');
    expect(sepaName('A'.repeat(90))).toHaveLength(SEPA_NAME_MAX);
    expect(sepaName('山田太郎')).toBe('');
  });

  it('accepts Latin names with accents and punctuation; refuses a long owner or another script', () => {
    expect(sepaOwnerProblem('Zoë O’Brien & Fils <Ltd>')).toBeNull();
    expect(sepaOwnerProblem(`  ${'A'.repeat(70)}  `)).toBeNull();
    expect(sepaOwnerProblem('A'.repeat(71))).toBe('AccountOwnerTooLong');
    expect(sepaOwnerProblem('山田太郎')).toBe('AccountOwnerNotLatin');
    expect(sepaOwnerProblem('Ivan Иванов')).toBe('AccountOwnerNotLatin');
    expect(sepaOwnerProblem('1234')).toBe('AccountOwnerNotLatin');
  });
});
