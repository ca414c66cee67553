import { ZFailure, ZPriceAlertBody, ZSuccess, ZWatchlistData, ZWatchParams } from '@parcelle/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { listWatchlist, removePriceAlert, setPriceAlert, unwatchWork, watchWork } from './service';

const errors = { 400: ZFailure, 401: ZFailure, 404: ZFailure, 429: ZFailure, 503: ZFailure };

/** The member's watchlist and price alerts (issue 17): their own rows only. */
export function watchlistRoutes(app: App, ctx: AppContext) {
  const db = ctx.database.db;
  const member = authenticate(ctx);
  const limit = perIp(ctx.config.rateLimitAuthPerMinute * 3);
  const common = { tags: ['watchlist'], security: [{ bearer: [] }] };

  app.get(
    '/member/watchlist',
    {
      preHandler: member,
      config: limit,
      schema: {
        ...common,
        description: 'The watched works, latest first, with the value of a part now and the latest price alert.',
        response: { 200: ZSuccess(ZWatchlistData), ...errors },
      },
    },
    async (request) => ok(await listWatchlist(db, memberOf(request).id)),
  );

  app.put(
    '/member/watchlist/:paintingId',
    {
      preHandler: member,
      config: limit,
      schema: { ...common, params: ZWatchParams, response: { 200: ZSuccess(z.null()), ...errors } },
    },
    async (request) => {
      await watchWork(db, memberOf(request).id, request.params.paintingId);
      return ok(null, 'WorkWatched');
    },
  );

  app.delete(
    '/member/watchlist/:paintingId',
    {
      preHandler: member,
      config: limit,
      schema: { ...common, params: ZWatchParams, response: { 200: ZSuccess(z.null()), ...errors } },
    },
    async (request) => {
      await unwatchWork(db, memberOf(request).id, request.params.paintingId);
      return ok(null, 'WorkUnwatched');
    },
  );

  app.put(
    '/member/watchlist/:paintingId/alert',
    {
      preHandler: member,
      config: limit,
      schema: {
        ...common,
        description: 'Sets the price alert on a work (watching it): told once when a part’s value crosses it.',
        params: ZWatchParams,
        body: ZPriceAlertBody,
        response: { 200: ZSuccess(z.null()), ...errors },
      },
    },
    async (request) => {
      await setPriceAlert(db, memberOf(request).id, request.params.paintingId, request.body);
      return ok(null, 'PriceAlertSaved');
    },
  );

  app.delete(
    '/member/watchlist/:paintingId/alert',
    {
      preHandler: member,
      config: limit,
      schema: { ...common, params: ZWatchParams, response: { 200: ZSuccess(z.null()), ...errors } },
    },
    async (request) => {
      await removePriceAlert(db, memberOf(request).id, request.params.paintingId);
      return ok(null, 'PriceAlertRemoved');
    },
  );
}
