import {
  ZAdminAudit,
  ZAdminAuditQuery,
  ZAdminMe,
  ZAdminOperators,
  ZAdminOperatorsQuery,
  ZFailure,
  ZIdParams,
  ZInviteOperator,
  ZReadiness,
  ZSetOperatorRole,
  ZSuccess,
  ZTotpConfirmData,
  ZTotpConfirmRequest,
  ZTotpEnrolData,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { memberOf, sessionOf } from '../../http/authenticate';
import { failureBody } from '../../http/errors';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { unfreezeAccount } from '../account/security';
import { confirmTotp, enrolTotp } from '../auth/totp';
import { dividendAdminRoutes } from '../dividends/routes';
import { exitAdminRoutes } from '../exits/routes';
import { ledgerAdminRoutes } from '../ledger/admin-routes';
import { memberAdminRoutes } from '../members-admin/routes';
import { verificationAdminRoutes } from '../verification/admin-routes';
import { withdrawalAdminRoutes } from '../withdrawals/admin-routes';
import { audit } from './audit';
import { auditCsv, searchAudit } from './audit-log';
import { requireOperator, requireOperatorEnrolling } from './guard';
import { inviteOperator, listOperators, operatorProfile, setOperatorDisabled, setOperatorRole } from './operators';
import { readiness } from './readiness';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure };

/** Operator endpoints (issue 6), the base of the back-office: every action is audited. */
export function adminRoutes(app: App, ctx: AppContext) {
  const operator = requireOperator(ctx);
  const db = ctx.database.db;
  const enrolling = requireOperatorEnrolling(ctx);
  memberAdminRoutes(app, ctx);
  withdrawalAdminRoutes(app, ctx);
  dividendAdminRoutes(app, ctx);
  verificationAdminRoutes(app, ctx);
  exitAdminRoutes(app, ctx);
  ledgerAdminRoutes(app, ctx);

  // The second factor (issue 12). An operator's first sign-in may only do these two calls.
  app.post(
    '/admin/totp/enrol',
    {
      onRequest: enrolling,
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
      onRequest: enrolling,
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

  // Readiness for operators and orchestrators holding an operator token (liveness is the public GET /health).
  app.get(
    '/admin/readiness',
    {
      onRequest: operator,
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

  // Who is signed in to the console (apps/admin): its menu follows operator_role.
  app.get(
    '/admin/me',
    { onRequest: operator, schema: { tags: ['admin'], response: { 200: ZSuccess(ZAdminMe), ...errors } } },
    async (request) => ok(operatorProfile(memberOf(request))),
  );

  // Operators and their roles (admins only, see roles.ts).
  app.get(
    '/admin/operators',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        querystring: ZAdminOperatorsQuery,
        response: { 200: ZSuccess(ZAdminOperators), ...errors },
      },
    },
    async (request) => ok(await listOperators(db, request.query)),
  );

  app.post(
    '/admin/operators',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'Invites an operator: the account is made and a link to choose a password is emailed.',
        body: ZInviteOperator,
        response: { 200: ZSuccess(z.null()), ...errors },
      },
    },
    async (request) => {
      await inviteOperator(ctx, memberOf(request), request.body);
      return ok(null, 'OperatorInvited');
    },
  );

  for (const [verb, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/admin/operators/:id/${verb}`,
      {
        onRequest: operator,
        schema: { tags: ['admin'], params: ZIdParams, response: { 200: ZSuccess(z.null()), ...errors } },
      },
      async (request) => {
        await setOperatorDisabled(db, memberOf(request), request.params.id, disabled);
        return ok(null, disabled ? 'OperatorDisabled' : 'OperatorEnabled');
      },
    );
  }

  app.put(
    '/admin/operators/:id/role',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        params: ZIdParams,
        body: ZSetOperatorRole,
        response: { 200: ZSuccess(z.null()), ...errors },
      },
    },
    async (request) => {
      await setOperatorRole(db, memberOf(request), request.params.id, request.body.operator_role);
      return ok(null, 'OperatorRoleChanged');
    },
  );

  // The audit log: searchable, and exportable as CSV with the same filters (admins only).
  app.get(
    '/admin/audit',
    {
      onRequest: operator,
      schema: { tags: ['admin'], querystring: ZAdminAuditQuery, response: { 200: ZSuccess(ZAdminAudit), ...errors } },
    },
    async (request) => ok(await searchAudit(db, request.query)),
  );

  app.get(
    '/admin/audit.csv',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        querystring: ZAdminAuditQuery.omit({ limit: true, offset: true }),
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="parcelle-audit.csv"')
        .header('cache-control', 'no-store')
        .send(await auditCsv(db, request.query)),
  );

  // Issue 12: an account frozen from the link of a change notice is unfrozen by an operator, and audited.
  app.post(
    '/admin/members/:id/unfreeze',
    {
      onRequest: operator,
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
          before: { frozen: true },
          after: { frozen: false },
        });
      });
      return ok(null, 'AccountUnfrozen');
    },
  );
}
