/**
 * ALTCHA proof of work, solved in the browser. Two challenge formats exist:
 * - v2 (`{parameters: {algorithm, nonce, salt, cost, keyPrefix…}, signature}`, what altcha-lib 2 creates):
 *   solved with the `altcha` package's own solver; the answer is `{challenge, solution}`.
 * - v1 (`{algorithm, challenge, salt, signature, maxnumber}`): find n with hex(SHA(salt + n)) === challenge;
 *   the answer is `{algorithm, challenge, number, salt, signature}`.
 * Either answer is sent base64-encoded JSON.
 */
export type PowChallengeV1 = {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
  maxNumber?: number;
};

export type PowChallengeV2 = {
  parameters: { algorithm: string; nonce: string; salt: string; cost: number; keyLength: number; keyPrefix: string };
  signature?: string;
};

export type PowChallenge = PowChallengeV1 | PowChallengeV2;

export function isChallengeV2(value: unknown): value is PowChallengeV2 {
  const parameters = (value as PowChallengeV2 | null)?.parameters;
  return (
    !!parameters &&
    typeof parameters.algorithm === 'string' &&
    typeof parameters.nonce === 'string' &&
    typeof parameters.salt === 'string' &&
    typeof parameters.keyPrefix === 'string'
  );
}

export function isChallengeV1(value: unknown): value is PowChallengeV1 {
  const candidate = value as PowChallengeV1 | null;
  return (
    !!candidate &&
    typeof candidate.algorithm === 'string' &&
    typeof candidate.challenge === 'string' &&
    typeof candidate.salt === 'string' &&
    typeof candidate.signature === 'string'
  );
}

const DEFAULT_MAX_NUMBER = 1_000_000;
const BATCH = 256;

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function base64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
}

/** v1: finds n in [0, maxnumber] with hex(hash(salt + n)) === challenge; null when none. */
export async function solveV1(challenge: PowChallengeV1, signal?: AbortSignal): Promise<number | null> {
  const encoder = new TextEncoder();
  const target = challenge.challenge.toLowerCase();
  const max = challenge.maxnumber ?? challenge.maxNumber ?? DEFAULT_MAX_NUMBER;
  const hash = async (text: string) => toHex(await crypto.subtle.digest(challenge.algorithm, encoder.encode(text)));
  for (let start = 0; start <= max; start += BATCH) {
    if (signal?.aborted) return null;
    const numbers = Array.from({ length: Math.min(BATCH, max - start + 1) }, (_, index) => start + index);
    const digests = await Promise.all(numbers.map((n) => hash(`${challenge.salt}${n}`)));
    const found = digests.indexOf(target);
    if (found >= 0) return start + found;
  }
  return null;
}

export function encodeV1(challenge: PowChallengeV1, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return base64Json({ algorithm, challenge: challenge.challenge, number, salt, signature });
}

/** v2: the `altcha` package's solver (loaded on demand, so pages without the captcha never fetch it). */
export async function solveV2(challenge: PowChallengeV2, signal?: AbortSignal): Promise<string | null> {
  const { solveChallenge, sha } = await import('altcha/lib');
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey: sha.deriveKey, controller });
  return solution ? base64Json({ challenge, solution }) : null;
}

/** Solves either format and returns the `captchaValue` to send, or null. */
export async function solveCaptcha(challenge: unknown, signal?: AbortSignal): Promise<string | null> {
  if (isChallengeV2(challenge)) return solveV2(challenge, signal);
  if (isChallengeV1(challenge)) {
    const number = await solveV1(challenge, signal);
    return number === null ? null : encodeV1(challenge, number);
  }
  return null;
}
