import {
  ZFailure,
  ZOrderRequest,
  ZPaymentConfig,
  ZPurchaseData,
  ZPurchaseQuote,
  ZPurchaseReferenceParams,
  ZPurchaseRequest,
  ZSandboxCardConfirm,
  ZSandboxCardResult,
  ZSuccess,
} from '@parcelle/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { InvalidSignature } from '../../adapters/payments/payments';
import { SandboxCardPayments } from '../../adapters/payments/sandbox-card';
import type { AppContext } from '../../context';
import { authenticate, memberOf, sessionOf } from '../../http/authenticate';
import { AppError, badRequest, failureBody, notFound } from '../../http/errors';
import { ok } from '../../http/reply';
import { type App, codeSendBudget, perIp } from '../../http/types';
import { handleTopUpCardEvent } from '../deposits/top-ups';
import { cancelPurchase } from './cancel';
import { withIdempotency } from './idempotency';
import { handleCardEvent, handlePaypalCapture } from './payment-events';
import { assertMayFinish, assertMayStartPurchase, isQuickSignUp } from './quick-signup';
import {
  createPurchase,
  finishPayment,
  purchaseAnswer,
  purchaseData,
  purchaseOfOrder,
  purchaseState,
  resumePurchase,
  sendPurchaseCode,
  validatePurchase,
} from './service';

const errors = {
  400: ZFailure,
  401: ZFailure,
  402: ZFailure,
  403: ZFailure,
  404: ZFailure,
  409: ZFailure,
  422: ZFailure,
  429: ZFailure,
  502: ZFailure,
};
const idempotencyHeader = z.object({ 'idempotency-key': z.string().optional() }).passthrough();

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Buying on the primary market (spec §4, §7; issue 5). Handlers parse, call the purchase service and answer;
 * money calls accept an Idempotency-Key.
 */
