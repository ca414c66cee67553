import {
  ZAdminVerificationCase,
  ZAdminVerifications,
  ZAdminVerificationsQuery,
  ZApproveVerification,
  ZCloseVerification,
  ZConfirmSanctionsHit,
  ZDismissSanctionsHit,
  ZFailure,
  ZIdParams,
  ZRejectVerification,
  ZRequestResubmission,
  ZSanctionsExportQuery,
  ZSanctionsHitParams,
  ZSuccess,
  ZSuspendVerification,
  ZVerificationDocumentParams,
} from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { requireOperator } from '../admin/guard';
import { approveVerification, type Decision, decideVerification } from './decide';
import { listVerifications, verificationCase, viewDocument } from './review-queue';
import { confirmHit, dismissHit, exportCaseHits } from './sanctions-hits';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure };

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/**
 * The compliance side (issue 29): the review queue, a case, its documents (compliance role only, every view audited)
 * and the decisions. Which roles may call each route: admin/roles.ts.
 */
export function verificationAdminRoutes(app: App, ctx: AppContext) {
  const operator = requireOperator(ctx);
  const db = ctx.database.db;

  app.get(
    '/admin/verifications',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'The review queue: filters (state, risk, age, second approval, text), sorting and paging.',
        querystring: ZAdminVerificationsQuery,
        response: { 200: ZSuccess(ZAdminVerifications), ...errors },
      },
    },
    async (request) => ok(await listVerifications(db, request.query)),
  );

  app.get(
    '/admin/verifications/:id',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'A case: declared data, risk rating, documents (listed), history.',
        params: ZIdParams,
        response: { 200: ZSuccess(ZAdminVerificationCase), ...errors },
      },
    },
    async (request) => ok(await verificationCase(db, request.params.id)),
  );

  app.get(
    '/admin/verifications/:id/documents/:docId',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'The decrypted document (compliance operators only); every view is in the audit log.',
        params: ZVerificationDocumentParams,
        response: { 200: z.any().describe('image/jpeg, image/png or application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await viewDocument(ctx, memberOf(request), request.params.id, request.params.docId);
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          `inline; filename="${file.kind}-${request.params.docId}.${EXTENSIONS[file.contentType] ?? 'bin'}"`,
        )
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(file.bytes);
    },
  );

  app.post(
    '/admin/verifications/:id/approve',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description:
          'Approves a case in review or reinstates a suspended one. High risk: the first approval is recorded, and a ' +
          'second, different compliance operator’s approval decides.',
        params: ZIdParams,
        body: ZApproveVerification,
        response: { 200: ZSuccess(ZAdminVerificationCase), ...errors },
      },
    },
    async (request) => {
      const result = await approveVerification(ctx, memberOf(request), request.params.id, request.body);
      return ok(
        await verificationCase(db, request.params.id),
        result.awaitingSecondApproval ? 'VerificationFirstApprovalDone' : 'VerificationApprovedDone',
      );
    },
  );

  const decisions = [
    ['reject', ZRejectVerification, 'VerificationRejectedDone', 'Rejects a case in review.'],
    [
      'request-resubmission',
      ZRequestResubmission,
      'VerificationResubmissionDone',
      'Sends a case in review back to the member for more.',
    ],
    ['suspend', ZSuspendVerification, 'VerificationSuspendedDone', 'Suspends an approved member: money stops moving.'],
    ['close', ZCloseVerification, 'VerificationClosedDone', 'Ends the relationship with a suspended member.'],
  ] as const;
  for (const [path, body, done, description] of decisions) {
    const decision: Exclude<Decision, 'approve'> = path === 'request-resubmission' ? 'request_resubmission' : path;
    app.post(
      `/admin/verifications/:id/${path}`,
      {
        onRequest: operator,
        schema: {
          tags: ['admin'],
          description: `${description} The member is told, with the message, in the app and by email.`,
          params: ZIdParams,
          body,
          response: { 200: ZSuccess(ZAdminVerificationCase), ...errors },
        },
      },
      async (request) => {
        await decideVerification(ctx, memberOf(request), request.params.id, decision, request.body);
        return ok(await verificationCase(db, request.params.id), done);
      },
    );
  }

  app.post(
    '/admin/verifications/:id/hits/:hitId/dismiss',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description:
          'Dismisses a sanctions hit (a namesake) with its reason: appended to the hit’s decisions, audited; the case ' +
          'stays where it is.',
        params: ZSanctionsHitParams,
        body: ZDismissSanctionsHit,
        response: { 200: ZSuccess(ZAdminVerificationCase), ...errors },
      },
    },
    async (request) => {
      await dismissHit(ctx, memberOf(request), request.params.id, request.params.hitId, request.body);
      return ok(await verificationCase(db, request.params.id), 'SanctionsHitDismissedDone');
    },
  );

  app.post(
    '/admin/verifications/:id/hits/:hitId/confirm',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description:
          'Confirms a sanctions hit (the member is the listed person): the case is frozen in the same transaction ' +
          '(rejected with sanctions_confirmed in review, suspended once approved) and the member told; nothing deleted.',
        params: ZSanctionsHitParams,
        body: ZConfirmSanctionsHit,
        response: { 200: ZSuccess(ZAdminVerificationCase), ...errors },
      },
    },
    async (request) => {
      await confirmHit(ctx, memberOf(request), request.params.id, request.params.hitId, request.body);
      return ok(await verificationCase(db, request.params.id), 'SanctionsHitConfirmedDone');
    },
  );

  app.get(
    '/admin/verifications/:id/hits/export',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'The member’s confirmed sanctions hits for the authority (CSV or JSON); every export is audited.',
        params: ZIdParams,
        querystring: ZSanctionsExportQuery,
        response: { 200: z.string().describe('text/csv or application/json'), ...errors },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const exported = await exportCaseHits(ctx, memberOf(request), request.params.id, format);
      return reply
        .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="sanctions-hits-${exported.memberId}.${format}"`)
        .header('cache-control', 'no-store')
        .send(exported.body);
    },
  );
}
