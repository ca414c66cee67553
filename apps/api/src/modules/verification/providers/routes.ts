import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { failureBody } from '../../../http/errors';
import type { App } from '../../../http/types';
import { hostedProviderOf, receiveProviderWebhook } from './provider-flow';
import { WebhookSignatureError } from './sumsub-signature';

/**
 * POST /api/webhooks/verification/sumsub (issue 29, decision 291), registered only when Sumsub is the provider. The
 * body is kept as bytes (the signature is over them), verified before it is parsed, stored once, and answered 200 at
 * once; the decision is then read from Sumsub's API by the check job, never from this body. A bad, missing or
 * other-algorithm signature is a 400 and nothing is stored.
 */
export function verificationWebhookRoutes(app: App, ctx: AppContext) {
  const provider = hostedProviderOf(ctx);
  if (!provider) return;
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      `/webhooks/verification/${provider.name}`,
      { schema: { hide: true } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) return reply.status(400).send(failureBody(400, 'InvalidRequest'));
        let event: ReturnType<typeof provider.readWebhook>;
        try {
          event = provider.readWebhook(raw, request.headers);
        } catch (error) {
          if (error instanceof WebhookSignatureError || error instanceof SyntaxError) {
            request.log.warn({ reason: (error as Error).message }, 'verification webhook refused');
            return reply.status(400).send(failureBody(400, 'WebhookSignatureInvalid'));
          }
          throw error;
        }
        const stored = await receiveProviderWebhook(ctx, provider, raw, event);
        return reply.send({ received: true, duplicate: stored === 'duplicate' });
      },
    );
  });
}
