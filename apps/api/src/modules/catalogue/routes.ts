import {
  ZArtistDetailData,
  ZArtistDetailQuery,
  ZArtistsData,
  ZArtistsQuery,
  ZFailure,
  ZKpisData,
  ZOrderBook,
  ZOrderBookQuery,
  ZPaintingDetailData,
  ZPaintingDetailQuery,
  ZPaintingsData,
  ZPaintingsQuery,
  ZSuccess,
} from '@parcelle/shared';
import type { AppContext } from '../../context';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { orderBook } from '../secondary/book';
import type { PublicReadCache } from './read-cache';
import { artistDetail, artistKpis, listArtists, listPaintings, paintingDetail } from './service';

const errors = { 400: ZFailure, 404: ZFailure };

/**
 * Public catalogue (spec §7): artists, the header ticker, market lists and painting detail. No token needed. Every
 * read is answered from memory while no change makes it stale (`reads`, read-cache.ts), with an ETag and a short
 * public Cache-Control.
 */
export function catalogueRoutes(app: App, ctx: AppContext, reads: PublicReadCache) {
  const db = ctx.database.db;
  const baseUrl = ctx.config.mediaBaseUrl;
  const onRequest = reads.onRequest;

  app.get(
    '/artists/list/kpis',
    { onRequest, schema: { tags: ['catalogue'], response: { 200: ZSuccess(ZKpisData) } } },
    async (request, reply) => reads.answer('kpis', request, reply, ok(await artistKpis(db))),
  );

  app.get(
    '/artists/',
    {
      onRequest,
      schema: { tags: ['catalogue'], querystring: ZArtistsQuery, response: { 200: ZSuccess(ZArtistsData), ...errors } },
    },
    async (request, reply) =>
      reads.answer('artists', request, reply, ok({ ...(await listArtists(db, request.query)), base_url: baseUrl })),
  );

  app.get(
    '/artists/detail',
    {
      onRequest,
      schema: {
        tags: ['catalogue'],
        querystring: ZArtistDetailQuery,
        response: { 200: ZSuccess(ZArtistDetailData), ...errors },
      },
    },
    async (request, reply) =>
      reads.answer(
        'artist',
        request,
        reply,
        ok({ ...(await artistDetail(db, request.query.artistId, request.query.currency)), base_url: baseUrl }),
      ),
  );

  app.get(
    '/paintings/',
    {
      onRequest,
      schema: {
        tags: ['catalogue'],
        querystring: ZPaintingsQuery,
        response: { 200: ZSuccess(ZPaintingsData), ...errors },
      },
    },
    async (request, reply) =>
      reads.answer('paintings', request, reply, ok({ ...(await listPaintings(db, request.query)), base_url: baseUrl })),
  );

  app.get(
    '/paintings/detail',
    {
      onRequest,
      schema: {
        tags: ['catalogue'],
        querystring: ZPaintingDetailQuery,
        response: { 200: ZSuccess(ZPaintingDetailData), ...errors },
      },
    },
    async (request, reply) =>
      reads.answer(
        'painting',
        request,
        reply,
        ok({
          ...(await paintingDetail(db, request.query.painting_id, request.query.currency, baseUrl)),
          base_url: baseUrl,
        }),
      ),
  );

  // Issue 17: a work's order book, public and cached like the work itself (dropped by every change of its book).
  app.get(
    '/paintings/order-book',
    {
      onRequest,
      schema: {
        tags: ['catalogue'],
        querystring: ZOrderBookQuery,
        response: { 200: ZSuccess(ZOrderBook), ...errors },
      },
    },
    async (request, reply) =>
      reads.answer('painting', request, reply, ok(await orderBook(db, request.query.painting_id))),
  );
}
