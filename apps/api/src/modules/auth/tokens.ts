import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AppConfig } from '../../config';
import { unauthorized } from '../../http/errors';

export type AccessClaims = { userId: string; sessionId: string };

export async function signAccessToken(claims: AccessClaims, config: AppConfig): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setIssuer('parcelle')
    .setAudience('parcelle-api')
    .setExpirationTime(`${config.accessTokenTtlSeconds}s`)
    .sign(config.jwtSecret);
}

/** How many verified access tokens each secret keeps (decision 486): about a day of one process's members. */
export const VERIFIED_TOKENS_MAX = 10_000;

type Verified = { claims: AccessClaims; exp: number };

/**
 * The access tokens this process already verified, by their exact text, per signing secret (decision 486): the
 * signature and the claims of the same bytes cannot change, so until the token's `exp` verifying it again can only
 * answer the same claims. A token past its `exp` is verified again (and refused as expired, as jose says). Whether
 * its session is still open and its account still active is not a property of the token: `authenticate` reads both
 * on every request, cached token or not, so a sign-out or a disabled account takes effect at once as before. Bounded:
 * the oldest entry goes when a new one would pass `VERIFIED_TOKENS_MAX`.
 */
const verifiedBySecret = new WeakMap<Uint8Array, Map<string, Verified>>();

function verifiedTokens(config: AppConfig): Map<string, Verified> {
  let verified = verifiedBySecret.get(config.jwtSecret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(config.jwtSecret, verified);
  }
  return verified;
}

/** Verified tokens kept for `config`'s secret (tests). */
export const verifiedTokenCount = (config: AppConfig) => verifiedTokens(config).size;

/** Verifies an access token; the 401 texts are the ones clients react to (spec §8). */
export async function verifyAccessToken(token: string, config: AppConfig): Promise<AccessClaims> {
  const verified = verifiedTokens(config);
  const known = verified.get(token);
  // jose's own test: a token is expired from the second its `exp` names (no clock tolerance).
  if (known && known.exp > Math.floor(Date.now() / 1000)) return known.claims;
  if (known) verified.delete(token);
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, {
      algorithms: ['HS256'],
      issuer: 'parcelle',
      audience: 'parcelle-api',
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw unauthorized('InvalidToken');
    const claims = { userId: payload.sub, sessionId: payload.sid };
    // Every access token this app signs has an `exp`; one without is verified each time rather than kept forever.
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value as string);
      verified.set(token, { claims, exp: payload.exp });
    }
    return claims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw unauthorized('JwtTokenExpired');
    throw unauthorized('InvalidToken');
  }
}

/** An opaque random token (refresh tokens, reset links): 256 bits, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque tokens are high-entropy, so a plain SHA-256 is enough to store them. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Six-digit codes have little entropy: keyed with the server secret so a leaked table cannot be brute-forced offline. */
export function hmac(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function newNumericCode(length: number): string {
  return Array.from({ length }, () => randomInt(0, 10)).join('');
}
