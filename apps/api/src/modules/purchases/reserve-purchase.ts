import { randomUUID } from 'node:crypto';
import type { Currency } from '@parcelle/shared/constants';
import type { PaymentMethod } from '@parcelle/shared/contracts/purchases';
import { purchaseTotalMinor } from '@parcelle/shared/parts';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { inTransaction } from '../../db/retry';
import { purchaseFills, purchases } from '../../db/schema';
import { arraysOf, selectFromArrays } from '../../db/unnest';
import { AppError, notFound } from '../../http/errors';
import { bindPurchasesToSessions } from '../auth/sessions';
import { Rates } from '../fx/rates';
import type { ConsentInput } from '../investor/consents';
import { recordConsents } from '../investor/consents';
import { recordPurchasesKeyInformation } from '../key-information/service';
import { secondaryBuyersAmong } from '../market/buyers';
import { type Listing, openListingsOfWorkForUpdate } from '../market/listings';
import { MARKET, onMarket } from '../market/state';
import { notEnoughParts, primaryStockRefusal, takePrimaryParts } from '../market/stock';
import { takeListingParts } from '../market/take-parts';
import { movePartsMany, type PartLine } from '../parts/register';
import { newReference } from '../references/references';
import { claimKeys, dropKeyClaims, type KeyClaim, KeyTaken, NO_KEY, recordKeyPurchases } from './idempotency';
import {
  asReservationConflict,
  beginLimitedReservations,
  checkReservationCaps,
  type HeldUnpaid,
  isLimited,
  type ReservationLimits,
  reservationPending,
} from './limits';
import { quickSignUpRestricted } from './quick-signup';
import { releasePurchase } from './release-reservation';
import { type Fill, fillFrom, type Purchase, primarySaleRefusal, type Quote, readWork } from './reserve';

export type ReservationRequest = {
  userId: string;
  paintingId: string;
  quantity: number;
  currency: Currency;
  paymentMethod: PaymentMethod;
  ownerName: string;
  language: 'en' | 'fr';
  reservationMinutes: number;
  /** The caps on what a member may hold unpaid (card and PayPal only; decision 84). */
  limits: ReservationLimits;
  /** What the purchase is recorded with, in the same transaction (decision 449). */
  records?: PurchaseRecords;
};

/**
 * What a request records with its purchase, as data the batch writes together: its Idempotency-Key (claimed first,
 * tied to the purchase), the check of the per-investment warning's consent on the reserved total (answers the consent
 * to record, or throws the refusal), the key information version acknowledged, the quick sign-up session it binds.
 */
export type PurchaseRecords = {
  key?: KeyClaim;
  warning?: (
    tx: Executor,
    purchase: { totalMinor: number; currency: Currency; reference: string },
  ) => Promise<ConsentInput | null>;
  keyInformation?: { id: string; versionId: string } | null;
  quickSignUpSessionId?: string;
};

/** Each request's own answer in a batch: its purchase, or the refusal it would have been answered alone. */
export type Reserved = { purchase: Purchase } | { refusal: unknown };

/**
 * A batch's transaction found, at its last statement, that the primary stock changed since it was read (another
 * process's batch, a late payment): it rolls back and runs again with the work locked (`reserveBatch`).
 */
export class StockMoved extends Error {}

/** A larger batch met a refusal only its writes could find (a quick sign-up session bound meanwhile): one by one. */
export class SplitBatch extends Error {}

/**
 * Reserving parts for new purchases of one work: the one way a purchase is reserved (every payment method, both
 * markets, a batch of one as of many; decisions 447–449), in the caller's transaction, read top to bottom. A fixed
 * handful of statements whatever the batch's size; each step calls the module that owns what it touches: the keys
 * (idempotency.ts), the members' unpaid purchases (limits.ts), the work and its listings (market), the register
 * (parts), the consents (investor), the key information (key-information). Requests are decided in arrival order;
 * a refused one writes nothing and gets its own refusal, the others commit.
 */
