import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AppConfig } from '../config';

/**
 * The Content-Security-Policy of every answer (pages and API alike). By default only the app's own
 * origin, plus the inline scripts that carry this answer's nonce (the server-rendered page's hydration data). Each third-party service adds its
 * hosts only when it is configured: Google and Microsoft sign-in, Turnstile or reCAPTCHA, Stripe and PayPal
 * (with the offline payment sandboxes, nothing is added), and the browser's Sentry ingest.
 */

/** What the policy depends on. Social sign-in is read defensively: a provider counts once it has a client id. */
export type CspSettings = {
  captcha: Pick<AppConfig['captcha'], 'provider'>;
  /** The site's public address (links in emails, clients holding older absolute media URLs): allowed for images. */
  publicUrl?: string;
  /** `base_url` of media: root-relative by default; a CDN's origin (MEDIA_BASE_URL) is allowed for images. */
  mediaBaseUrl?: string;
  social?: {
    google?: { clientId?: string | null } | null;
    microsoft?: { clientId?: string | null } | null;
  };
  /** Real payment providers (config.payments): a provider counts once it is configured (null = the sandbox). */
  payments?: {
    stripe?: { publishableKey?: string | null } | null;
    paypal?: { clientId?: string | null } | null;
  };
  /** The browser's error reports (config.observability.browserSentry): their ingest origin is allowed to connect. */
  observability?: { browserSentry?: { dsn: string } | null };
};

export type CspDirectives = Record<string, string[]>;

const GOOGLE = 'https://accounts.google.com';
const GOOGLE_STYLE = 'https://accounts.google.com/gsi/style';
const MICROSOFT = 'https://login.microsoftonline.com';
const TURNSTILE = 'https://challenges.cloudflare.com';
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];
/** Stripe.js and its Payment Element (card form and 3-D Secure frames, API calls). */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
/** PayPal's JS SDK and its buttons (the SDK is loaded from www.paypal.com; sandbox accounts pay in its frames). */
const PAYPAL = {
  script: ['https://www.paypal.com'],
  frame: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  connect: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  img: ['https://www.paypalobjects.com'],
};

/** Which third parties the browser must be allowed to reach. */
export function thirdParties(settings: CspSettings) {
  return {
    google: Boolean(settings.social?.google?.clientId),
    microsoft: Boolean(settings.social?.microsoft?.clientId),
    turnstile: settings.captcha.provider === 'turnstile',
    recaptcha: settings.captcha.provider === 'recaptcha',
    stripe: Boolean(settings.payments?.stripe?.publishableKey),
    paypal: Boolean(settings.payments?.paypal?.clientId),
  };
}

/** The helmet `directives` without the per-answer nonce; `scriptSources`: more script sources, after 'self'. */
export function cspDirectives(settings: CspSettings, scriptSources: readonly string[] = []): CspDirectives {
  const uses = thirdParties(settings);
  const script: string[] = [];
  const style: string[] = [];
  const connect: string[] = [];
  const frame: string[] = [];
  const img: string[] = [];
  if (uses.google) {
    script.push(GOOGLE);
    frame.push(GOOGLE);
    connect.push(GOOGLE);
    style.push(GOOGLE_STYLE);
  }
  if (uses.microsoft) connect.push(MICROSOFT);
  if (uses.turnstile) {
    script.push(TURNSTILE);
    frame.push(TURNSTILE);
  }
  if (uses.recaptcha) {
    script.push(...RECAPTCHA_SCRIPTS);
    frame.push(...RECAPTCHA_FRAMES);
  }
  if (uses.stripe) {
    script.push(...STRIPE.script);
    frame.push(...STRIPE.frame);
    connect.push(...STRIPE.connect);
  }
  if (uses.paypal) {
    script.push(...PAYPAL.script);
    frame.push(...PAYPAL.frame);
    connect.push(...PAYPAL.connect);
    img.push(...PAYPAL.img);
  }
  const browserSentry = settings.observability?.browserSentry;
  if (browserSentry) connect.push(new URL(browserSentry.dsn).origin);
  const unique = (values: string[]) => [...new Set(values)];
  const directives: CspDirectives = {
    defaultSrc: ["'self'"],
    scriptSrc: unique(["'self'", ...scriptSources, ...script]),
    styleSrc: unique(["'self'", "'unsafe-inline'", ...style]),
    imgSrc: unique([
      "'self'",
      'data:',
      'blob:',
      ...(settings.publicUrl ? [new URL(settings.publicUrl).origin] : []),
      ...(settings.mediaBaseUrl && /^https?:\/\//.test(settings.mediaBaseUrl)
        ? [new URL(settings.mediaBaseUrl).origin]
        : []),
      ...img,
    ]),
    fontSrc: ["'self'", 'data:'],
    connectSrc: unique(["'self'", ...connect]),
    workerSrc: ["'self'", 'blob:'],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
  // Without a third-party frame, frames fall back to default-src 'self'.
  if (frame.length > 0) directives.frameSrc = unique(["'self'", ...frame]);
  return directives;
}

const nonces = new WeakMap<IncomingMessage, string>();

/** Random bytes drawn 256 nonces at a time: one call to the system's generator costs as much as 4 KB of its bytes. */
const NONCE_BYTES = 16;
const POOL_BYTES = NONCE_BYTES * 256;
let pool = Buffer.alloc(0);
let used = 0;

/** 128 fresh random bits, each byte used once (decision 474). */
function freshNonce(): string {
  if (used + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += NONCE_BYTES;
  return pool.toString('base64', used - NONCE_BYTES, used);
}

/**
 * The nonce of one answer (decision "CSP nonce"): made on first use, the same for the policy header and the page
 * rendered for that request. 128 random bits, as CSP Level 3 asks.
 */
export function cspNonceOf(request: IncomingMessage): string {
  let nonce = nonces.get(request);
  if (!nonce) {
    nonce = freshNonce();
    nonces.set(request, nonce);
  }
  return nonce;
}

/** The script source naming this answer's nonce (helmet calls it per request). */
export const nonceSource = (request: IncomingMessage) => `'nonce-${cspNonceOf(request)}'`;

/**
 * helmet's `contentSecurityPolicy` option: the directives with this answer's nonce among the script sources.
 * Styles keep 'unsafe-inline' (MUI writes style attributes; a nonce there would void it) and no nonce.
 */
export function contentSecurityPolicy(settings: CspSettings): {
  directives: Record<string, Array<string | typeof nonceSource>>;
} {
  const { scriptSrc = [], ...rest } = cspDirectives(settings);
  const [self, ...others] = scriptSrc;
  return { directives: { ...rest, scriptSrc: [self ?? "'self'", nonceSource, ...others] } };
}

/**
 * helmet's `crossOriginOpenerPolicy` option. Sign-in popups (Google, Microsoft) and PayPal's checkout
 * window must keep their link to the page that opened them, which `same-origin` severs;
 * `same-origin-allow-popups` keeps it only then.
 */
export function crossOriginOpenerPolicy(settings: CspSettings): {
  policy: 'same-origin' | 'same-origin-allow-popups';
} {
  const uses = thirdParties(settings);
  return { policy: uses.google || uses.microsoft || uses.paypal ? 'same-origin-allow-popups' : 'same-origin' };
}
