import { generate, validate } from 'node-iso11649';

/**
 * Deposits by SEPA bank transfer (issue 31). Each member has one stable personal reference, an ISO 11649 "RF"
 * creditor reference: "RF", two check digits (ISO 7064 mod 97-10, computed and checked by `node-iso11649`), then a
 * body that names the member. A member types it into their bank's "reference" field; a typo fails the check digits,
 * so a mistyped reference is never matched to another member (the transfer waits in the operators' queue instead).
 */

/**
 * The body is 12 digits. Digits only: over digits, ISO 7064 mod 97-10 catches every single wrong character and every
 * swap of two neighbours; a letter is read as two digits (A = 10), and a letter typed for a digit can then slip through
 * (a property test found "B" for "4"). Digits are also what a phone's banking app offers first.
 */
export const DEPOSIT_REFERENCE_ALPHABET = '0123456789';
export const DEPOSIT_REFERENCE_BODY_LENGTH = 12;
/** "RF" + 2 check digits + the body. */
export const DEPOSIT_REFERENCE_LENGTH = 4 + DEPOSIT_REFERENCE_BODY_LENGTH;

/** The creditor reference of a body (electronic form, no spaces): "RF" and its check digits prepended. */
export function creditorReference(body: string): string {
  if (!new RegExp(`^[${DEPOSIT_REFERENCE_ALPHABET}]{${DEPOSIT_REFERENCE_BODY_LENGTH}}$`).test(body)) {
    throw new RangeError(`not a deposit reference body: "${body}"`);
  }
  return generate({ reference: body });
}

/** A new random body from `random` bytes (one byte per symbol, rejection-sampled so every symbol is equally likely). */
export function referenceBody(random: (size: number) => Uint8Array): string {
  const limit = 256 - (256 % DEPOSIT_REFERENCE_ALPHABET.length);
  let body = '';
  while (body.length < DEPOSIT_REFERENCE_BODY_LENGTH) {
    for (const byte of random(DEPOSIT_REFERENCE_BODY_LENGTH)) {
      if (byte < limit && body.length < DEPOSIT_REFERENCE_BODY_LENGTH) {
        body += DEPOSIT_REFERENCE_ALPHABET[byte % DEPOSIT_REFERENCE_ALPHABET.length];
      }
    }
  }
  return body;
}

/** Whether a reference's check digits are right ("RF18 …" with or without spaces, any case). */
export function creditorReferenceValid(reference: string): boolean {
  return validate(reference.replace(/\s+/g, '').toUpperCase());
}

/** The reference as printed for people: groups of four ("RF18 5390 0754 7034"). */
export function formatCreditorReference(reference: string): string {
  return (
    reference
      .replace(/\s+/g, '')
      .toUpperCase()
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/** What the remittance information of a transfer says about its reference. */
export type ReferenceSearch =
  | { kind: 'found'; reference: string }
  | { kind: 'invalid'; candidate: string }
  | { kind: 'none' };

/**
 * Finds a deposit reference in the free text of a transfer's remittance information (banks keep it, sometimes split
 * by spaces or line breaks, sometimes after other words: "Virement RF18 5390 0754 7034 merci"). Spaces are dropped,
 * then every "RF" + 2 digits + a body of the right length is tried: the first whose check digits hold is the
 * reference. One that looks like ours but fails them is reported as invalid (a typo), so the queue can say so.
 */
export function findDepositReference(text: string): ReferenceSearch {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const pattern = new RegExp(`RF\\d{2}[0-9A-Z]{${DEPOSIT_REFERENCE_BODY_LENGTH}}`, 'g');
  let invalid: string | null = null;
  for (let index = compact.indexOf('RF'); index !== -1; index = compact.indexOf('RF', index + 1)) {
    pattern.lastIndex = index;
    const match = pattern.exec(compact);
    if (!match || match.index !== index) continue;
    if (creditorReferenceValid(match[0])) return { kind: 'found', reference: match[0] };
    invalid ??= match[0];
  }
  return invalid ? { kind: 'invalid', candidate: invalid } : { kind: 'none' };
}
