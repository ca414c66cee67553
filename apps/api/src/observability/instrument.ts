/**
 * Loaded before the app (`node --import ./apps/api/dist/instrument.js apps/api/dist/server.js`, as `npm start` does):
 * tracing must patch `node:http`, `pg` and `ioredis` before the app imports them. Each part loads only when its
 * variable is set; with neither, this file imports nothing and costs nothing.
 *
 * - OTEL_EXPORTER_OTLP_ENDPOINT (OpenTelemetry's standard variable; OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES,
 *   OTEL_EXPORTER_OTLP_HEADERS and the others are read by the SDK itself): traces of HTTP, Fastify, pg and Redis.
 * - SENTRY_DSN: error reporting (observability/sentry.ts: sample rates, scrubbing). With OpenTelemetry on as well,
 *   Sentry keeps to errors and the traces go to the OTLP collector only.
 *
 * It reads the environment directly (config.ts has not run yet); config.ts validates the same variables and refuses
 * a malformed one at start-up.
 */
import { registerTelemetryShutdown } from './telemetry-shutdown';

const otlpEndpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
const sentryDsn = process.env.SENTRY_DSN;

/** Requests not worth a trace: probes and scrapes arrive every few seconds. */
const UNTRACED = /^\/(metrics|api\/health)(\?|$)/;

async function startTracing(): Promise<void> {
  const { register } = await import('node:module');
  // ESM imports (drizzle → pg) are patched through this loader hook; CommonJS requires need nothing more.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [
    { NodeSDK },
    { HttpInstrumentation },
    { PgInstrumentation },
    { IORedisInstrumentation },
    { FastifyOtelInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@fastify/otel'),
  ]);
  // Traces only: metrics are Prometheus's (GET /metrics) and logs are pino's, unless the operator asks otherwise.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'parcelle-api',
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED.test(request.url ?? '') }),
      // Statement text only (with $1 placeholders), never the values: they carry personal data.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      new IORedisInstrumentation(),
      // Route spans named by route pattern; registers itself on every Fastify instance as it is created.
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  sdk.start();
  registerTelemetryShutdown(() => sdk.shutdown());
}

async function startSentry(dsn: string, tracing: boolean): Promise<void> {
  const [Sentry, { sentryOptions }] = await Promise.all([import('@sentry/node'), import('./sentry')]);
  Sentry.init(
    sentryOptions({
      dsn,
      environment: process.env.SENTRY_ENVIRONMENT || process.env.NODE_ENV || 'development',
      tracing,
    }),
  );
  registerTelemetryShutdown(async () => {
    await Sentry.close(2000);
  });
}

try {
  if (otlpEndpoint) await startTracing();
  if (sentryDsn) await startSentry(sentryDsn, !otlpEndpoint);
} catch (error) {
  // Telemetry never keeps the exchange from starting; the failure is said once on stderr.
  console.error(`[telemetry] not started: ${(error as Error).message}`);
}
