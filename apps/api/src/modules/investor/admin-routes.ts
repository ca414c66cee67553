import {
  ZAdminConsents,
  ZAdminSophisticationQuery,
  ZAdminSophisticationRequest,
  ZAdminSophisticationRequests,
  ZDecideSophistication,
  ZFailure,
  ZIdParams,
  ZSophisticationDocumentParams,
  ZSuccess,
} from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { memberOf } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { audit } from '../admin/audit';
import { requireOperator } from '../admin/guard';
import { decideSophistication, listSophisticationRequests, requestView } from './category';
import { consentLogOf } from './consents';
import { documentsOfRequests, openEvidenceForOperator, sendEvidence } from './evidence';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure };

/**
 * The compliance side of the investor protections (issue 30): the queue of sophistication requests and their
 * decision, and one member's consent log (every read audited). Roles: admin/roles.ts (compliance only).
 */
export function investorAdminRoutes(app: App, ctx: AppContext) {
  const operator = requireOperator(ctx);
  const db = ctx.database.db;

  app.get(
    '/admin/investor/sophistication-requests',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'Requests to be treated as a sophisticated investor, newest first, by state.',
        querystring: ZAdminSophisticationQuery,
        response: { 200: ZSuccess(ZAdminSophisticationRequests), ...errors },
      },
    },
    async (request) => ok(await listSophisticationRequests(db, request.query)),
  );

  app.post(
    '/admin/investor/sophistication-requests/:id/decide',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description:
          'Approves (valid two years) or rejects (with a reason the member reads) a pending request; audited.',
        params: ZIdParams,
        body: ZDecideSophistication,
        response: {
          200: ZSuccess(ZAdminSophisticationRequest.omit({ member_email: true, member_name: true })),
          ...errors,
        },
      },
    },
    async (request) => {
      const decided = await db.transaction((tx) =>
        decideSophistication(tx, ctx.config.investor, memberOf(request), request.params.id, request.body),
      );
      const documents = (await documentsOfRequests(db, [decided.id])).get(decided.id);
      return ok(
        { ...requestView(decided, documents), member_id: decided.userId, decided_by: decided.decidedBy },
        'SophisticationDecided',
      );
    },
  );

  app.get(
    '/admin/investor/sophistication-requests/:id/documents/:docId',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description:
          'One evidence file of a request, decrypted (compliance and admin operators); every view is in the audit log.',
        params: ZSophisticationDocumentParams,
        response: { 200: z.any().describe('image/jpeg, image/png or application/pdf'), ...errors },
      },
    },
    async (request, reply) =>
      sendEvidence(
        reply,
        await openEvidenceForOperator(ctx, memberOf(request), request.params.id, request.params.docId),
      ),
  );

  app.get(
    '/admin/investor/members/:id/consents',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'One member’s consent log (every warning acknowledged), newest first; each view is audited.',
        params: ZIdParams,
        response: { 200: ZSuccess(ZAdminConsents), ...errors },
      },
    },
    async (request) => {
      const memberId = request.params.id;
      const items = await db.transaction(async (tx) => {
        const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, memberId));
        if (!member) throw notFound('NotFound');
        await audit(tx, {
          actorId: memberOf(request).id,
          action: 'investor_consents.view',
          targetType: 'user',
          targetId: memberId,
        });
        return consentLogOf(tx, memberId);
      });
      return ok({ items });
    },
  );
}
