import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, failureBody, hasStep, keyOrDefault, RetryLaterError } from './errors';

type ValidationIssue = { message?: string; keyword?: string; instancePath?: string };

/**
 * Turns every failure into `{ status, error: { en, fr } }`. Validation failures answer the first
 * issue's catalogue message and the field it concerns; nothing unexpected leaks its details.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.cause) request.log.warn({ err: error.cause, key: error.key }, 'refused after a provider failure');
      if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
      const body = failureBody(error.status, error.text ?? error.key, error.field);
      return reply.status(error.status).send(hasStep(error) ? { ...body, step: error.step, page: error.page } : body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0] as ValidationIssue | undefined;
      const key =
        first?.keyword === 'unrecognized_keys' ? 'UnknownField' : keyOrDefault(first?.message, 'InvalidRequest');
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || undefined;
      return reply.status(400).send(failureBody(400, key, field));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(failureBody(500, 'InternalServerError'));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(failureBody(400, 'MalformedJson'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(failureBody(413, 'BodyTooLarge'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(failureBody(415, 'UnsupportedMediaType'));
      case 'FST_ERR_RATE_LIMIT_EXCEEDED':
        return reply.status(429).send(failureBody(429, 'TooManyRequests'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(failureBody(429, 'TooManyRequests'));
    if (status >= 400 && status < 500) return reply.status(status).send(failureBody(status, 'InvalidRequest'));
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failureBody(500, 'InternalServerError'));
  });
}
