import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type CspSettings, contentSecurityPolicy, crossOriginOpenerPolicy, cspDirectives, cspNonceOf } from './csp';

const base: CspSettings = { captcha: { provider: 'altcha' }, social: { google: null, microsoft: null } };
const withGoogle: CspSettings = { ...base, social: { google: { clientId: 'g.apps.googleusercontent.com' } } };
const withMicrosoft: CspSettings = { ...base, social: { microsoft: { clientId: '0000-ms' } } };
const withTurnstile: CspSettings = { ...base, captcha: { provider: 'turnstile' } };
const withRecaptcha: CspSettings = { ...base, captcha: { provider: 'recaptcha' } };
const withStripe: CspSettings = { ...base, payments: { stripe: { publishableKey: 'pk_test_123' }, paypal: null } };
const withPaypal: CspSettings = { ...base, payments: { stripe: null, paypal: { clientId: 'paypal-client' } } };

/** Every host (https://…) a policy names, whatever the directive. */
function hostsOf(directives: Record<string, string[]>): string[] {
  return [...new Set(Object.values(directives).flatMap((values) => values.filter((v) => v.startsWith('https://'))))];
}

/** Directive → its third-party sources only. */
function thirdPartyOf(directives: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(directives)
      .map(([name, values]) => [name, values.filter((value) => value.startsWith('https://'))] as const)
      .filter(([, values]) => values.length > 0),
  );
}

/** The policy without the named directives. */
function omit(directives: Record<string, string[]>, names: string[]): Record<string, string[]> {
  return Object.fromEntries(Object.entries(directives).filter(([name]) => !names.includes(name)));
}

