import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { MessageKey } from '../i18n/messages';

/**
 * IBANs are checked with `ibantools` (maintained, per-country length and BBAN format tables) on top of
 * the ISO 13616 mod-97 checksum, which is also computed here so the rule is visible and tested.
 */

/** The electronic form of an IBAN: no spaces or dashes, upper case ("FR76 3000…" → "FR763000…"). */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? value.replace(/[\s-]/g, '').toUpperCase();
}

/** ISO 7064 mod 97-10 over the rearranged IBAN: a valid IBAN leaves remainder 1. */
export function ibanChecksumValid(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Null when the IBAN is valid (checksum, country, length and format), else the catalogue key. */
export function ibanProblem(value: string): MessageKey | null {
  const iban = normalizeIban(value);
  if (iban.length === 0) return 'RequiredField';
  return ibanChecksumValid(iban) && isValidIBAN(iban) ? null : 'IbanInvalid';
}

/** The last four characters, the only part of an IBAN ever shown back. */
export function ibanLast4(value: string): string {
  return normalizeIban(value).slice(-4);
}
