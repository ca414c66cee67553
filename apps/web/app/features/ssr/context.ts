import type { Language } from '@parcelle/shared/i18n/messages';
import type { PlainForm } from '@parcelle/shared/plain-forms';
import { createContext, type RouterContextProvider } from 'react-router';

/** One public API read, as the server answers it: the status and the JSON body. */
export type PublicApiAnswer = { status: number; body: unknown };

/**
 * What the server hands the route loaders for one page request (apps/api/src/http/web.ts builds it): an
 * in-process way to read the public API (no network hop, a short shared cache), the site's public origin for
 * absolute links, and the CSP nonce of this answer.
 */
export type SsrRequest = {
  /** GET on the public API (`/api/...` without the prefix), in `language`. */
  get(path: string, query: Record<string, string | number>, language: Language): Promise<PublicApiAnswer>;
  /** POST of a form page's action to the API, from the visitor's address (decision 465). */
  post(path: string, body: Record<string, unknown>, language: Language): Promise<PublicApiAnswer>;
  /** A new signed token for a form sent without JavaScript; only the API process can sign one. */
  formToken(form: PlainForm): string;
  /** `PUBLIC_URL`, without the trailing slash: canonical, alternates, Open Graph images. */
  publicUrl: string;
  /** The nonce of this answer's Content-Security-Policy (inline hydration scripts). */
  nonce: string;
  /** The browser's error reports (SENTRY_BROWSER_DSN), or null: no Sentry in the browser. */
  browserErrors: { dsn: string; environment: string } | null;
};

/**
 * Without the API process around it (`react-router dev`, where Vite renders the pages), loaders read the API over
 * HTTP at PARCELLE_API_URL, as Vite's proxy does for the browser; there is no CSP to match a nonce against.
 */
const overHttp: SsrRequest = {
  async get(path, query, language) {
    const url = new URL(`/api${path}`, process.env.PARCELLE_API_URL ?? 'http://127.0.0.1:3000');
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    const response = await fetch(url, { headers: { accept: 'application/json', 'accept-language': language } });
    return { status: response.status, body: await response.json().catch(() => null) };
  },
  async post(path, body, language) {
    const url = new URL(`/api${path}`, process.env.PARCELLE_API_URL ?? 'http://127.0.0.1:3000');
    const response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'accept-language': language, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  },
  // The development server has no server secret: its sign-ups go through the page's script and captcha.
  formToken: () => '',
  get publicUrl() {
    return (process.env.PUBLIC_URL ?? 'http://localhost:5173').replace(/\/$/, '');
  },
  nonce: '',
  browserErrors: null,
};

export const ssrRequestContext = createContext<SsrRequest>(overHttp);

/** Called by the API process with its own implementation of the reads. */
export function createLoadContext(
  request: SsrRequest,
  Provider: new () => RouterContextProvider,
): RouterContextProvider {
  const context = new Provider();
  context.set(ssrRequestContext, request);
  return context;
}
