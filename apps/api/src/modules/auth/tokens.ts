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

/** Verifies an access token; the 401 texts are the ones clients react to (spec §8). */
export async function verifyAccessToken(token: string, config: AppConfig): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, {
      algorithms: ['HS256'],
      issuer: 'parcelle',
      audience: 'parcelle-api',
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw unauthorized('InvalidToken');
    return { userId: payload.sub, sessionId: payload.sid };
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