export async function reservePurchases(
  tx: Executor,
  requests: readonly ReservationRequest[],
  options: {
    /** The work read FOR NO KEY UPDATE (a batch's second run, `reserveBatch`). */
    lockWork?: boolean;
    /** The caller runs the batch again when the stock moved since the read (`reserveBatch`): StockMoved is thrown. */
    runAgain?: boolean;
  } = {},
): Promise<Reserved[]> {
  const paintingId = requests[0]?.paintingId;
  if (!paintingId || requests.some((request) => request.paintingId !== paintingId)) {
    throw new Error('a batch of reservations buys one work');
  }
  const refusals: unknown[] = requests.map(() => undefined);
  try {
    // 1. The Idempotency-Keys claimed, first (one INSERT): a key another request committed answers from its record.
    const keys = requests.map((request) => request.records?.key ?? NO_KEY);
    const claimed = await claimKeys(tx, keys);
    claimed.forEach((won, at) => {
      if (!won) refusals[at] = new KeyTaken();
    });
    // 2. Card and PayPal: the members' rows locked in id order (their requests take turns), their overdue reservations
    //    released, the works and the EUR value each already holds unpaid (two statements for the batch).
    const limited = requests.filter((request, at) => !refusals[at] && isLimited(request.paymentMethod));
    const held = await beginLimitedReservations(
      tx,
      limited.map((request) => request.userId),
      (inner, id) => releasePurchase(inner, id, 'expired', 'reservation expired'),
    );
    // 3. The work read once (locked when the batch runs again), its open listings locked once on the secondary market.
    const market = await readMarket(tx, paintingId, requests, options.lockWork ?? false);
    // 4. Each request decided in arrival order, in memory: the parts left, one unpaid purchase per work and member
    //    (earlier requests of the batch included), the caps, the investment warning's consent.
    const accepted: Accepted[] = [];
    for (const [at, request] of requests.entries()) {
      if (refusals[at]) continue;
      try {
        accepted.push({ ...(await decide(tx, request, market, held)), at });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refusals[at] = error;
      }
    }
    // 5. The accepted purchases written together, with their fills, register movements and records.
    const written = await recordReservations(tx, accepted, requests.length);
    // 6. A refused request claims nothing: its key is free for the answer `withIdempotency` stores.
    await dropKeyClaims(
      tx,
      keys.filter((_, at) => claimed[at] && refusals[at]),
    );
    // 7. Primary: the stock taken last, by one conditional UPDATE for the batch (market/stock.ts); parts taken since
    //    the work was read run the batch again with the work locked (`reserveBatch`), or, in a caller's own
    //    transaction (the wallet's batch of one), refuse it.
    const taken = accepted.reduce((sum, one) => sum + one.request.quantity, 0);
    if (market.painting && onMarket(market.painting, 'primary') && taken > 0) {
      const priced = market.painting.pricePerPartMinor;
      if (!(await takePrimaryParts(tx, paintingId, taken, priced))) {
        if (options.runAgain) throw new StockMoved('the primary stock changed since the batch read it');
        if (requests.length === 1) throw await primaryStockRefusal(tx, paintingId, priced);
        throw new SplitBatch('the primary stock changed under a locked batch');
      }
    }
    return requests.map((_, at) => {
      if (refusals[at]) return { refusal: refusals[at] };
      const purchase = written.get(at);
      if (!purchase) throw new Error('an accepted reservation was not recorded');
      return { purchase };
    });
  } catch (error) {
    // A second unpaid purchase of the work that got past the checks anyway (the unique index refused it): 409.
    if (requests.length === 1) throw asReservationConflict(error, requests[0]?.reservationMinutes ?? 0);
    throw error;
  }
}

/** One purchase reserved in the caller's transaction (the wallet's): a batch of one; its refusal is thrown. */
export async function reservePurchase(tx: Executor, request: ReservationRequest): Promise<Purchase> {
  const [outcome] = await reservePurchases(tx, [request]);
  if (!outcome) throw new Error('a reservation gave no outcome');
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.purchase;
}

/**
 * A batch in its own transaction (the per-work turn, turns.ts): the work read without its lock, so the work's row is
 * locked by the batch's last statement only; when that statement finds the stock changed meanwhile, the batch runs
 * once more with the work locked from its read, and then decides on the stock as it is (decision 448).
 */
export async function reserveBatch(db: Executor, requests: readonly ReservationRequest[]): Promise<Reserved[]> {
  try {
    return await inTransaction(db, (tx) => reservePurchases(tx, requests, { runAgain: true }));
  } catch (error) {
    if (!(error instanceof StockMoved)) throw error;
    return inTransaction(db, (tx) => reservePurchases(tx, requests, { lockWork: true }));
  }
}

type Accepted = {
  at: number;
  request: ReservationRequest;
  quote: Quote;
  id: string;
  reference: string;
  consent: ConsentInput | null;
};

/** What the batch knows of the work: the work, its parts left, its open listings (secondary), who may buy there. */
type Market = {
  painting: Quote['painting'] | undefined;
  left: number;
  listings: Listing[];
  secondaryBuyers: Set<string>;
  rates: Rates | null;
};

