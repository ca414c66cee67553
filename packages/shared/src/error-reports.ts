/**
 * Masking of personal data in texts that leave the platform for an error-reporting service (the API's Sentry
 * reports and the browser's): one rule for both, so a member's email typed into a form the browser reports is masked
 * exactly as the server masks it. The sample rates are the same on both sides too.
 */

/**
 * Sentry's sample rates (spec §7: "sample rate 0.2, replays 0.1"). 0.2 is the share of requests traced; every error
 * is reported (an exchange does not drop four errors in five). Session replays exist in the browser only
 * (apps/web/app/features/observability; decisions in docs/decisions.md).
 */
export const SENTRY_TRACES_SAMPLE_RATE = 0.2;
export const SENTRY_ERROR_SAMPLE_RATE = 1;
export const SENTRY_REPLAYS_SAMPLE_RATE = 0.1;

const EMAIL = /([A-Za-z0-9])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;
/** International numbers (E.164, as phones are stored) and IBANs, wherever they appear in a text. */
const PHONE = /\+\d[\d ]{7,17}\d/g;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g;
const SENSITIVE_QUERY = /([?&]?(?:forgot_pwd_token|token|code|client_secret|access_token|refresh_token)=)[^&#]*/gi;
/** One-time links carry their secret in the path (spec §2: /reset-password/{token}; the operators' set-password). */
const SECRET_PATH = /(\/(?:reset-password|set-password)\/)[^/?#\s]+/g;
/** Drizzle's query errors end with the bound values (`params: a@b.fr,42`), which may be anyone's data. */
const QUERY_PARAMS = /(\bparams: )[^\n]*/g;

/**
 * An email keeps its first character and its domain (`j***@example.com`); phones, IBANs, secrets in a query or in
 * a one-time link's path, and the values of a failed SQL query are replaced.
 */
export function maskText(text: string): string {
  return text
    .replace(EMAIL, '$1***@$2')
    .replace(IBAN, '[iban]')
    .replace(PHONE, '[phone]')
    .replace(SENSITIVE_QUERY, '$1[redacted]')
    .replace(SECRET_PATH, '$1[redacted]')
    .replace(QUERY_PARAMS, '$1[redacted]');
}

/** maskText on every string of a value (an event, a breadcrumb), cycles kept as they are. */
export function maskDeep(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return maskText(value);
  if (value === null || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = maskDeep(item, seen);
  return out;
}
