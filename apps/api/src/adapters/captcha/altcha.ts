import type { Challenge, Solution } from 'altcha-lib';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Database } from '../../db/client';
import type { CaptchaVerifier } from './captcha';
import { spendOnce } from './spent';

const CHALLENGE_TTL_SECONDS = 10 * 60;

type AltchaPayload = { challenge: Challenge; solution: Solution };

/**
 * Self-hosted proof of work (ALTCHA v2): the server signs a challenge, the page finds the counter
 * whose derived key starts with the prefix, and the server checks the signature, the expiry and the
 * work. Each solved challenge is accepted once (its signature is remembered until it expires).
 */
export class AltchaVerifier implements CaptchaVerifier {
  readonly provider = 'altcha' as const;

  constructor(
    private readonly db: Database,
    private readonly secret: string,
    private readonly cost: number,
  ) {}

  createChallenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: Math.floor(Math.random() * this.cost),
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
      hmacSignatureSecret: this.secret,
    });
  }

  async verify(value: string): Promise<boolean> {
    const payload = decodePayload(value);
    if (!payload?.challenge?.signature) return false;
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.secret,
    }).catch(() => null);
    if (!result?.verified) return false;
    const expiresAt = (payload.challenge.parameters.expiresAt ?? Date.now() / 1000 + CHALLENGE_TTL_SECONDS) * 1000;
    return spendOnce(this.db, payload.challenge.signature, new Date(expiresAt));
  }
}

function decodePayload(value: string): AltchaPayload | null {
  try {
    const json = value.trim().startsWith('{') ? value : Buffer.from(value, 'base64').toString('utf8');
    const parsed = JSON.parse(json) as AltchaPayload;
    return parsed && typeof parsed === 'object' && parsed.challenge && parsed.solution ? parsed : null;
  } catch {
    return null;
  }
}
