import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';
import type { CaptchaVerifier } from './captcha';
import { spendOnce } from './spent';

/** Both providers' tokens live at most 5 minutes (Turnstile 300 s, reCAPTCHA 2 min). */
const TOKEN_TTL_MS = 5 * 60 * 1000;

const ENDPOINTS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

/**
 * reCAPTCHA or Turnstile: both verify a widget token with a POST to the provider's siteverify URL. The providers refuse
 * a token's second verification themselves; the token's hash is also recorded as spent here, so a replay is refused
 * even if a provider let one through.
 */
export class SiteVerifyCaptcha implements CaptchaVerifier {
  constructor(
    private readonly db: Database,
    readonly provider: 'recaptcha' | 'turnstile',
    private readonly secret: string,
  ) {}

  async createChallenge(): Promise<null> {
    return null;
  }

  async verify(value: string, remoteIp?: string): Promise<boolean> {
    const body = new URLSearchParams({ secret: this.secret, response: value });
    if (remoteIp) body.set('remoteip', remoteIp);
    try {
      const response = await fetch(ENDPOINTS[this.provider], {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(5000),
      });
      const result = (await response.json()) as { success?: boolean };
      if (result.success !== true) return false;
    } catch {
      return false;
    }
    const key = `${this.provider}:${createHash('sha256').update(value).digest('hex')}`;
    return spendOnce(this.db, key, new Date(Date.now() + TOKEN_TTL_MS));
  }
}
