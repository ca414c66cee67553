import type { Breadcrumb, ErrorEvent, NodeOptions } from '@sentry/node';

type TransactionEvent = Parameters<NonNullable<NodeOptions['beforeSendTransaction']>>[0];

/**
 * Sentry's sample rates (spec §7: "sample rate 0.2, replays 0.1"). 0.2 is the share of requests traced; every error
 * is reported (an exchange does not drop four errors in five). Session replays are a browser feature: the API has
 * none to sample (decision in docs/decisions.md).
 */
export const SENTRY_TRACES_SAMPLE_RATE = 0.2;
export const SENTRY_ERROR_SAMPLE_RATE = 1;
export const SENTRY_REPLAYS_SAMPLE_RATE = 0.1;

const EMAIL = /([A-Za-z0-9])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;
/** International numbers (E.164, as phones are stored) and IBANs, wherever they appear in a text. */
const PHONE = /\+\d[\d ]{7,17}\d/g;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g;
const SENSITIVE_QUERY = /([?&]?(?:forgot_pwd_token|token|code|client_secret|access_token|refresh_token)=)[^&#]*/gi;
/** Drizzle's query errors end with the bound values (`params: a@b.fr,42`), which may be anyone's data. */
const QUERY_PARAMS = /(\bparams: )[^\n]*/g;
/** Headers kept on a reported request: nothing that identifies or authenticates anyone. */
const SAFE_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'content-length', 'user-agent', 'host']);

/**
 * An email keeps its first character and its domain (`j***@example.com`); phones, IBANs, query secrets and the
 * values of a failed SQL query are replaced.
 */
export function maskText(text: string): string {
  return text
    .replace(EMAIL, '$1***@$2')
    .replace(IBAN, '[iban]')
    .replace(PHONE, '[phone]')
    .replace(SENSITIVE_QUERY, '$1[redacted]')
    .replace(QUERY_PARAMS, '$1[redacted]');
}

function maskDeep(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return maskText(value);
  if (value === null || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = maskDeep(item, seen);
  return out;
}

/**
 * What leaves for Sentry: no request body, no cookies, no authorization or forwarded-for header, no user but its id,
 * no query secrets, and every email, phone number and IBAN left in a message, an exception or a breadcrumb masked.
 * Used as beforeSend and beforeSendTransaction (and the breadcrumbs go through `scrubBreadcrumb`).
 */
export function scrubEvent<T extends ErrorEvent | TransactionEvent>(event: T): T {
  const copy = maskDeep(event, new WeakSet()) as T;
  if (copy.request) {
    const { data: _data, cookies: _cookies, headers, env: _env, ...request } = copy.request;
    copy.request = {
      ...request,
      ...(headers
        ? {
            headers: Object.fromEntries(
              Object.entries(headers).filter(([name]) => SAFE_HEADERS.has(name.toLowerCase())),
            ),
          }
        : {}),
    };
  }
  if (copy.user) copy.user = copy.user.id === undefined ? {} : { id: copy.user.id };
  return copy;
}

export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  return maskDeep(breadcrumb, new WeakSet()) as Breadcrumb;
}

/** Sentry.init's options; `tracing`: false when OpenTelemetry already exports the traces (OTLP). */
export function sentryOptions(params: { dsn: string; environment: string; tracing: boolean }): NodeOptions {
  return {
    dsn: params.dsn,
    environment: params.environment,
    sampleRate: SENTRY_ERROR_SAMPLE_RATE,
    // Without tracesSampleRate the SDK makes no spans. Sentry never registers itself as OpenTelemetry's tracer provider
    // (enableOpenTelemetrySetup defaults to false), so it does not compete with the OTLP exporter of instrument.ts.
    ...(params.tracing
      ? { tracesSampleRate: SENTRY_TRACES_SAMPLE_RATE }
      : {
          // OpenTelemetry's @fastify/otel instruments Fastify then; Sentry's own Fastify integration would claim the
          // same request decorator ('opentelemetry') and stop the app at start-up.
          integrations: (defaults) => defaults.filter((integration) => integration.name !== 'Fastify'),
        }),
    // Whole transactions, so that beforeSendTransaction (the scrubbing) sees every one of them.
    traceLifecycle: 'static',
    // Nothing personal collected in the first place; scrubEvent removes what could still slip through.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: [...SAFE_HEADERS] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      graphQL: { document: false, variables: false },
      genAI: { inputs: false, outputs: false },
    },
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  };
}
