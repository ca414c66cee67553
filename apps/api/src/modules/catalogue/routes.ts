import {
  ZArtistDetailData,
  ZArtistDetailQuery,
  ZArtistsData,
  ZArtistsQuery,
  ZFailure,
  ZKpisData,
  ZPaintingDetailData,
  ZPaintingDetailQuery,
  ZPaintingsData,
  ZPaintingsQuery,
  ZSuccess,
} from '@parcelle/shared';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { artistDetail, artistKpis, listArtists, listPaintings, paintingDetail } from './service';

const errors = { 400: ZFailure, 404: ZFailure };

/** Public catalogue (spec §7): artists, the header ticker, market lists and painting detail. No token needed. */
export function catalogueRoutes(app: App, ctx: AppContext) {
  const db = ctx.database.db;
  const baseUrl = ctx.config.mediaBaseUrl;

  app.get('/artists/list/kpis', { schema: { tags: ['catalogue'], response: { 200: ZSuccess(ZKpisData) } } }, async () =>
    ok(await artistKpis(db)),
  );

  app.get(
    '/artists/',
    {
      schema: { tags: ['catalogue'], querystring: ZArtistsQuery, response: { 200: ZSuccess(ZArtistsData), ...errors } },
    },
    async (request) => ok({ ...(await listArtists(db, request.query)), base_url: baseUrl }),
  );

  app.get(
    '/artists/detail',
    {
      schema: {
        tags: ['catalogue'],
        querystring: ZArtistDetailQuery,
        response: { 200: ZSuccess(ZArtistDetailData), ...errors },
      },
    },
    async (request) =>
      ok({ ...(await artistDetail(db, request.query.artistId, request.query.currency)), base_url: baseUrl }),
  );

  app.get(
    '/paintings/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: ZPaintingsQuery,
        response: { 200: ZSuccess(ZPaintingsData), ...errors },
      },
    },
    async (request) => ok({ ...(await listPaintings(db, request.query)), base_url: baseUrl }),
  );

  app.get(
    '/paintings/detail',
    {
      schema: {
        tags: ['catalogue'],
        querystring: ZPaintingDetailQuery,
        response: { 200: ZSuccess(ZPaintingDetailData), ...errors },
      },
    },
    async (request) =>
      ok({
        ...(await paintingDetail(db, request.query.painting_id, request.query.currency, baseUrl)),
        base_url: baseUrl,
      }),
  );
}
