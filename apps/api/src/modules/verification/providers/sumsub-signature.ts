import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Sumsub's two HMAC schemes (issue 29, decision 291), kept apart from the HTTP code so the adapter, its webhook route
 * and its local stub share one implementation.
 *
 * - Requests to its API: `X-App-Access-Sig` = hex HMAC-SHA256, keyed with the secret key, of the Unix time in seconds
 *   (`X-App-Access-Ts`), the method in capitals, the path with its query, and the body bytes, concatenated.
 * - Webhooks: `X-Payload-Digest` = hex HMAC of the raw body keyed with the webhook's secret, the algorithm named by
 *   `X-Payload-Digest-Alg`. Only HMAC_SHA256_HEX and HMAC_SHA512_HEX are accepted (Sumsub also offers SHA-1: refused).
 */
export function signRequest(secretKey: string, ts: number, method: string, pathWithQuery: string, body = ''): string {
  return createHmac('sha256', secretKey)
    .update(`${ts}${method.toUpperCase()}${pathWithQuery}`)
    .update(body)
    .digest('hex');
}

const WEBHOOK_ALGORITHMS = { HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' } as const;
export type WebhookAlgorithm = keyof typeof WEBHOOK_ALGORITHMS;

/** The digest Sumsub sends with a webhook (also what its local stub and the tests sign with). */
export function webhookDigest(secret: string, rawBody: Buffer | string, algorithm: WebhookAlgorithm): string {
  return createHmac(WEBHOOK_ALGORITHMS[algorithm], secret).update(rawBody).digest('hex');
}

export class WebhookSignatureError extends Error {
  constructor(reason: string) {
    super(`webhook signature refused: ${reason}`);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * Checks a webhook on its raw bytes, before anything reads them: the algorithm must be one accepted, the digest hex of
 * that algorithm's length, and equal to ours in constant time. Throws WebhookSignatureError otherwise.
 */
export function verifyWebhookDigest(
  secret: string,
  rawBody: Buffer,
  digest: string | undefined,
  algorithm: string | undefined,
): void {
  if (!digest) throw new WebhookSignatureError('missing X-Payload-Digest');
  if (!algorithm || !Object.hasOwn(WEBHOOK_ALGORITHMS, algorithm)) {
    throw new WebhookSignatureError(`algorithm ${algorithm ?? '(none)'} not accepted`);
  }
  const expected = Buffer.from(webhookDigest(secret, rawBody, algorithm as WebhookAlgorithm), 'hex');
  const given = /^[0-9a-f]+$/i.test(digest) ? Buffer.from(digest, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new WebhookSignatureError('digest mismatch');
  }
}

/** The key a stored event is de-duplicated on: SHA-256 of its raw body (Sumsub's events carry no id of their own). */
export function eventKey(rawBody: Buffer): string {
  return createHash('sha256').update(rawBody).digest('hex');
}
