import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jaroWinkler, nameTokens, normaliseName, tokenKey } from './normalise';
import { nameSimilarity } from './rules';

/** Issue 29: names compared whatever their case, accents, script, punctuation and word order. */
describe('normaliseName', () => {
  it('removes case, diacritics and punctuation, and transliterates to Latin', () => {
    expect(normaliseName('Radomír KOVÁŘÍK')).toBe('radomir kovarik');
    expect(normaliseName('Şükrü ÇELİKKAYA')).toBe('sukru celikkaya');
    expect(normaliseName('Ansgar ØVERBY-LINDQVIST')).toBe('ansgar overby lindqvist');
    expect(normaliseName('Łukasz Żółć')).toBe('lukasz zolc');
    expect(normaliseName("O'Brien, Seán")).toBe('obrien sean');
    expect(normaliseName('D’Souza-Pereira')).toBe('dsouza pereira');
    expect(normaliseName('Иван Петров')).toBe('ivan petrov');
    // Cyrillic keeps its own letters until transliterated: й is y, not i with a breve dropped.
    expect(normaliseName('Юрий')).toBe('yuriy');
    expect(normaliseName('Σπυρίδων Καλογεράκης')).toBe('spyridon kalogerakis');
    expect(normaliseName('Ольга Щукина')).toBe('olga shchukina');
    // Every script ends in letters, never in nothing.
    expect(normaliseName('שלום כהן')).toBe('slvm khhn');
    expect(normaliseName('Բարեւ')).toBe('barew');
    expect(normaliseName('ﬁnn　ＭＵＬＬＥＲ')).toBe('finn muller');
    expect(normaliseName('…—!')).toBe('');
  });

  it('is idempotent: a normalised name normalises to itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        const once = normaliseName(name);
        expect(normaliseName(once)).toBe(once);
      }),
    );
  });

  it('yields only lower-case ASCII letters and digits separated by single spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        expect(normaliseName(name)).toMatch(/^([a-z0-9]+( [a-z0-9]+)*)?$/);
      }),
    );
  });

  it('ignores diacritics: accents added to a Latin name change nothing', () => {
    const marks = ['\u0301', '\u0300', '\u0302', '\u0308', '\u030c', '\u0327', '\u0328', '\u0303', '\u030a'];
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ'), fc.subarray(marks)),
          {
            maxLength: 30,
          },
        ),
        (letters) => {
          const plain = letters.map(([letter]) => letter).join('');
          const accented = letters
            .map(([letter, added]) => (letter === ' ' ? letter : letter + added.join('')))
            .join('')
            .normalize('NFC');
          expect(normaliseName(accented)).toBe(normaliseName(plain));
        },
      ),
    );
  });

  it('ignores case', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 30 }), (name) => {
        expect(normaliseName(name.toUpperCase())).toBe(normaliseName(name.toLowerCase()));
      }),
    );
  });
});

const word = fc.stringMatching(/^[A-Za-zÀ-ÿ]{1,10}$/);

describe('word order', () => {
  it('tokenKey and the name similarity are the same for the words in any order', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 5 }),
        fc.array(word, { minLength: 1, maxLength: 5 }),
        (a, b) => {
          const shuffled = [...a].reverse();
          expect(tokenKey(shuffled.join(' '))).toBe(tokenKey(a.join(' ')));
          const similarity = nameSimilarity(nameTokens(a.join(' ')), nameTokens(b.join(' ')));
          expect(nameSimilarity(nameTokens(shuffled.join(' ')), nameTokens(b.join(' ')))).toBe(similarity);
          expect(nameSimilarity(nameTokens(b.join(' ')), nameTokens(a.join(' ')))).toBeCloseTo(similarity, 12);
        },
      ),
    );
  });

  it('a name is fully similar to itself, in any order, and similarity stays within 0–1', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 2, maxLength: 5 }),
        fc.array(word, { minLength: 1, maxLength: 5 }),
        (a, b) => {
          const tokens = nameTokens(a.join(' '));
          fc.pre(new Set(tokens).size >= 2);
          expect(nameSimilarity(tokens, [...tokens].reverse())).toBe(1);
          const similarity = nameSimilarity(tokens, nameTokens(b.join(' ')));
          expect(similarity).toBeGreaterThanOrEqual(0);
          expect(similarity).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('jaroWinkler', () => {
  it('gives the published values of Winkler’s examples', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 3);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('', '')).toBe(1);
    expect(jaroWinkler('a', '')).toBe(0);
  });

  it('is symmetric and within 0–1', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const s = jaroWinkler(a, b);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
        expect(jaroWinkler(b, a)).toBeCloseTo(s, 12);
      }),
    );
  });
});
