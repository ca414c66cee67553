import {
  maskDeep,
  maskText,
  SENTRY_ERROR_SAMPLE_RATE,
  SENTRY_REPLAYS_SAMPLE_RATE,
  SENTRY_TRACES_SAMPLE_RATE,
} from '@parcelle/shared/error-reports';
import type { Breadcrumb, ErrorEvent, NodeOptions } from '@sentry/node';

export { maskText, SENTRY_ERROR_SAMPLE_RATE, SENTRY_REPLAYS_SAMPLE_RATE, SENTRY_TRACES_SAMPLE_RATE };

type TransactionEvent = Parameters<NonNullable<NodeOptions['beforeSendTransaction']>>[0];

/** Headers kept on a reported request: nothing that identifies or authenticates anyone. */
const SAFE_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'content-length', 'user-agent', 'host']);

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
