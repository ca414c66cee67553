import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PROFILE_IMAGE_MAX_BYTES } from '@parcelle/shared';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { RedisCounterStore } from './adapters/limits/redis-counters';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { findAdminDist, registerAdminApp } from './http/admin-app';
import { registerErrorHandler } from './http/error-handler';
import { failureBody } from './http/errors';
import { registerInputGuards } from './http/input-guards';
import { logError } from './http/log';
import { PageCache } from './http/page-cache';
import { PageDataCache } from './http/page-data';
import { registerPreferencesForm } from './http/preferences-form';
import { securityHeadersHook } from './http/security-headers';
import type { App } from './http/types';
import { findWebDist, registerWebApp } from './http/web';
import { startJobQueue } from './jobs';
import { accountRoutes } from './modules/account/routes';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes } from './modules/auth/routes';
import { socialRoutes } from './modules/auth/social-routes';
import { issueFormToken } from './modules/captcha/form-token';
import { captchaRoutes } from './modules/captcha/routes';
import { PublicReadCache } from './modules/catalogue/read-cache';
import { catalogueRoutes } from './modules/catalogue/routes';
import { catalogueAdminRoutes } from './modules/catalogue-admin/routes';
import { certificateRoutes } from './modules/certificates/routes';
import { complaintAdminRoutes } from './modules/complaints/admin-routes';
import { complaintRoutes } from './modules/complaints/routes';
import { contentRoutes } from './modules/content/routes';
import { contentAdminRoutes } from './modules/content-admin/routes';
import { depositRoutes } from './modules/deposits/routes';
import { devApiRoutes, devPageRoutes } from './modules/dev/routes';
import { exitMemberRoutes, exitPublicRoutes } from './modules/exits/routes';
import { geoRoutes } from './modules/geo/routes';
import { healthRoutes } from './modules/health/routes';
import { investorAdminRoutes } from './modules/investor/admin-routes';
import { investorRoutes } from './modules/investor/routes';
import { keyInformationRoutes } from './modules/key-information/routes';
import { mediaRoutes } from './modules/media/routes';
import { memberRoutes } from './modules/member/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { reflectionRoutes } from './modules/purchases/reflection-routes';
import { revocationAdminRoutes } from './modules/purchases/revocation-admin-routes';
import { purchaseRoutes } from './modules/purchases/routes';
import { marketAdminRoutes } from './modules/secondary/admin-routes';
import { secondaryRoutes } from './modules/secondary/routes';
import { seoRoutes } from './modules/seo/routes';
import { verificationWebhookRoutes } from './modules/verification/providers/routes';
import { verificationRoutes } from './modules/verification/routes';
import { watchlistRoutes } from './modules/watchlist/routes';
import { withdrawalRoutes } from './modules/withdrawals/routes';
import { observability } from './observability/plugin';

const SENSITIVE_QUERY = /([?&](?:forgot_pwd_token|token|code)=)[^&]*/gi;

/** Not part of the public contract: operators' endpoints, development tools and the payment sandbox. */
const NOT_PUBLIC = /^\/api\/(admin|dev|payments\/sandbox)(\/|$)/;

/** The OpenAPI document; in production it describes the public contract only. */
function openApiTransform(config: AppContext['config']): typeof jsonSchemaTransform {
  return (input) => {
    if (config.env === 'production' && NOT_PUBLIC.test(input.url)) {
      return { schema: { ...input.schema, hide: true }, url: input.url };
    }
    return jsonSchemaTransform(input);
  };
}

/**
 * Fastify's own hop-count option now trusts nothing (a direct client could send enough hops), so a hop count is
 * given as the rule proxy-addr applies: the socket peer and the next `hops − 1` forwarded addresses are proxies, and
 * the address before them is the client's. Operators use it only where the app cannot be reached but through them.
 */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** `logStream`: where the logs go instead of stdout (tests read them). */
