import type { CaptchaVerifier } from './captcha';

const ENDPOINTS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

/** reCAPTCHA or Turnstile: both verify a widget token with a POST to the provider's siteverify URL. */
export class SiteVerifyCaptcha implements CaptchaVerifier {
  constructor(
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
      return result.success === true;
    } catch {
      return false;
    }
  }
}
