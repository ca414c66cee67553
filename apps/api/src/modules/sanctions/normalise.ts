import anyAscii from 'any-ascii';

/**
 * Names as the screening compares them (issue 29, decision 241). Every name, the member's and the list's, goes
 * through the same steps:
 *
 * 1. Unicode compatibility form (NFKC), so ligatures, full-width and other look-alike forms become plain letters.
 * 2. Diacritics removed from Latin letters only (NFKD, then the combining marks after a Latin base dropped, then
 *    NFC again): `Müller` → `Muller`, `Łukasz` stays for step 3, while Cyrillic `й` keeps its breve so that step 3
 *    reads it as `y` (`Юрий` → `Yuriy`, not `Yurii`).
 * 3. Transliteration to Latin ASCII (`any-ascii`, every script): Cyrillic as the EU list spells it in Latin
 *    (`Щукина` → `Shchukina`), Greek, Arabic, Hebrew, Armenian, Georgian, CJK, … and the Latin letters that have no
 *    decomposition (`Ł`, `Ø`, `ß`, `Đ`). No name is ever reduced to nothing for being in another script.
 * 4. Lower case; apostrophes dropped (`O'Brien` → `obrien`, and the soft sign that transliterates as one:
 *    `Ольга` → `Ol'ga` → `olga`); every other character that is not a letter or a digit (hyphens, commas, dots)
 *    becomes a space.
 * 5. Tokens: the words, in their order (`tokens`) and as a sorted set (`tokenKey`), so word order does not matter.
 */
export function normaliseName(name: string): string {
  const latinPlain = name
    .normalize('NFKC')
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC');
  return anyAscii(latinPlain)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['`]+/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words of a name, normalised, in order (empty for a name with no letters). */
export function nameTokens(name: string): string[] {
  const normalised = normaliseName(name);
  return normalised === '' ? [] : normalised.split(' ');
}

/** The name as a set of words: sorted, each once, joined by spaces. Equal for the same words in any order. */
export function tokenKey(name: string): string {
  return [...new Set(nameTokens(name))].sort().join(' ');
}

/**
 * Jaro-Winkler similarity of two strings, 0 (nothing in common) to 1 (equal). Jaro counts the characters the two
 * share within a window of half the longer length, and the transpositions among them; Winkler adds a bonus for a
 * common prefix of up to 4 characters (scale 0.1), as names differ more often at their end than at their start.
 * Reference: W. E. Winkler, "String Comparator Metrics and Enhanced Decision Rules in the Fellegi-Sunter Model of
 * Record Linkage" (1990). Written here (30 lines) rather than taken from an unmaintained package.
 */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched = flags(0, a.length);
  const bMatched = flags(1, b.length);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (bMatched[j] || a[i] !== b[j]) continue;
      aMatched[i] = 1;
      bMatched[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[k]) k++;
    if (a[i] !== b[k]) transpositions++;
    k++;
  }
  const m = matches;
  const jaro = (m / a.length + m / b.length + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < Math.min(4, a.length, b.length) && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Two scratch arrays reused by every call (screening compares hundreds of thousands of words): cleared, not made. */
const scratch = [new Uint8Array(64), new Uint8Array(64)];
function flags(which: 0 | 1, length: number): Uint8Array {
  if ((scratch[which] as Uint8Array).length < length) scratch[which] = new Uint8Array(length * 2);
  const array = scratch[which] as Uint8Array;
  array.fill(0, 0, length);
  return array;
}
