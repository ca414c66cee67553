import { ZFailure, ZReflectionData, ZRevocationLinkRequest, ZRevokeParams, ZSuccess } from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { AppError, notFound } from '../../http/errors';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { reflectionPurchases } from './member-reflection';
import { checkRevocationToken } from './revocation-link';
import { type RevocationOutcome, revokePurchase } from './revoke-purchase';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure, 429: ZFailure };

const ZRevocationAnswer = z.object({
  purchase_id: z.string(),
  reference: z.string(),
  status: z.literal('revoked'),
  refund_to: z.enum(['card', 'paypal', 'wallet']),
  amount_minor: z.number().int(),
  currency: z.enum(['USD', 'EURO']),
  refund_status: z.enum(['pending', 'succeeded']).nullable(),
  revoked_at: z.string(),
  channel: z.enum(['member_area', 'email_link']),
});

function answer(outcome: RevocationOutcome): z.infer<typeof ZRevocationAnswer> {
  const { purchase, revocation, refund } = outcome;
  return {
    purchase_id: purchase.id,
    reference: purchase.reference,
    status: 'revoked',
    refund_to: revocation.refundTo as 'card' | 'paypal' | 'wallet',
    amount_minor: revocation.amountMinor,
    currency: revocation.currency,
    refund_status: refund?.status ?? null,
    revoked_at: revocation.createdAt.toISOString(),
    channel: revocation.channel as 'member_area' | 'email_link',
  };
}

/**
 * Issue 30, the reflection period: the member's provisional and revoked purchases, revoking one from the member area,
 * and revoking through the signed link of the confirmation email. Every call needs the member's own full session;
 * another member's purchase answers 404 like an unknown one.
 */
export function reflectionRoutes(app: App, ctx: AppContext) {
  const member = authenticate(ctx);
  const payer = authenticate(ctx, { access: 'money' });
  const limit = perIp(Math.max(30, ctx.config.rateLimitAuthPerMinute * 3));

  app.get(
    '/member/purchases/reflection',
    {
      preHandler: member,
      schema: { tags: ['purchases'], response: { 200: ZSuccess(ZReflectionData), ...errors } },
    },
    async (request) => ok(await reflectionPurchases(ctx.database.db, memberOf(request).id)),
  );

  app.post(
    '/member/purchases/:id/revoke',
    {
      preHandler: payer,
      config: limit,
      schema: {
        tags: ['purchases'],
        description:
          'Revokes one of the member’s primary purchases in its 4-day reflection period: full refund to where the ' +
          'money came from, parts back to the offer, certificate void. A second call answers the same.',
        params: ZRevokeParams,
        response: { 200: ZSuccess(ZRevocationAnswer), ...errors },
      },
    },
    async (request) =>
      ok(
        answer(
          await revokePurchase(
            ctx,
            { memberId: memberOf(request).id, purchaseId: request.params.id, channel: 'member_area' },
            request.log,
          ),
        ),
      ),
  );

  app.post(
    '/member/purchases/revocation/link',
    {
      preHandler: payer,
      config: limit,
      schema: {
        tags: ['purchases'],
        description:
          'Revokes the purchase named by the signed link of its confirmation email; the link is refused when ' +
          'changed, past the reflection period, or opened in another member’s session.',
        body: ZRevocationLinkRequest,
        response: { 200: ZSuccess(ZRevocationAnswer), ...errors },
      },
    },
    async (request) => {
      const buyer = memberOf(request);
      const check = checkRevocationToken(ctx.config.serverSecret, request.body.token);
      if (!check.ok) {
        throw check.reason === 'expired'
          ? new AppError(409, 'ReflectionPeriodOver')
          : new AppError(400, 'RevocationLinkInvalid');
      }
      // The link is the buyer's: in anyone else's session it names nothing.
      if (check.link.userId !== buyer.id) throw notFound('PurchaseNotFound');
      return ok(
        answer(
          await revokePurchase(
            ctx,
            { memberId: buyer.id, purchaseId: check.link.purchaseId, channel: 'email_link' },
            request.log,
          ),
        ),
      );
    },
  );
}
