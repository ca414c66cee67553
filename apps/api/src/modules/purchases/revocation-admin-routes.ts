import { ZAdminRevocations, ZAdminRevocationsQuery, ZFailure, ZSuccess } from '@parcelle/shared';
import type { AppContext } from '../../context';
import { memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { requireOperator } from '../admin/guard';
import { listRevocations } from './admin-revocations';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure };

/** The console's revocations (issue 30, decision 421); which roles may call it: admin/roles.ts. */
export function revocationAdminRoutes(app: App, ctx: AppContext) {
  const operator = requireOperator(ctx);
  app.get(
    '/admin/revocations',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description:
          'Revoked primary purchases (reflection period): member, work, parts, amount, when, refund route and state; ' +
          'filtered by the Paris day of the revocation, sorted and paged; each read is audited.',
        querystring: ZAdminRevocationsQuery,
        response: { 200: ZSuccess(ZAdminRevocations), ...errors },
      },
    },
    async (request) => ok(await listRevocations(ctx.database.db, memberOf(request).id, request.query)),
  );
}