async function readMarket(
  tx: Executor,
  paintingId: string,
  requests: readonly ReservationRequest[],
  lock: boolean,
): Promise<Market> {
  const painting = await readWork(tx, paintingId, lock);
  const secondary = painting !== undefined && onMarket(painting, 'secondary');
  const buyers = requests.map((request) => request.userId);
  const needsRates = secondary || requests.some((request) => request.currency !== 'EURO');
  return {
    painting,
    left: painting ? painting.totalParts - painting.soldParts : 0,
    listings: secondary ? await openListingsOfWorkForUpdate(tx, paintingId) : [],
    secondaryBuyers: secondary ? await secondaryBuyersAmong(tx, buyers) : new Set(),
    rates: needsRates ? await Rates.load(tx) : null,
  };
}

/** One request decided against what the batch has left; refusals are thrown (AppError), the batch's state updated. */
async function decide(
  tx: Executor,
  request: ReservationRequest,
  market: Market,
  held: Map<string, HeldUnpaid>,
): Promise<Omit<Accepted, 'at'>> {
  const member = isLimited(request.paymentMethod) ? held.get(request.userId) : undefined;
  if (member?.works.has(request.paintingId)) throw reservationPending(request.reservationMinutes);
  const quote = quoteIn(market, request);
  const isPrimary = quote.painting.market === MARKET.primary;
  const eurValueMinor = eurValueOf(quote, request.quantity);
  // The caps of an unpaid reservation (decisions 84 and 237), with what the member's earlier requests took.
  if (member) {
    checkReservationCaps({
      quantity: request.quantity,
      partsOnSale: isPrimary ? quote.painting.totalParts : null,
      eurValueMinor,
      heldEurMinor: member.heldEurMinor,
      limits: request.limits,
    });
  }
  const reference = newReference('purchase');
  const consent =
    (await request.records?.warning?.(tx, { totalMinor: quote.totalMinor, currency: request.currency, reference })) ??
    null;
  // Accepted: what it takes is no longer there for the requests after it.
  if (isPrimary) market.left -= request.quantity;
  for (const fill of quote.fills) fill.listing.remaining -= fill.quantity;
  if (member) {
    member.works.add(request.paintingId);
    member.heldEurMinor += eurValueMinor;
  }
  return { request, quote, id: randomUUID(), reference, consent };
}

/** The request priced against the batch's state: the primary stock left, or the listings left (not the buyer's own). */
function quoteIn(market: Market, request: ReservationRequest): Quote {
  const { painting } = market;
  if (!painting) throw notFound('PaintingNotFound');
  const currency = request.currency;
  if (onMarket(painting, 'secondary')) {
    if (!market.secondaryBuyers.has(request.userId)) throw new AppError(403, 'SecondaryReserved');
    const open = market.listings.filter((listing) => listing.sellerId !== request.userId && listing.remaining > 0);
    const fills: Fill[] = fillFrom(open, request.quantity, market.rates as Rates, currency);
    const totalMinor = fills.reduce((sum, fill) => sum + purchaseTotalMinor(fill.unitPriceMinor, fill.quantity), 0);
    const available = open.reduce((sum, listing) => sum + listing.remaining, 0);
    return { painting, available, unitPriceMinor: fills[0]?.unitPriceMinor ?? 0, totalMinor, currency, fills };
  }
  const refused = primarySaleRefusal(painting);
  if (refused) throw refused;
  if (request.quantity > market.left) throw notEnoughParts(market.left);
  const unitPriceMinor =
    currency === 'EURO'
      ? painting.pricePerPartMinor
      : (market.rates as Rates).convert(painting.pricePerPartMinor, currency);
  return {
    painting,
    available: market.left,
    unitPriceMinor,
    totalMinor: purchaseTotalMinor(unitPriceMinor, request.quantity),
    currency,
    fills: [],
  };
}

/**
 * The accepted purchases written in a fixed number of statements: the purchases (one INSERT), on the secondary market
 * the listings taken (one UPDATE) and the fills (one INSERT), the register's movements (two INSERTs), the key
 * information versions, the consents, the quick sign-up sessions bound and the keys tied to their purchases.
 */
