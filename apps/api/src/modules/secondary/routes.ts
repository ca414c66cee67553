import {
  ZAccepted,
  ZAcceptRequest,
  ZBid,
  ZBidPlaced,
  ZBidReferenceParams,
  ZBidRequest,
  ZFailure,
  ZListing,
  ZListingReferenceParams,
  ZMyBidsData,
  ZMyBidsQuery,
  ZMyListingsData,
  ZMyListingsQuery,
  ZSalePlaced,
  ZSaleRequest,
  ZSecondaryOffer,
  ZSecondaryOfferQuery,
  ZSuccess,
} from '@parcelle/shared';
import { toMajor } from '@parcelle/shared/money';
import type { AppContext } from '../../context';
import { authenticate, memberOf, sessionOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import type { Bid } from '../market/bids';
import type { Listing } from '../market/listings';
import type { Trade } from '../market/trades';
import { listParts, withdrawListing } from './listings';
import { myListings, secondaryOffer } from './offer';
import { acceptAsk, acceptBid, cancelBid, myBids, placeBid } from './orders';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure, 429: ZFailure };

/** Listing data for the member (prices are stored in EUR, the base currency). */
export function listingData(listing: Listing) {
  return {
    reference: listing.reference,
    painting_id: listing.paintingId,
    quantity: listing.quantity,
    remaining: listing.remaining,
    price_per_part: { value: toMajor(listing.unitPriceMinor), curr: 'EURO' as const },
    price_per_part_minor: listing.unitPriceMinor,
    status: listing.status,
    created_at: listing.createdAt.toISOString(),
  };
}

/** Bid data for the member (EUR, the base currency). */
export function bidData(bid: Bid) {
  return {
    reference: bid.reference,
    painting_id: bid.paintingId,
    quantity: bid.quantity,
    remaining: bid.remaining,
    price_per_part: { value: toMajor(bid.unitPriceMinor), curr: 'EURO' as const },
    price_per_part_minor: bid.unitPriceMinor,
    status: bid.status,
    expires_at: bid.expiresAt.toISOString(),
    created_at: bid.createdAt.toISOString(),
  };
}

export function tradeData(trade: Trade) {
  return {
    reference: trade.reference,
    painting_id: trade.paintingId,
    quantity: trade.quantity,
    price_per_part: { value: toMajor(trade.unitPriceMinor), curr: 'EURO' as const },
    price_per_part_minor: trade.unitPriceMinor,
    t: trade.createdAt.toISOString(),
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
      schema: { tags: ['secondary market'], body: ZSaleRequest, response: { 200: ZSuccess(ZSalePlaced), ...errors } },
    },
    async (request) => {
      // Issue 31: the trades the ask made at once go back with it, so the screen says what was sold and at what price.
      const placed = await listParts(ctx, memberOf(request), request.body);
      return ok({ ...listingData(placed.listing), trades: placed.trades.map(tradeData) }, 'PartsListed');
    },
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

  // ---------------------------------------------------------------- order book (issue 17)
  const bidTags = ['secondary market'];
  app.get(
    '/paintings/bids',
    {
      preHandler: member,
      config: limit,
      schema: { ...common, querystring: ZMyBidsQuery, response: { 200: ZSuccess(ZMyBidsData), ...errors } },
    },
    async (request) => {
      const page = await myBids(db, memberOf(request).id, request.query);
      return ok({
        bids: page.rows.map((row) => ({ ...bidData(row.bid), title: row.title, cover_img: row.cover_img })),
        total: page.total,
        base_url: mediaBase,
      });
    },
  );

  app.post(
    '/paintings/bids',
    {
      preHandler: seller,
      config: limit,
      schema: {
        tags: bidTags,
        description:
          'A bid in euros: price × parts held from the wallet (a dollar wallet pays at the day’s rate); matched at once unless the market is a bulletin board.',
        body: ZBidRequest,
        response: { 200: ZSuccess(ZBidPlaced), ...errors },
      },
    },
    async (request) => {
      const placed = await placeBid(ctx, memberOf(request), request.body, { sessionId: sessionOf(request).id });
      return ok({ bid: bidData(placed.bid), trades: placed.trades.map(tradeData) }, 'BidPlaced');
    },
  );

  app.post(
    '/paintings/bids/:reference/cancel',
    {
      preHandler: seller,
      config: limit,
      schema: { tags: bidTags, params: ZBidReferenceParams, response: { 200: ZSuccess(ZBid), ...errors } },
    },
    async (request) => ok(bidData(await cancelBid(ctx, memberOf(request), request.params.reference)), 'BidCancelled'),
  );

  app.post(
    '/paintings/bids/:reference/accept',
    {
      preHandler: seller,
      config: limit,
      schema: {
        tags: bidTags,
        description: 'Bulletin-board mode: sell owned parts into this bid at its price.',
        params: ZBidReferenceParams,
        body: ZAcceptRequest,
        response: { 200: ZSuccess(ZAccepted), ...errors },
      },
    },
    async (request) => {
      const done = await acceptBid(ctx, memberOf(request), request.params.reference, request.body);
      return ok({ trades: done.map(tradeData) }, 'OrderAccepted');
    },
  );

  app.post(
    '/paintings/sale/:reference/accept',
    {
      preHandler: seller,
      config: limit,
      schema: {
        tags: bidTags,
        description:
          'Bulletin-board mode: buy parts of this ask at its price, paid from the wallet (a dollar wallet at the day’s rate).',
        params: ZListingReferenceParams,
        body: ZAcceptRequest,
        response: { 200: ZSuccess(ZAccepted), ...errors },
      },
    },
    async (request) => {
      const done = await acceptAsk(ctx, memberOf(request), request.params.reference, request.body, {
        sessionId: sessionOf(request).id,
      });
      return ok({ trades: done.map(tradeData) }, 'OrderAccepted');
    },
  );
}