export async function buildApp(ctx: AppContext, options: { logStream?: DestinationStream } = {}): Promise<App> {
  const { config } = ctx;
  const app = Fastify({
    bodyLimit: 64 * 1024,
    // Spec §7 writes some paths with a trailing slash (/paintings/, /contact/): accept both forms.
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: trustProxyOption(config.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      serializers: {
        // Reset tokens travel in query strings; keep them out of the logs.
        req: (req) => ({ method: req.method, url: req.url.replace(SENSITIVE_QUERY, '$1[redacted]'), id: req.id }),
        // Database errors without their parameters or row details.
        err: logError,
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before any route: JSON depth limit and control characters in any text (decisions 74, 75).
  registerInputGuards(app);
  // Request metrics, GET /metrics, error reports (docs/deploy.md); early, so its hooks see every route.
  await app.register(observability, { ctx });
  // Hooks on every request are callback-style: an async hook costs a promise per request on the hot reads (issue 16).
  // Set as the request arrives (errors keep it too): an onSend hook would run once more per answer.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const webDist = findWebDist(config.webDistDir);
  // The security headers of every answer (helmet, built once at start-up; the API's are computed once: issue 16).
  app.addHook('onRequest', securityHeadersHook(config));
  // Answers of 1 KiB or more in a compressible type (JSON, CSV, HTML...) leave as brotli or gzip, as the client
  // accepts; images, PDFs and the web build's pre-compressed files are sent as they are. Request bodies are never
  // decompressed (no client of this API sends them compressed; the card webhook must read its exact raw bytes).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  await app.register(cors, { origin: config.corsOrigins.length > 0 ? config.corsOrigins : false, credentials: false });
  // With REDIS_URL the per-route limits and the sign-in counters live in Redis, shared by every process; the client
  // connects now (start-up fails clearly when Redis does not answer) and closes with the app.
  const counters = ctx.counters;
  if (counters instanceof RedisCounterStore) {
    counters.client.on('error', (error: Error) => app.log.error({ err: error }, 'Redis (limits)'));
    await counters.connect();
  }
  app.addHook('onClose', async () => {
    await counters.close();
  });
  // The job queue: requests enqueue mail from here on. On close (after the last request has been answered), the
  // jobs being run are given until the shutdown timeout to finish; those still running are failed and retried.
  await startJobQueue(ctx, app.log);
  let closingSince = 0;
  app.addHook('preClose', async () => {
    closingSince = Date.now();
  });
  app.addHook('onClose', async () => {
    // What is left of the shutdown timeout once the requests have been answered (at least one second).
    const left = config.shutdownTimeoutMs - (Date.now() - (closingSince || Date.now()));
    await ctx.jobs.stop({ graceful: true, timeoutMs: Math.max(1_000, left) });
  });
  await app.register(rateLimit, {
    global: false,
    ...(counters instanceof RedisCounterStore ? { redis: counters.client, nameSpace: 'rate-limit:' } : {}),
    errorResponseBuilder: (_request, context) => ({
      ...failureBody(429, 'TooManyRequests'),
      statusCode: context.statusCode,
    }),
  });
  // Multipart only for uploads (POST /api/user/profile-image): one file, read into memory up to 5 MiB.
  await app.register(multipart, {
    limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Parcelle API', version: '0.1.0', description: 'Fractional co-ownership of premium paintings.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openApiTransform(config),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Catalogue changes reach the other processes from here on (Redis or PostgreSQL); the hot
  // public reads kept in memory and the reads behind server-rendered pages drop what a change makes stale (issue 16).
  const changes = ctx.catalogueChanges;
  await changes.start?.();
  const publicReads = new PublicReadCache({ ttlMs: config.catalogueCacheSeconds * 1000 });
  const pageData = new PageDataCache();
  app.decorate('pageData', pageData);
  // Rendered documents follow the reads they were built from: a forgotten read drops its pages (decision 471).
  const pages = new PageCache({ ttlMs: config.pageCacheSeconds * 1000 });
  app.decorate('pages', pages);
  const stopListening = [
    publicReads.listen(changes),
    changes.onChange((change) => pageData.changed(change)),
    pageData.onForget((stale) => pages.forget(stale)),
  ];
  app.addHook('onClose', async () => {
    for (const stop of stopListening) stop();
    pageData.stop();
    pages.clear();
    publicReads.clear();
    await changes.close?.();
  });
  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>() as App;
      healthRoutes(typed, ctx);
      authRoutes(typed, ctx);
      accountRoutes(typed, ctx);
      socialRoutes(typed, ctx);
      geoRoutes(typed, ctx);
      captchaRoutes(typed, ctx);
      catalogueRoutes(typed, ctx, publicReads);
      contentRoutes(typed, ctx, publicReads);
      purchaseRoutes(typed, ctx);
      reflectionRoutes(typed, ctx);
      withdrawalRoutes(typed, ctx);
      secondaryRoutes(typed, ctx);
      adminRoutes(typed, ctx);
      catalogueAdminRoutes(typed, ctx);
      contentAdminRoutes(typed, ctx);
      marketAdminRoutes(typed, ctx);
      certificateRoutes(typed, ctx);
      memberRoutes(typed, ctx);
      depositRoutes(typed, ctx);
      exitMemberRoutes(typed, ctx);
      exitPublicRoutes(typed, ctx);
      notificationRoutes(typed, ctx);
      watchlistRoutes(typed, ctx);
      verificationRoutes(typed, ctx);
      keyInformationRoutes(typed, ctx);
      verificationWebhookRoutes(typed, ctx);
      complaintRoutes(typed, ctx);
      complaintAdminRoutes(typed, ctx);
      revocationAdminRoutes(typed, ctx);
      investorRoutes(typed, ctx);
      investorAdminRoutes(typed, ctx);
      if (config.env !== 'production') devApiRoutes(typed, ctx);
    },
    { prefix: '/api' },
  );
  mediaRoutes(app, ctx);
  seoRoutes(app, ctx);
  if (config.env !== 'production') devPageRoutes(app as App, ctx);
  // The header's chooser sent as a form from a page without JavaScript (issue 33).
  await registerPreferencesForm(app, { secureCookies: config.publicUrl.startsWith('https:') });
  // The operator console (apps/admin) at /admin, with its own policy; before the web app, whose fallback takes the rest.
  await registerAdminApp(app, findAdminDist(config.adminDistDir));
  await registerWebApp(app, webDist, {
    publicUrl: config.publicUrl,
    pageDataCacheSeconds: config.pageDataCacheSeconds,
    pageData,
    pages,
    production: config.env === 'production',
    browserErrors: config.observability.browserSentry,
    formToken: (form) => issueFormToken(config.serverSecret, form),
  });
  return app as App;
}
