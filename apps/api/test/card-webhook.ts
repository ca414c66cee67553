import type { FastifyInstance } from 'fastify';

/** A signed card event (the sandbox's `confirm`/`decline` answer) as the provider posts it to the card webhook. */
export function sendCardEvent(app: FastifyInstance, event: { signature: string; body: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook/card',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.body,
  });
}
