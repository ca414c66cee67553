import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify instance with zod schemas as its type provider. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Route-level rate limit: `max` requests per `minutes` per client IP. */
export const perIp = (max: number, minutes = 1) => ({ rateLimit: { max, timeWindow: minutes * 60_000 } });

/** The stricter per-IP budget of routes that send a code or an email: a quarter of the auth budget, at least 3. */
export const codeSendBudget = (authPerMinute: number) => Math.max(3, Math.floor(authPerMinute / 4));