export function purchaseRoutes(app: App, ctx: AppContext) {
  const member = authenticate(ctx);
  // Buying needs a verified email; the quick sign-up session may only finish its own purchase (quick-signup.ts).
  const buyer = authenticate(ctx, { access: 'purchase' });
  // The wallet's code moves money: a full session and a verified email.
  const walletPayer = authenticate(ctx, { access: 'money' });
  const moneyLimit = perIp(Math.max(30, ctx.config.rateLimitAuthPerMinute * 3));

  app.get(
    '/payments/config',
    { schema: { tags: ['purchases'], response: { 200: ZSuccess(ZPaymentConfig) } } },
    async () => ok({ test_mode: ctx.config.payments.testMode, methods: ctx.config.payments.methods }),
  );

  app.post(
    '/paintings/validate',
    {
      // The quote reserves nothing, but an unverified member learns here, before paying, that buying needs it.
      preHandler: buyer,
      config: moneyLimit,
      schema: { tags: ['purchases'], body: ZPurchaseRequest, response: { 200: ZSuccess(ZPurchaseQuote), ...errors } },
    },
    async (request) => ok(await validatePurchase(ctx, memberOf(request), request.body)),
  );

  app.post(
    '/paintings/purchase',
    {
      preHandler: buyer,
      config: moneyLimit,
      schema: {
        tags: ['purchases'],
        headers: idempotencyHeader,
        body: ZPurchaseRequest,
        response: { 200: ZSuccess(ZPurchaseData), ...errors },
      },
    },
    async (request, reply) => {
      const buyer = memberOf(request);
      const session = sessionOf(request);
      const answer = await withIdempotency(
        ctx,
        { userId: buyer.id, key: keyOf(request), route: 'POST /paintings/purchase', body: request.body },
        async (key) => {
          assertMayStartPurchase(session, request.body.payment_method);
          const data = await createPurchase(ctx, buyer, request.body, {
            key,
            sessionId: session.id,
            ...(isQuickSignUp(session) ? { quickSignUpSessionId: session.id } : {}),
          });
          return purchaseAnswer(data);
        },
        (purchaseId) => resumePurchase(ctx, buyer, purchaseId),
      );
      return reply.status(answer.status).send(answer.body as never);
    },
  );

  app.post(
    '/paintings/purchase/code',
    {
      preHandler: walletPayer,
      config: perIp(codeSendBudget(ctx.config.rateLimitAuthPerMinute)),
      schema: {
        tags: ['purchases'],
        response: { 200: ZSuccess(z.object({ sent_to: z.enum(['phone', 'email']) })), ...errors },
      },
    },
    async (request) => {
      const sent = await sendPurchaseCode(ctx, memberOf(request));
      // Says where the code went: the phone (the usual case), or the email address of a member without a phone.
      return ok(sent, sent.sent_to === 'phone' ? 'OtpSentToPhone' : 'VerificationCodeSent');
    },
  );

  app.get(
    '/paintings/purchase/:reference',
    {
      preHandler: member,
      schema: {
        tags: ['purchases'],
        params: ZPurchaseReferenceParams,
        response: { 200: ZSuccess(ZPurchaseData), ...errors },
      },
    },
    async (request) => ok(await purchaseState(ctx, memberOf(request), request.params.reference)),
  );

  app.post(
    '/paintings/purchase/:reference/cancel',
    {
      preHandler: member,
      schema: {
        tags: ['purchases'],
        params: ZPurchaseReferenceParams,
        response: { 200: ZSuccess(ZPurchaseData), ...errors },
      },
    },
    async (request) => ok(await cancelPurchase(ctx, memberOf(request), request.params.reference), 'PurchaseCancelled'),
  );

  app.post(
    '/paintings/order',
    {
      preHandler: buyer,
      config: moneyLimit,
      schema: {
        tags: ['purchases'],
        headers: idempotencyHeader,
        body: ZOrderRequest,
        response: { 200: ZSuccess(ZPurchaseData), ...errors },
      },
    },
    async (request, reply) => {
      const buyer = memberOf(request);
      const answer = await withIdempotency(
        ctx,
        { userId: buyer.id, key: keyOf(request), route: 'POST /paintings/order', body: request.body },
        async () => {
          const purchase = await purchaseOfOrder(ctx, buyer, request.body.order_id);
          assertMayFinish(sessionOf(request), purchase.id);
          // Only PayPal's own answer to the capture counts, never paypal_object from the browser.
          const capture = await ctx.payments.paypal.captureOrder(request.body.order_id);
          const outcome = await handlePaypalCapture(ctx, purchase, capture);
          await finishPayment(ctx, outcome, request.log);
          if (outcome.kind === 'settled') {
            return {
              status: 200,
              body: ok(
                purchaseData(outcome.purchase, { certificate_number: outcome.certificateNumber }),
                'PaymentSuccessful',
              ),
            };
          }
          if (outcome.kind === 'already-paid')
            return { status: 200, body: ok(await purchaseState(ctx, buyer, purchase.reference)) };
          // Paid after the reservation ended, for parts no longer available: the money goes back to PayPal.
          if (outcome.kind === 'refund-due') throw new AppError(409, 'LatePaymentRefunded');
          throw badRequest('PaymentError');
        },
      );
      return reply.status(answer.status).send(answer.body as never);
    },
  );

  // Webhooks: the provider signs the raw body, so this scope keeps JSON bodies as bytes.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/payments/webhook/card',
      { schema: { hide: true } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const signature = request.headers['stripe-signature'];
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) return reply.status(400).send(failureBody(400, 'InvalidRequest'));
        let event: ReturnType<typeof ctx.payments.card.parseWebhook>;
        try {
          event = ctx.payments.card.parseWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
        } catch (error) {
          if (error instanceof InvalidSignature || error instanceof SyntaxError) {
            return reply.status(400).send(failureBody(400, 'WebhookSignatureInvalid'));
          }
          throw error;
        }
        // A top-up's payment (issue 31) is the deposits module's; every other is a purchase's. A payment whose metadata
        // names a work is a purchase's (a top-up's never does): no read of the top-ups for it (decision 487).
        if (event && (event.paintingId || !(await handleTopUpCardEvent(ctx, event)))) {
          await finishPayment(ctx, await handleCardEvent(ctx, event), request.log);
        }
        return reply.send({ received: true });
      },
    );
  });

  // The offline card sandbox's "Pay" button: it plays the provider and sends the signed event to the same handler.
  // Registered only while the sandboxes run (config.payments.sandbox): in production that takes PAYMENTS_SANDBOX=true.
  const card = ctx.payments.card;
  if (ctx.config.payments.sandbox && card instanceof SandboxCardPayments) {
    app.post(
      '/payments/sandbox/card/confirm',
      {
        preHandler: buyer,
        config: moneyLimit,
        schema: {
          tags: ['purchases'],
          body: ZSandboxCardConfirm,
          response: { 200: ZSuccess(ZSandboxCardResult), ...errors },
        },
      },
      async (request) => {
        const buyer = memberOf(request);
        const payment = card.readClientSecret(request.body.client_secret);
        if (!payment) throw notFound('PurchaseNotFound');
        assertMayFinish(sessionOf(request), payment.purchaseId);
        // The payer is signed into the client secret (decision 590): another member's payment is not found, unread.
        if (payment.payerId !== buyer.id || !payment.paintingId) throw notFound('PurchaseNotFound');
        const { reference, paintingId } = payment;
        const confirmed = card.confirm(request.body.client_secret, request.body.card_number);
        if (!confirmed) throw notFound('PurchaseNotFound');
        const event = card.parseWebhook(Buffer.from(confirmed.body), confirmed.signature);
        if (event) await finishPayment(ctx, await handleCardEvent(ctx, event, paintingId), request.log);
        if (!confirmed.succeeded) throw new AppError(402, 'CardDeclined');
        return ok({ status: 'succeeded' as const, reference_id: reference }, 'PaymentSuccessful');
      },
    );
  }
}
