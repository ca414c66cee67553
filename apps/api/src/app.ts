import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { registerErrorHandler } from './http/error-handler';
import { failureBody } from './http/errors';
import type { App } from './http/types';
import { findWebDist, inlineScriptHashes, registerWebApp } from './http/web';
import { authRoutes } from './modules/auth/routes';
import { captchaRoutes } from './modules/captcha/routes';
import { devApiRoutes, devPageRoutes } from './modules/dev/routes';
import { healthRoutes } from './modules/health/routes';
import { userRoutes } from './modules/users/routes';

const SENSITIVE_QUERY = /([?&](?:forgot_pwd_token|token|code)=)[^&]*/gi;

export async function buildApp(ctx: AppContext): Promise<App> {
  const { config } = ctx;
  const app = Fastify({
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
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
      },
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const webDist = findWebDist(config.webDistDir);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(webDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, { origin: config.corsOrigins.length > 0 ? config.corsOrigins : false, credentials: false });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      ...failureBody(429, 'TooManyRequests'),
      statusCode: context.statusCode,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Parcelle API', version: '0.1.0', description: 'Fractional co-ownership of premium paintings.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>() as App;
      healthRoutes(typed, ctx);
      authRoutes(typed, ctx);
      userRoutes(typed, ctx);
      captchaRoutes(typed, ctx);
      if (config.env !== 'production') devApiRoutes(typed, ctx);
    },
    { prefix: '/api' },
  );
  if (config.env !== 'production') devPageRoutes(app as App, ctx);
  await registerWebApp(app, webDist);
  return app as App;
}