async function recordReservations(
  tx: Executor,
  accepted: readonly Accepted[],
  batchSize: number,
): Promise<Map<number, Purchase>> {
  const written = new Map<number, Purchase>();
  if (accepted.length === 0) return written;
  const now = Date.now();
  const rows = await insertPurchases(tx).execute(
    arraysOf(
      purchases,
      PURCHASE_KEYS,
      accepted.map(({ request, quote, id, reference }) => ({
        id,
        reference,
        userId: request.userId,
        paintingId: request.paintingId,
        quantity: request.quantity,
        currency: request.currency,
        unitPriceMinor: quote.unitPriceMinor,
        totalMinor: quote.totalMinor,
        paymentMethod: request.paymentMethod,
        market: quote.painting.market === MARKET.primary ? MARKET.primary : MARKET.secondary,
        ownerName: request.ownerName.trim().replace(/\s+/g, ' '),
        language: request.language,
        expiresAt: new Date(now + request.reservationMinutes * 60_000),
      })),
    ),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const bindings = accepted.flatMap(({ id, request }) =>
    request.records?.quickSignUpSessionId ? [{ sessionId: request.records.quickSignUpSessionId, purchaseId: id }] : [],
  );
  // What refers to the purchases just written, sent together (decision 599): each its owner's one statement.
  const [, , , , bound] = await Promise.all([
    recordFills(
      tx,
      accepted.flatMap(({ id, quote }) => quote.fills.map((fill) => ({ purchaseId: id, fill }))),
      batchSize,
    ),
    movePartsMany(
      tx,
      accepted.map(({ request, quote, id, reference }) => ({
        paintingId: request.paintingId,
        reason: 'reserve',
        reference,
        lines: [
          ...partsFrom(quote, request.quantity),
          { holder: { kind: 'reserved', purchaseId: id }, quantity: request.quantity },
        ],
      })),
    ),
    recordPurchasesKeyInformation(
      tx,
      accepted.map(({ id, request }) => ({ purchaseId: id, acknowledgement: request.records?.keyInformation ?? null })),
    ),
    recordConsents(
      tx,
      accepted.flatMap(({ consent }) => (consent ? [consent] : [])),
    ),
    bindPurchasesToSessions(tx, bindings),
    recordKeyPurchases(
      tx,
      accepted.flatMap(({ id, request }) =>
        request.records?.key ? [{ claim: request.records.key, purchaseId: id }] : [],
      ),
    ),
  ]);
  if (bound.size !== bindings.length) {
    // A quick sign-up session that had its purchase meanwhile: a batch of one is refused, a larger one runs one by one.
    if (batchSize === 1) throw quickSignUpRestricted();
    throw new SplitBatch('a quick sign-up session was bound meanwhile');
  }
  for (const one of accepted) {
    const purchase = byId.get(one.id);
    if (purchase) written.set(one.at, purchase);
  }
  return written;
}

/** On the secondary market, the listings' parts taken (one UPDATE) and the purchases' fills (one INSERT). */
async function recordFills(
  tx: Executor,
  fills: readonly { purchaseId: string; fill: Quote['fills'][number] }[],
  batchSize: number,
): Promise<void> {
  if (fills.length === 0) return;
  try {
    await takeListingParts(
      tx,
      fills.map(({ fill }) => ({ listingId: fill.listing.id, quantity: fill.quantity })),
    );
  } catch (error) {
    // The listings are locked and counted above, so this is not expected; a larger batch is not refused for it.
    if (batchSize > 1 && error instanceof AppError) throw new SplitBatch('a listing changed under the batch');
    throw error;
  }
  await tx.insert(purchaseFills).values(
    fills.map(({ purchaseId, fill }) => ({
      purchaseId,
      listingId: fill.listing.id,
      quantity: fill.quantity,
      unitPriceMinor: fill.unitPriceMinor,
    })),
  );
}

const PURCHASE_KEYS = [
  'id',
  'reference',
  'userId',
  'paintingId',
  'quantity',
  'currency',
  'unitPriceMinor',
  'totalMinor',
  'paymentMethod',
  'market',
  'ownerName',
  'language',
  'expiresAt',
] as const;

/** The purchases' INSERT, the same text for any number of them (decision 521): prepared. */
const insertPurchases = preparedPerDatabase((db) =>
  db.insert(purchases).select(selectFromArrays(purchases, PURCHASE_KEYS)).returning().prepare('purchases_insert'),
);

/** The EUR value of a quote at the stored EUR prices (the work's part price, or each listing's price). */
function eurValueOf(quote: Quote, quantity: number): number {
  if (quote.painting.market === MARKET.primary) return purchaseTotalMinor(quote.painting.pricePerPartMinor, quantity);
  return quote.fills.reduce((sum, fill) => sum + purchaseTotalMinor(fill.listing.unitPriceMinor, fill.quantity), 0);
}

/** Where a reservation's parts leave in the register: the primary stock, or each listing taken. */
function partsFrom(quote: Quote, quantity: number): PartLine[] {
  if (quote.painting.market === MARKET.primary) return [{ holder: { kind: 'available' }, quantity: -quantity }];
  return quote.fills.map((fill) => ({
    holder: { kind: 'listed', listingId: fill.listing.id },
    quantity: -fill.quantity,
  }));
}
