import {
  ZAdminWithdrawal,
  ZAdminWithdrawalsQuery,
  ZFailure,
  ZIdParams,
  ZRejectWithdrawal,
  ZSuccess,
  ZWithdrawal,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { requireOperator } from '../admin/guard';
import { exportSepaPayouts } from './sepa';
import {
  adminWithdrawal,
  approveWithdrawal,
  listAllWithdrawals,
  rejectWithdrawal,
  releaseWithdrawal,
  withdrawalData,
} from './service';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure };

/**
 * The withdrawal queue for finance operators (issue 15): four eyes (one operator approves, a different one
 * releases), rejection returns the hold, and released bank payouts are exported as a SEPA file for the bank.
 */
export function withdrawalAdminRoutes(app: App, ctx: AppContext) {
  const operator = requireOperator(ctx);
  const db = ctx.database.db;

  app.get(
    '/admin/withdrawals',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        querystring: ZAdminWithdrawalsQuery,
        response: { 200: ZSuccess(z.object({ withdrawals: z.array(ZAdminWithdrawal), total: z.number() })), ...errors },
      },
    },
    async (request) => ok(await listAllWithdrawals(db, request.query)),
  );

  app.post(
    '/admin/withdrawals/:id/approve',
    {
      onRequest: operator,
      schema: { tags: ['admin'], params: ZIdParams, response: { 200: ZSuccess(ZWithdrawal), ...errors } },
    },
    async (request) =>
      ok(withdrawalData(await approveWithdrawal(ctx, memberOf(request), request.params.id)), 'WithdrawalApproved'),
  );

  app.post(
    '/admin/withdrawals/:id/release',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'The second of the four eyes: another operator than the approver releases the payout (409 else).',
        params: ZIdParams,
        response: { 200: ZSuccess(ZAdminWithdrawal), ...errors },
      },
    },
    async (request) =>
      ok(
        await adminWithdrawal(db, await releaseWithdrawal(ctx, memberOf(request), request.params.id)),
        'WithdrawalReleased',
      ),
  );

  app.post(
    '/admin/withdrawals/:id/reject',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        params: ZIdParams,
        body: ZRejectWithdrawal,
        response: { 200: ZSuccess(ZWithdrawal), ...errors },
      },
    },
    async (request) =>
      ok(
        withdrawalData(await rejectWithdrawal(ctx, memberOf(request), request.params.id, request.body.reason)),
        'WithdrawalRejected',
      ),
  );

  app.get(
    '/admin/withdrawals/sepa.xml',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description:
          'The released bank payouts in EUR not yet exported, as a SEPA credit-transfer file (pain.001.001.03); ' +
          'they are marked exported in the same transaction, so the next call does not repeat them. A payout the bank ' +
          'would refuse (no usable name, a bad IBAN) is left out and named in x-payout-skipped (references only).',
        response: { 200: z.string().describe('application/xml'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await exportSepaPayouts(ctx, memberOf(request));
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.messageId}.xml"`)
        .header('cache-control', 'no-store')
        .header('x-payout-count', String(file.count))
        .header('x-payout-skipped', file.skipped.join(','))
        .send(file.xml);
    },
  );
}
