import {
  ZAdminArtistDetail,
  ZAdminArtists,
  ZAdminArtistsQuery,
  ZAdminPaintingDetail,
  ZAdminPaintings,
  ZAdminPaintingsQuery,
  ZAdminRate,
  ZAdminRates,
  ZAdminRatesQuery,
  ZAdminValuation,
  ZAdminValuations,
  ZArtistInput,
  ZArtistPatch,
  ZArtistYearInput,
  ZDocumentParams,
  ZFailure,
  ZIdParams,
  ZImageParams,
  ZMarketTransition,
  ZPaintingInput,
  ZPaintingPatch,
  ZRateInput,
  ZRateParams,
  ZSuccess,
  ZUploadedKey,
  ZValuationInput,
  ZYearParams,
} from '@parcelle/shared';
import type { AppContext } from '../../context';
import { memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { requireOperator } from '../admin/guard';
import { listRates, saveRate } from '../fx/manage-rates';
import { checkPriceAlertsLater } from '../watchlist/alerts';
import {
  adminArtistDetail,
  createArtist,
  deleteArtistYear,
  listAdminArtists,
  setArtistPortrait,
  updateArtist,
  upsertArtistYear,
} from './artists';
import { transitionMarket } from './market';
import {
  addPaintingImage,
  adminPaintingDetail,
  createPainting,
  listAdminPaintings,
  removePaintingImage,
  setPaintingCover,
  setPaintingDocument,
  updatePainting,
} from './paintings';
import { addValuation, correctValuation, listValuations, uploadValuationDocument } from './valuations';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure };
const uploadErrors = { ...errors, 413: ZFailure };
const tags = ['admin-catalogue'];
const multipart = (what: string) => ({ consumes: ['multipart/form-data'], description: what });

/**
 * The Catalogue section of the operator console (issue 15): artists, works, valuations, market states and exchange
 * rates. Roles in admin/roles.ts; every write is audited in its own transaction by the services.
 */
