import { createHmac, timingSafeEqual } from 'node:crypto';
import { InvalidSignature } from './payments';

/** Seconds a signed event stays acceptable (replays of old events are refused). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A Stripe-style signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signPayload(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

export function verifySignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  now = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new InvalidSignature('missing signature');
  const parts = new Map(header.split(',').map((item) => item.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) throw new InvalidSignature('malformed signature');
  if (Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw new InvalidSignature('signature too old');
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new InvalidSignature('signature mismatch');
}
