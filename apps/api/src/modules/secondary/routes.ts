import {
  ZFailure,
  ZListing,
  ZListingReferenceParams,
  ZMyListingsData,
  ZMyListingsQuery,
  ZSaleRequest,
  ZSecondaryOffer,
  ZSecondaryOfferQuery,
  ZSuccess,
} from '@parcelle/shared';
import { toMajor } from '@parcelle/shared/money';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import { type Listing, listParts, withdrawListing } from './listings';
import { myListings, secondaryOffer } from './offer';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure, 429: ZFailure };

/** Listing data for the member (prices are stored in EUR, the base currency). */
export function listingData(listing: Listing) {
  return {
    reference: listing.reference,
    painting_id: listing.paintingId,
    quantity: listing.quantity,
    remaining: listing.remaining,
    price_per_part: { value: toMajor(listing.unitPriceMinor), curr: 'EURO' as const },
    status: listing.status,
    created_at: listing.createdAt.toISOString(),
  };
}

/** Selling on the secondary market (spec §4 Sale, §7 `paintings/sale`). */
export function secondaryRoutes(app: App, ctx: AppContext) {
  const member = authenticate(ctx);
  // Listing or withdrawing parts: a full session and a verified email (spec §6, issue 12).
  const seller = authenticate(ctx, { access: 'money' });
  const limit = perIp(Math.max(30, ctx.config.rateLimitAuthPerMinute * 3));
  const db = ctx.database.db;
  const mediaBase = ctx.config.mediaBaseUrl;
  const common = { tags: ['secondary market'], security: [{ bearer: [] }] };

  app.get(
    '/paintings/sale',
    {
      preHandler: member,
      config: limit,
      schema: { ...common, querystring: ZMyListingsQuery, response: { 200: ZSuccess(ZMyListingsData), ...errors } },
    },
    async (request) => {
      const page = await myListings(db, memberOf(request).id, request.query);
      return ok({
        listings: page.rows.map((row) => ({
          ...listingData(row.listing),
          title: row.title,
          cover_img: row.cover_img,
          reserved: row.reserved,
        })),
        total: page.total,
        base_url: mediaBase,
      });
    },
  );

  app.get(
    '/paintings/sale/offer',
    {
      preHandler: member,
      config: limit,
      schema: { ...common, querystring: ZSecondaryOfferQuery, response: { 200: ZSuccess(ZSecondaryOffer), ...errors } },
    },
    async (request) => {
      const buyer = memberOf(request);
      return ok(
        await secondaryOffer(db, buyer.id, request.query.painting_id, request.query.currency ?? buyer.currency),
      );
    },
  );

  app.post(
    '/paintings/sale',
    {
      preHandler: seller,
      config: limit,
      schema: { tags: ['secondary market'], body: ZSaleRequest, response: { 200: ZSuccess(ZListing), ...errors } },
    },
    async (request) => ok(listingData(await listParts(ctx, memberOf(request), request.body)), 'PartsListed'),
  );

  app.post(
    '/paintings/sale/:reference/withdraw',
    {
      preHandler: seller,
      config: limit,
      schema: {
        tags: ['secondary market'],
        params: ZListingReferenceParams,
        response: { 200: ZSuccess(ZListing), ...errors },
      },
    },
    async (request) =>
      ok(listingData(await withdrawListing(ctx, memberOf(request), request.params.reference)), 'ListingWithdrawn'),
  );
}