export function catalogueAdminRoutes(app: App, ctx: AppContext) {
  const onRequest = requireOperator(ctx);
  const db = ctx.database.db;
  // Each write is announced once its service has committed, so every process drops the public reads it changes.
  const artistChanged = <T>(artistId: string, result: T): T => {
    ctx.catalogueChanges.changed({ kind: 'artist', artistId });
    return result;
  };
  const workChanged = <T>(paintingId: string, result: T): T => {
    ctx.catalogueChanges.changed({ kind: 'work', paintingId });
    return result;
  };
  // A valuation or a rate moves the value of a part: the price alerts are checked by a job (issue 17).
  const valuationChanged = async <T extends { painting_id: string }>(result: T): Promise<T> => {
    ctx.catalogueChanges.changed({ kind: 'valuation', paintingId: result.painting_id });
    await checkPriceAlertsLater(ctx, result.painting_id);
    return result;
  };

  // ---------------------------------------------------------------- artists
  app.get(
    '/admin/artists',
    {
      onRequest,
      schema: { tags, querystring: ZAdminArtistsQuery, response: { 200: ZSuccess(ZAdminArtists), ...errors } },
    },
    async (request) => ok(await listAdminArtists(db, request.query)),
  );
  app.get(
    '/admin/artists/:id',
    { onRequest, schema: { tags, params: ZIdParams, response: { 200: ZSuccess(ZAdminArtistDetail), ...errors } } },
    async (request) => ok(await adminArtistDetail(db, request.params.id)),
  );
  app.post(
    '/admin/artists',
    { onRequest, schema: { tags, body: ZArtistInput, response: { 200: ZSuccess(ZAdminArtistDetail), ...errors } } },
    async (request) =>
      ok(
        await createArtist(db, memberOf(request), request.body).then((artist) => artistChanged(artist.id, artist)),
        'ArtistCreated',
      ),
  );
  app.patch(
    '/admin/artists/:id',
    {
      onRequest,
      schema: {
        tags,
        params: ZIdParams,
        body: ZArtistPatch,
        response: { 200: ZSuccess(ZAdminArtistDetail), ...errors },
      },
    },
    async (request) =>
      ok(
        artistChanged(request.params.id, await updateArtist(db, memberOf(request), request.params.id, request.body)),
        'ArtistUpdated',
      ),
  );
  app.post(
    '/admin/artists/:id/portrait',
    {
      onRequest,
      schema: {
        tags,
        ...multipart('One file in the field `image`: JPEG, PNG or WebP, at most 20 MiB; stored as WebP.'),
        params: ZIdParams,
        response: { 200: ZSuccess(ZAdminArtistDetail), ...uploadErrors },
      },
    },
    async (request) =>
      ok(
        artistChanged(request.params.id, await setArtistPortrait(ctx, memberOf(request), request.params.id, request)),
        'ArtistPortraitUpdated',
      ),
  );
  app.put(
    '/admin/artists/:id/years/:year',
    {
      onRequest,
      schema: {
        tags,
        params: ZYearParams,
        body: ZArtistYearInput,
        response: { 200: ZSuccess(ZAdminArtistDetail), ...errors },
      },
    },
    async (request) =>
      ok(
        artistChanged(
          request.params.id,
          await upsertArtistYear(db, memberOf(request), request.params.id, request.params.year, request.body),
        ),
        'ArtistYearSaved',
      ),
  );
  app.delete(
    '/admin/artists/:id/years/:year',
    { onRequest, schema: { tags, params: ZYearParams, response: { 200: ZSuccess(ZAdminArtistDetail), ...errors } } },
    async (request) =>
      ok(
        artistChanged(
          request.params.id,
          await deleteArtistYear(db, memberOf(request), request.params.id, request.params.year),
        ),
        'ArtistYearDeleted',
      ),
  );

  // ---------------------------------------------------------------- works
  app.get(
    '/admin/paintings',
    {
      onRequest,
      schema: { tags, querystring: ZAdminPaintingsQuery, response: { 200: ZSuccess(ZAdminPaintings), ...errors } },
    },
    async (request) => ok(await listAdminPaintings(db, request.query)),
  );
  app.get(
    '/admin/paintings/:id',
    { onRequest, schema: { tags, params: ZIdParams, response: { 200: ZSuccess(ZAdminPaintingDetail), ...errors } } },
    async (request) => ok(await adminPaintingDetail(db, request.params.id)),
  );
  app.post(
    '/admin/paintings',
    {
      onRequest,
      schema: { tags, body: ZPaintingInput, response: { 200: ZSuccess(ZAdminPaintingDetail), ...errors } },
    },
    async (request) =>
      ok(
        await createPainting(db, memberOf(request), request.body).then((work) => workChanged(work.id, work)),
        'PaintingCreated',
      ),
  );
  app.patch(
    '/admin/paintings/:id',
    {
      onRequest,
      schema: {
        tags,
        params: ZIdParams,
        body: ZPaintingPatch,
        response: { 200: ZSuccess(ZAdminPaintingDetail), ...errors },
      },
    },
    async (request) =>
      ok(
        workChanged(request.params.id, await updatePainting(db, memberOf(request), request.params.id, request.body)),
        'PaintingUpdated',
      ),
  );
  app.post(
    '/admin/paintings/:id/cover',
    {
      onRequest,
      schema: {
        tags,
        ...multipart('One file in the field `image`: JPEG, PNG or WebP, at most 20 MiB; stored as WebP.'),
        params: ZIdParams,
        response: { 200: ZSuccess(ZAdminPaintingDetail), ...uploadErrors },
      },
    },
    async (request) =>
      ok(
        workChanged(request.params.id, await setPaintingCover(ctx, memberOf(request), request.params.id, request)),
        'PaintingCoverUpdated',
      ),
  );
  app.post(
    '/admin/paintings/:id/images',
    {
      onRequest,
      schema: {
        tags,
        ...multipart('Adds one image (field `image`) after the others.'),
        params: ZIdParams,
        response: { 200: ZSuccess(ZAdminPaintingDetail), ...uploadErrors },
      },
    },
    async (request) =>
      ok(
        workChanged(request.params.id, await addPaintingImage(ctx, memberOf(request), request.params.id, request)),
        'PaintingImageAdded',
      ),
  );
  app.delete(
    '/admin/paintings/:id/images/:index',
    {
      onRequest,
      schema: { tags, params: ZImageParams, response: { 200: ZSuccess(ZAdminPaintingDetail), ...errors } },
    },
    async (request) =>
      ok(
        workChanged(
          request.params.id,
          await removePaintingImage(ctx, memberOf(request), request.params.id, request.params.index),
        ),
        'PaintingImageRemoved',
      ),
  );
  app.put(
    '/admin/paintings/:id/documents/:kind/:lang',
    {
      onRequest,
      schema: {
        tags,
        ...multipart('One PDF in the field `file`, at most 20 MiB: replaces the document of that kind and language.'),
        params: ZDocumentParams,
        response: { 200: ZSuccess(ZAdminPaintingDetail), ...uploadErrors },
      },
    },
    async (request) =>
      ok(
        workChanged(request.params.id, await setPaintingDocument(ctx, memberOf(request), request.params, request)),
        'PaintingDocumentSaved',
      ),
  );
  app.post(
    '/admin/paintings/:id/market',
    {
      onRequest,
      schema: {
        tags,
        description: 'One market transition (draft → shown → primary → secondary → sold), checked and audited.',
        params: ZIdParams,
        body: ZMarketTransition,
        response: { 200: ZSuccess(ZAdminPaintingDetail), ...errors },
      },
    },
    async (request) =>
      ok(
        workChanged(
          request.params.id,
          await transitionMarket(db, memberOf(request), request.params.id, request.body, ctx),
        ),
        'MarketChanged',
      ),
  );

  // ---------------------------------------------------------------- valuations
  app.get(
    '/admin/paintings/:id/valuations',
    { onRequest, schema: { tags, params: ZIdParams, response: { 200: ZSuccess(ZAdminValuations), ...errors } } },
    async (request) => ok(await listValuations(db, request.params.id)),
  );
  app.post(
    '/admin/paintings/:id/valuations',
    {
      onRequest,
      schema: {
        tags,
        params: ZIdParams,
        body: ZValuationInput,
        response: { 200: ZSuccess(ZAdminValuation), ...errors },
      },
    },
    async (request) =>
      ok(
        await valuationChanged(await addValuation(db, memberOf(request), request.params.id, request.body)),
        'ValuationAdded',
      ),
  );
  app.post(
    '/admin/paintings/:id/valuation-documents',
    {
      onRequest,
      schema: {
        tags,
        ...multipart('A supporting PDF (field `file`); its key is then named by an appraisal of this work.'),
        params: ZIdParams,
        response: { 200: ZSuccess(ZUploadedKey), ...uploadErrors },
      },
    },
    async (request) =>
      ok(await uploadValuationDocument(ctx, memberOf(request), request.params.id, request), 'DocumentUploaded'),
  );
  app.post(
    '/admin/valuations/:id/correct',
    {
      onRequest,
      schema: {
        tags,
        description: 'A correction: a new appraisal that supersedes this one (which stays in the history).',
        params: ZIdParams,
        body: ZValuationInput,
        response: { 200: ZSuccess(ZAdminValuation), ...errors },
      },
    },
    async (request) =>
      ok(
        await valuationChanged(await correctValuation(db, memberOf(request), request.params.id, request.body)),
        'ValuationCorrected',
      ),
  );

  // ---------------------------------------------------------------- exchange rates
  app.get(
    '/admin/exchange-rates',
    { onRequest, schema: { tags, querystring: ZAdminRatesQuery, response: { 200: ZSuccess(ZAdminRates), ...errors } } },
    async (request) => ok(await listRates(db, request.query)),
  );
  app.put(
    '/admin/exchange-rates/:day',
    {
      onRequest,
      schema: {
        tags,
        description: 'The EUR→USD reference rate of a day (1 EUR = rate USD), entered by hand.',
        params: ZRateParams,
        body: ZRateInput,
        response: { 200: ZSuccess(ZAdminRate), ...errors },
      },
    },
    async (request) =>
      ok(
        await saveRate(db, memberOf(request), request.params.day, request.body.rate).then(async (rate) => {
          ctx.catalogueChanges.changed({ kind: 'rate' });
          await checkPriceAlertsLater(ctx, null);
          return rate;
        }),
        'ExchangeRateSaved',
      ),
  );
}