describe('content security policy', () => {
  it('keeps the strict defaults and names no third-party host when nothing is configured', () => {
    const hash = "'sha256-abc='";
    const directives = cspDirectives(base, [hash]);
    expect(hostsOf(directives)).toEqual([]);
    expect(directives).toEqual({
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", hash],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    });
  });

  it('names a fresh nonce per answer among the script sources, and the same one for the page of that answer', () => {
    const { directives } = contentSecurityPolicy(base);
    const [self, nonce, ...others] = directives.scriptSrc ?? [];
    expect(self).toBe("'self'");
    expect(others).toEqual([]);
    expect(typeof nonce).toBe('function');
    const first = {} as IncomingMessage;
    const second = {} as IncomingMessage;
    const source = nonce as (request: IncomingMessage) => string;
    expect(source(first)).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(source(first)).toBe(`'nonce-${cspNonceOf(first)}'`);
    expect(source(second)).not.toBe(source(first));
    expect(directives.styleSrc).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('never gives two answers the same nonce, across the random pools it is drawn from', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => cspNonceOf({} as IncomingMessage)));
    expect(seen.size).toBe(1000);
    for (const nonce of seen) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('treats a missing social section or an empty client id as not configured', () => {
    expect(hostsOf(cspDirectives({ captcha: { provider: 'altcha' } }))).toEqual([]);
    expect(hostsOf(cspDirectives({ ...base, social: { google: { clientId: '' }, microsoft: {} } }))).toEqual([]);
  });

  it('adds only Google accounts for Google sign-in', () => {
    expect(thirdPartyOf(cspDirectives(withGoogle))).toEqual({
      scriptSrc: ['https://accounts.google.com'],
      styleSrc: ['https://accounts.google.com/gsi/style'],
      connectSrc: ['https://accounts.google.com'],
      frameSrc: ['https://accounts.google.com'],
    });
    expect(cspDirectives(withGoogle).frameSrc).toEqual(["'self'", 'https://accounts.google.com']);
  });

  it('adds only the Microsoft identity platform, for its token calls, for Microsoft sign-in', () => {
    expect(thirdPartyOf(cspDirectives(withMicrosoft))).toEqual({
      connectSrc: ['https://login.microsoftonline.com'],
    });
  });

  it("adds only the browser Sentry project's ingest origin, for its reports, when SENTRY_BROWSER_DSN is set", () => {
    const withSentry: CspSettings = {
      ...base,
      observability: { browserSentry: { dsn: 'https://key@o12.ingest.de.sentry.io/345' } },
    };
    expect(thirdPartyOf(cspDirectives(withSentry))).toEqual({ connectSrc: ['https://o12.ingest.de.sentry.io'] });
    expect(cspDirectives({ ...base, observability: { browserSentry: null } })).toEqual(cspDirectives(base));
  });

  it('adds only Cloudflare challenges for Turnstile', () => {
    expect(thirdPartyOf(cspDirectives(withTurnstile))).toEqual({
      scriptSrc: ['https://challenges.cloudflare.com'],
      frameSrc: ['https://challenges.cloudflare.com'],
    });
  });

  it('adds only the reCAPTCHA paths for reCAPTCHA', () => {
    expect(thirdPartyOf(cspDirectives(withRecaptcha))).toEqual({
      scriptSrc: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
      frameSrc: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    });
  });

  it('names no payment host with the offline sandboxes (no provider configured)', () => {
    const strict = cspDirectives(base, ["'sha256-abc='"]);
    expect(cspDirectives({ ...base, payments: { stripe: null, paypal: null } }, ["'sha256-abc='"])).toEqual(strict);
    expect(cspDirectives({ ...base, payments: {} }, ["'sha256-abc='"])).toEqual(strict);
    expect(hostsOf(cspDirectives({ ...base, payments: { stripe: { publishableKey: '' }, paypal: {} } }))).toEqual([]);
  });

  it('adds only Stripe.js, its frames and its API for Stripe', () => {
    expect(thirdPartyOf(cspDirectives(withStripe))).toEqual({
      scriptSrc: ['https://js.stripe.com'],
      connectSrc: ['https://api.stripe.com'],
      frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    });
    expect(cspDirectives(withStripe).frameSrc).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
    // The rest of the policy is the default one.
    const widened = ['scriptSrc', 'connectSrc', 'frameSrc'];
    expect(omit(cspDirectives(withStripe), widened)).toEqual(omit(cspDirectives(base), widened));
  });

  it("adds only PayPal's SDK, frames, calls and images for PayPal", () => {
    expect(thirdPartyOf(cspDirectives(withPaypal))).toEqual({
      scriptSrc: ['https://www.paypal.com'],
      imgSrc: ['https://www.paypalobjects.com'],
      connectSrc: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
      frameSrc: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
    });
    const widened = ['scriptSrc', 'connectSrc', 'frameSrc', 'imgSrc'];
    expect(omit(cspDirectives(withPaypal), widened)).toEqual(omit(cspDirectives(base), widened));
    expect(cspDirectives(withPaypal).imgSrc).toEqual(["'self'", 'data:', 'blob:', 'https://www.paypalobjects.com']);
  });

  it('combines both payment providers with the rest', () => {
    const directives = cspDirectives({
      ...withGoogle,
      payments: { stripe: { publishableKey: 'pk_test_123' }, paypal: { clientId: 'paypal-client' } },
    });
    expect(directives.scriptSrc).toEqual([
      "'self'",
      'https://accounts.google.com',
      'https://js.stripe.com',
      'https://www.paypal.com',
    ]);
    expect(directives.frameSrc).toEqual([
      "'self'",
      'https://accounts.google.com',
      'https://js.stripe.com',
      'https://hooks.stripe.com',
      'https://www.paypal.com',
      'https://www.sandbox.paypal.com',
    ]);
  });

  it('combines providers and keeps the build hashes', () => {
    const directives = cspDirectives(
      { captcha: { provider: 'turnstile' }, social: { google: { clientId: 'g' }, microsoft: { clientId: 'm' } } },
      ["'sha256-x='"],
    );
    expect(directives.scriptSrc).toEqual([
      "'self'",
      "'sha256-x='",
      'https://accounts.google.com',
      'https://challenges.cloudflare.com',
    ]);
    expect(directives.connectSrc).toEqual([
      "'self'",
      'https://accounts.google.com',
      'https://login.microsoftonline.com',
    ]);
    expect(directives.formAction).toEqual(["'self'"]);
  });

  it('lets sign-in popups keep their opener only when a social provider is configured', () => {
    expect(crossOriginOpenerPolicy(base)).toEqual({ policy: 'same-origin' });
    expect(crossOriginOpenerPolicy(withTurnstile)).toEqual({ policy: 'same-origin' });
    expect(crossOriginOpenerPolicy(withGoogle)).toEqual({ policy: 'same-origin-allow-popups' });
    expect(crossOriginOpenerPolicy(withMicrosoft)).toEqual({ policy: 'same-origin-allow-popups' });
  });

  it("lets PayPal's checkout window keep its opener only when PayPal is configured", () => {
    expect(crossOriginOpenerPolicy(withStripe)).toEqual({ policy: 'same-origin' });
    expect(crossOriginOpenerPolicy(withPaypal)).toEqual({ policy: 'same-origin-allow-popups' });
  });
});

describe('media origin', () => {
  it('allows images from PUBLIC_URL, which the API uses for absolute media URLs', () => {
    const directives = cspDirectives({ captcha: { provider: 'altcha' }, publicUrl: 'https://parcelle.example/path' });
    expect(directives.imgSrc).toContain('https://parcelle.example');
  });
});
