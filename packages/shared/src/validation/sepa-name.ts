import type { MessageKey } from '../i18n/messages';

/** The longest name a SEPA credit transfer carries (`Nm`, Max70Text). */
export const SEPA_NAME_MAX = 70;

/** Letters the SEPA Latin set lacks that have a usual Latin spelling (NFKD does not decompose them). */
const SPELLED: Record<string, string> = { ß: 'ss', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', Ø: 'O', ø: 'o', Ł: 'L', ł: 'l' };

/** Accents dropped and the letters above spelled out: what a bank's SEPA Latin set can show of a Latin name. */
function latinLetters(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßÆæŒœØøŁł]/g, (letter) => SPELLED[letter] ?? letter);
}

/**
 * A name in the SEPA Latin character set (EPC guidelines: a–z, A–Z, 0–9 and / - ? : ( ) . , ' + space), at most 70
 * characters: accents dropped (Zoë → Zoe, ß → ss), & written +, anything else a space, spaces collapsed. Empty when
 * nothing of the name is left (the row cannot be exported).
 */
export function sepaName(name: string): string {
  return latinLetters(name)
    .replaceAll('&', '+')
    .replace(/[^a-zA-Z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEPA_NAME_MAX)
    .trim();
}

/**
 * Null when a bank account's owner can travel in a SEPA file as written (issue 26): at most 70 characters, and every
 * letter a Latin one once accents are dropped (a name in another script would reach the bank as blanks). Punctuation
 * outside the set (`<`, `&`, `’`) is allowed: the export writes it as the set allows.
 */
export function sepaOwnerProblem(owner: string): MessageKey | null {
  const name = owner.trim();
  if (name.length > SEPA_NAME_MAX) return 'AccountOwnerTooLong';
  const letters = latinLetters(name).match(/\p{L}/gu) ?? [];
  if (letters.length === 0 || letters.some((letter) => !/[a-zA-Z]/.test(letter))) return 'AccountOwnerNotLatin';
  return null;
}
