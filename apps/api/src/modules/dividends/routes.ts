import {
  ZAdminDividends,
  ZAdminDividendsQuery,
  ZDeclareDividend,
  ZDividendPreview,
  ZFailure,
  ZIdParams,
  ZSuccess,
} from '@parcelle/shared';
import type { AppContext } from '../../context';
import { memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { requireOperator } from '../admin/guard';
import { approveDividend, declareDividend, dividendPreview, listDividends } from './service';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure };

/**
 * Dividends for finance operators (issue 15): declare (with the preview of every holder's amount), then a second
 * operator approves, which pays. Nothing is paid before the approval.
 */
export function dividendAdminRoutes(app: App, ctx: AppContext) {
  const operator = requireOperator(ctx);
  const db = ctx.database.db;

  app.get(
    '/admin/dividends',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        querystring: ZAdminDividendsQuery,
        response: { 200: ZSuccess(ZAdminDividends), ...errors },
      },
    },
    async (request) => ok(await listDividends(db, request.query)),
  );

  app.post(
    '/admin/dividends',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'Declares a dividend and answers its preview; nothing is paid until another operator approves.',
        body: ZDeclareDividend,
        response: { 200: ZSuccess(ZDividendPreview), ...errors },
      },
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

  app.get(
    '/admin/dividends/:id',
    {
      onRequest: operator,
      schema: { tags: ['admin'], params: ZIdParams, response: { 200: ZSuccess(ZDividendPreview), ...errors } },
    },
    async (request) => ok(await dividendPreview(db, request.params.id)),
  );

  app.post(
    '/admin/dividends/:id/approve',
    {
      onRequest: operator,
      schema: {
        tags: ['admin'],
        description: 'The second operator (never the declarer) approves the declared dividend, which pays it, once.',
        params: ZIdParams,
        response: { 200: ZSuccess(ZDividendPreview), ...errors },
      },
    },
    async (request) => ok(await approveDividend(ctx, memberOf(request), request.params.id), 'DividendApproved'),
  );
}
