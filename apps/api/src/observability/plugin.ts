import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { queryRows } from '../db/client';
import { AppError } from '../http/errors';
import { requireOperator } from '../modules/admin/guard';
import { type MetricsSource, metricsRegistry, recordRequest, registerSource } from './metrics';
import { shutdownTelemetry } from './telemetry-shutdown';

/**
 * Observability of the API, registered by app.ts with one line: request metrics, GET /metrics for operators and the
 * Prometheus scraper, error reports to Sentry (when SENTRY_DSN is set), and the telemetry flushed when the app closes.
 * Tracing itself starts earlier, in the preload (instrument.ts).
 */

/**
 * The route label: the route's pattern (`/api/paintings/:id`), never the URL, which would carry identifiers, tokens
 * and unbounded values. Requests no route matched: the web app's pages (served by the not-found handler) or 404s.
 */
export function routeLabel(request: FastifyRequest, statusCode: number): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  return statusCode === 404 ? '(unmatched)' : '(web)';
}

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics: the scraper's METRICS_TOKEN as a Bearer token, or an operator's full session (second factor
 * included). Anyone else: 401/403 as on every operator route. Without METRICS_TOKEN, operators only (fail closed).
 */
export function metricsAccess(ctx: AppContext) {
  const operator = requireOperator(ctx);
  const token = ctx.config.observability.metricsToken;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (token && bearer && sameSecret(bearer, token)) return;
    await operator(request, reply);
  };
}

type JobsHook = { jobs?: { depth?: () => Promise<Record<string, number>> | Record<string, number> } };

/**
 * Jobs waiting per queue: the job runner's own count when the context has one (`ctx.jobs.depth()`), else pg-boss's
 * table when its schema exists in this database, else nothing (no job queue).
 */
async function queueDepth(ctx: AppContext): Promise<Record<string, number> | null> {
  const jobs = (ctx as AppContext & JobsHook).jobs;
  if (jobs?.depth) return await jobs.depth();
  const db = ctx.database.db;
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('pgboss.job') is not null as present`,
  );
  if (!table?.present) return null;
  const rows = await queryRows<{ name: string; depth: number }>(
    db,
    sql`select name, count(*)::int as depth from pgboss.job where state in ('created', 'retry') group by name`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.depth)]));
}

function metricsSource(ctx: AppContext): MetricsSource {
  const db = ctx.database.db;
  return {
    databaseKind: ctx.database.kind,
    pool: () => ctx.database.poolStats(),
    queueDepth: () => queueDepth(ctx),
    databaseCounts: async () => {
      const [row] = await queryRows<{ pending: number; ledger: number }>(
        db,
        sql`select (select count(*) from purchases where status = 'pending')::int as pending,
                   (select count(*) from ledger_transactions)::int as ledger`,
      );
      return { pendingReservations: Number(row?.pending ?? 0), ledgerTransactions: Number(row?.ledger ?? 0) };
    },
  };
}

/** Errors worth a report: what the error handler answers with a 500 (not refusals, validation or rate limits). */
export function isReportable(error: FastifyError): boolean {
  if (error instanceof AppError || error.validation) return false;
  return (error.statusCode ?? 500) >= 500;
}

/**
 * Sentry: initialised by the preload; when the process started without it (`npm run dev`), here, for errors only.
 * Loaded only when SENTRY_DSN is set.
 */
async function registerErrorReports(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const sentry = ctx.config.observability.sentry;
  if (!sentry) return;
  const [Sentry, { sentryOptions }] = await Promise.all([import('@sentry/node'), import('./sentry')]);
  if (!Sentry.isInitialized()) {
    Sentry.init(sentryOptions({ dsn: sentry.dsn, environment: sentry.environment, tracing: false }));
  }
  app.addHook('onError', async (request, reply, error) => {
    if (!isReportable(error)) return;
    Sentry.withScope((scope) => {
      scope.setTag('route', routeLabel(request, reply.statusCode));
      scope.setTag('request_id', request.id);
      if (request.member) scope.setUser({ id: request.member.id });
      Sentry.captureException(error);
    });
  });
  app.addHook('onClose', async () => {
    await Sentry.flush(2000);
  });
}

export const observability = fp<{ ctx: AppContext }>(
  async (app, { ctx }) => {
    app.addHook('onResponse', (request, reply, done) => {
      recordRequest(request.method, routeLabel(request, reply.statusCode), reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    const registry = metricsRegistry();
    app.get('/metrics', { preHandler: metricsAccess(ctx), schema: { hide: true } }, async (_request, reply) => {
      const body = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
    });
    const unregister = registerSource(metricsSource(ctx));
    await registerErrorReports(app, ctx);
    app.addHook('onClose', async () => {
      unregister();
      await shutdownTelemetry();
    });
    if (ctx.config.env === 'production' && !ctx.config.observability.metricsToken) {
      app.log.info('METRICS_TOKEN is not set: GET /metrics answers operators only (a scraper needs the token)');
    }
  },
  { name: 'parcelle-observability' },
);
