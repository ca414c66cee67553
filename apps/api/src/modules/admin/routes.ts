import {
  ZAdminLedger,
  ZAdminMe,
  ZAdminMembers,
  ZAdminPageQuery,
  ZAdminWithdrawal,
  ZAdminWithdrawalsQuery,
  ZDeclareDividend,
  ZDividendResult,
  ZFailure,
  ZIdParams,
  ZReadiness,
  ZRejectWithdrawal,
  ZSuccess,
  ZTotpConfirmData,
  ZTotpConfirmRequest,
  ZTotpEnrolData,
  ZWithdrawal,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { memberOf, sessionOf } from '../../http/authenticate';
import { failureBody } from '../../http/errors';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { unfreezeAccount } from '../account/security';
import { confirmTotp, enrolTotp } from '../auth/totp';
import { declareDividend } from '../dividends/service';
import { decideWithdrawal, listAllWithdrawals, withdrawalData } from '../withdrawals/service';
import { audit } from './audit';
import { requireOperator, requireOperatorEnrolling } from './guard';
import { readiness } from './readiness';
import { listLedgerTransactions, listMembers } from './service';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure };

/** Operator endpoints (issue 6), the base of the back-office: every action is audited. */
export function adminRoutes(app: App, ctx: AppContext) {
  const operator = requireOperator(ctx);
  const db = ctx.database.db;
  const enrolling = requireOperatorEnrolling(ctx);

  // The second factor (issue 12). An operator's first sign-in may only do these two calls.
  app.post(
    '/admin/totp/enrol',
    {
      preHandler: enrolling,
      config: perIp(ctx.config.rateLimitAuthPerMinute),
      schema: {
        tags: ['admin'],
        description: 'A new TOTP secret and its otpauth:// URI (to show as a QR code), until one is confirmed.',
        response: { 200: ZSuccess(ZTotpEnrolData), ...errors },
      },
    },
    async (request) => ok(await enrolTotp(ctx, memberOf(request)), 'TotpSecretCreated'),
  );

  app.post(
    '/admin/totp/confirm',
    {
      preHandler: enrolling,
      config: perIp(ctx.config.rateLimitAuthPerMinute),
      schema: {
        tags: ['admin'],
        description: 'A first code turns the factor on; answers the recovery codes, once.',
        body: ZTotpConfirmRequest,
        response: { 200: ZSuccess(ZTotpConfirmData), 429: ZFailure, ...errors },
      },
    },
    async (request) =>
      ok(await confirmTotp(ctx, memberOf(request), sessionOf(request), request.body.code), 'TotpEnrolled'),
  );

  // Who is signed in to the console (apps/admin): its menu follows operator_role. Stand-in until operator roles
  // land (issue 15): today every operator is role 'admin'; the lead's version replaces this one on merge.
  app.get(
    '/admin/me',
    {
      preHandler: operator,
      schema: { tags: ['admin'], response: { 200: ZSuccess(ZAdminMe), ...errors } },
    },
    async (request) => {
      const me = memberOf(request);
      return ok({
        id: me.id,
        email: me.email,
        first_name: me.firstName,
        last_name: me.lastName,
        operator_role: 'admin' as const,
      });
    },
  );

  // Readiness for operators and orchestrators holding an operator token (liveness is the public GET /health).
  app.get(
    '/admin/readiness',
    {
      preHandler: operator,
      schema: {
        tags: ['admin'],
        response: { 200: ZSuccess(ZReadiness), 503: ZFailure.extend({ data: ZReadiness }), ...errors },
      },
    },
    async (_request, reply) => {
      const state = await readiness(ctx.database);
      if (state.ready) return ok(state);
      return reply.status(503).send({ ...failureBody(503, 'NotReady'), data: state });
    },
  );

  app.get(
    '/admin/members',
    {
      preHandler: operator,
      schema: { tags: ['admin'], querystring: ZAdminPageQuery, response: { 200: ZSuccess(ZAdminMembers), ...errors } },
    },
    async (request) => ok(await listMembers(db, request.query)),
  );

  app.get(
    '/admin/ledger/transactions',
    {
      preHandler: operator,
      schema: { tags: ['admin'], querystring: ZAdminPageQuery, response: { 200: ZSuccess(ZAdminLedger), ...errors } },
    },
    async (request) => ok(await listLedgerTransactions(db, request.query)),
  );

  app.get(
    '/admin/withdrawals',
    {
      preHandler: operator,
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
      preHandler: operator,
      schema: { tags: ['admin'], params: ZIdParams, response: { 200: ZSuccess(ZWithdrawal), ...errors } },
    },
    async (request) =>
      ok(
        withdrawalData(await decideWithdrawal(ctx, memberOf(request), request.params.id, { approve: true })),
        'WithdrawalApproved',
      ),
  );

  app.post(
    '/admin/withdrawals/:id/reject',
    {
      preHandler: operator,
      schema: {
        tags: ['admin'],
        params: ZIdParams,
        body: ZRejectWithdrawal,
        response: { 200: ZSuccess(ZWithdrawal), ...errors },
      },
    },
    async (request) =>
      ok(
        withdrawalData(
          await decideWithdrawal(ctx, memberOf(request), request.params.id, {
            approve: false,
            reason: request.body.reason,
          }),
        ),
        'WithdrawalRejected',
      ),
  );

  // Issue 12: an account frozen from the link of a change notice is unfrozen by an operator, and audited.
  app.post(
    '/admin/members/:id/unfreeze',
    {
      preHandler: operator,
      schema: { tags: ['admin'], params: ZIdParams, response: { 200: ZSuccess(z.null()), ...errors } },
    },
    async (request) => {
      await db.transaction(async (tx) => {
        await unfreezeAccount(tx, request.params.id);
        await audit(tx, {
          actorId: memberOf(request).id,
          action: 'member.unfreeze',
          targetType: 'user',
          targetId: request.params.id,
          details: {},
        });
      });
      return ok(null, 'AccountUnfrozen');
    },
  );

  app.post(
    '/admin/dividends',
    {
      preHandler: operator,
      schema: { tags: ['admin'], body: ZDeclareDividend, response: { 200: ZSuccess(ZDividendResult), ...errors } },
    },
    async (request) =>
      ok(
        await declareDividend(ctx, memberOf(request), {
          paintingId: request.body.painting_id,
          year: request.body.year,
          currency: request.body.currency,
          totalMinor: request.body.total_amount_minor,
          perPartMinor: request.body.amount_per_part_minor,
          recordDate: request.body.record_date ? new Date(request.body.record_date) : undefined,
        }),
        'DividendDeclared',
      ),
  );
}
