import { purchaseTotalMinor } from '@parcelle/shared/parts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { listings, purchaseFills, purchases } from '../../db/schema';
import { type Certificate, issueCertificates } from '../certificates/service';
import { type AccountWanted, accountKey, accountsFor, type LedgerLine, postTransactions } from '../ledger/ledger';
import { type CreditedAmount, memberCreditsMany } from '../ledger/member-credits';
import { BOOK_CURRENCY } from '../market/bids';
import { openSecondaryIfSoldOut } from '../market/sell-out';
import { MARKET } from '../market/state';
import { type NotificationToRecord, recordNotifications } from '../notifications/notify';
import { type Movement, movePartsMany } from '../parts/register';
import type { Purchase } from './reserve';

/** Where the money of a purchase comes from: a provider (card, PayPal) or the member's wallet. */
export type PaymentSource =
  | { kind: 'external'; providerRef: string | null }
  | { kind: 'wallet'; walletAccountId: string };

/** A purchase to settle and where its money came from. */
export type Settlement = { purchaseId: string; source: PaymentSource };

export type SettledPurchase = { purchase: Purchase; certificate: Certificate };

/**
 * Settles one pending purchase, inside the caller's transaction: a batch of one (`settlePurchases`). Returns null
 * when the purchase was no longer pending.
 */
export async function settlePurchase(
  tx: Executor,
  purchaseId: string,
  source: PaymentSource,
): Promise<SettledPurchase | null> {
  const settled = await settlePurchases(tx, [{ purchaseId, source }]);
  return settled.get(purchaseId) ?? null;
}

/**
 * Settles pending purchases, inside the caller's transaction, in a fixed handful of statements whatever their number
 * (issue 28: a batch of card payments of one work, decision 466): the statuses move pending → paid (only once, so a
 * duplicated webhook does nothing; a purchase no longer pending is left out), the reserved parts go to the buyers, the
 * ledger records each payment, the certificates are issued, the buyers (and on the secondary market the sellers) are
 * notified in the app, and a work whose last primary part is sold and paid moves to the secondary market. Each step is
 * one call to the module that owns what it writes. Answers the purchases settled, by id.
 */
export async function settlePurchases(
  tx: Executor,
  settlements: readonly Settlement[],
): Promise<Map<string, SettledPurchase>> {
  const settled = new Map<string, SettledPurchase>();
  // 1. pending → paid, one UPDATE: what is no longer pending is not settled again.
  const paid = await markPaid(tx, settlements);
  if (paid.length === 0) return settled;
  const sourceOf = new Map(settlements.map((one) => [one.purchaseId, one.source]));
  // 2–3. Sent together (decision 599): the reserved parts to their buyers (the register, one INSERT) and what the
  //    ledger needs: primary, Parcelle sells; secondary, each seller is paid for the parts taken from their listings,
  //    into their own wallet, in its currency (exchanged when the purchase was in the other one). The sellers'
  //    wallets, currencies and accounts are read once for the batch (decision 489).
  const [, { paidSellers, sellers, accounts }] = await Promise.all([
    movePartsMany(tx, paid.map(toBuyer)),
    ledgerAccountsOf(tx, paid, sourceOf),
  ]);
  const account = (wanted: AccountWanted) => accounts.get(accountKey(wanted)) as string;
  // 4–6. Sent together (decision 599), each its owner's one statement: the ledger's transactions, the certificates,
  //    the buyers' notifications (issue 17; their email is the confirmation, sent by the purchase-confirmation job)
  //    with each seller's notice on the secondary market, and a work whose last primary part is now sold and paid
  //    opened on the secondary market (once per work of the batch).
  const [, certificates] = await Promise.all([
    postTransactions(
      tx,
      paid.map((purchase) => {
        const source = sourceOf.get(purchase.id);
        const from =
          source?.kind === 'wallet'
            ? source.walletAccountId
            : account({ kind: 'external', currency: purchase.currency });
        const method = source?.kind === 'wallet' ? 'wallet' : purchase.paymentMethod;
        const credits: LedgerLine[] = paidSellers.get(purchase.id)?.lines ?? [
          {
            accountId: account({ kind: 'platform_revenue', currency: purchase.currency }),
            amountMinor: purchase.totalMinor,
            currency: purchase.currency,
          },
        ];
        return {
          reference: purchase.reference,
          description: `${purchase.market === MARKET.secondary ? 'secondary' : 'primary'} purchase ${purchase.quantity} parts (${method})`,
          lines: [{ accountId: from, amountMinor: -purchase.totalMinor, currency: purchase.currency }, ...credits],
        };
      }),
    ),
    issueCertificates(
      tx,
      paid.map((purchase) => ({
        purchaseId: purchase.id,
        userId: purchase.userId,
        paintingId: purchase.paintingId,
        holderName: purchase.ownerName,
        quantity: purchase.quantity,
        language: purchase.language,
      })),
    ),
    recordNotifications(
      tx,
      paid.flatMap((purchase) => {
        const credited = paidSellers.get(purchase.id)?.credited ?? [];
        return [settledNotice(purchase), ...partsSoldNotices(purchase, sellers.get(purchase.id) ?? [], credited)];
      }),
    ),
    ...[...new Set(paid.map((purchase) => purchase.paintingId))].map((paintingId) =>
      openSecondaryIfSoldOut(tx, paintingId),
    ),
  ]);
  paid.forEach((purchase, at) => {
    settled.set(purchase.id, { purchase, certificate: certificates[at] as Certificate });
  });
  return settled;
}

/**
 * The purchases still pending made paid, in one UPDATE (decision 466): each keeps the provider's payment id it was
 * paid with (a card payment's or a PayPal order's), set here when the purchase had none yet.
 */
async function markPaid(tx: Executor, settlements: readonly Settlement[]): Promise<Purchase[]> {
  if (settlements.length === 0) return [];
  return markPaidStatement(tx).execute({
    ids: settlements.map((one) => one.purchaseId),
    refs: settlements.map(({ source }) => (source.kind === 'external' ? source.providerRef : null)),
    settledAt: new Date().toISOString(),
  });
}

/**
 * `markPaid`'s UPDATE, the same text for any number of purchases (decision 521): prepared. `refs` lines up with
 * `ids`; a purchase without a provider's payment id (the wallet's) keeps the one it has.
 */
const markPaidStatement = preparedPerDatabase((db) =>
  db
    .update(purchases)
    .set({
      status: 'paid',
      settledAt: sql`${sql.placeholder('settledAt')}::timestamptz`,
      providerRef: sql`coalesce(
        (select "paid"."ref" from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('refs')}::text[])
          as "paid"("id", "ref") where "paid"."id" = ${purchases.id}),
        ${purchases.providerRef})`,
    })
    .where(and(sql`${purchases.id} = any(${sql.placeholder('ids')}::uuid[])`, eq(purchases.status, 'pending')))
    .returning()
    .prepare('purchases_mark_paid'),
);

/** The reserved parts of a purchase to its buyer, in the lot of its market. */
function toBuyer(purchase: Purchase): Movement {
  const lot = purchase.market === MARKET.secondary ? 'secondary' : 'primary';
  return {
    paintingId: purchase.paintingId,
    reason: 'settle',
    reference: purchase.reference,
    lines: [
      { holder: { kind: 'reserved', purchaseId: purchase.id }, quantity: -purchase.quantity },
      { holder: { kind: 'member', userId: purchase.userId, lot }, quantity: purchase.quantity },
    ],
  };
}

function settledNotice(purchase: Purchase): NotificationToRecord<'purchase_settled'> {
  return {
    memberId: purchase.userId,
    kind: 'purchase_settled',
    payload: {
      purchase_id: purchase.id,
      reference: purchase.reference,
      painting_id: purchase.paintingId,
      quantity: purchase.quantity,
      total_minor: purchase.totalMinor,
      currency: purchase.currency,
    },
  };
}

/** One seller of a secondary purchase: what they are paid (in the purchase's currency), parts and the book's euros. */
type Seller = { userId: string; amountMinor: number; parts: number; bookMinor: number };

/**
 * Each seller's notice (issue 31, decision 413): their listed parts were bought, with what their wallet received (the
 * ledger's figure, in its currency) and the book's euros. Written once, with the settlement (pending → paid happens
 * once); its email is the "Your parts were sold" message of the purchase-confirmation job, which reads these notices.
 */
function partsSoldNotices(
  purchase: Purchase,
  sellers: readonly Seller[],
  credited: readonly CreditedAmount[],
): NotificationToRecord<'parts_sold'>[] {
  return sellers.flatMap((seller) => {
    const wallet = credited.find((credit) => credit.userId === seller.userId);
    if (!wallet) return [];
    return [
      {
        memberId: seller.userId,
        kind: 'parts_sold' as const,
        payload: {
          purchase_id: purchase.id,
          painting_id: purchase.paintingId,
          parts: seller.parts,
          amount_minor: wallet.amountMinor,
          currency: wallet.currency,
          book_amount_minor: seller.bookMinor,
          book_currency: BOOK_CURRENCY,
        },
      },
    ];
  });
}

/**
 * What each seller of the secondary purchases receives: the parts taken from their listings at the listed price, by
 * purchase (one read for the batch; none when every purchase is primary).
 */
/**
 * The ledger's side of a settlement batch, read before its transactions are written: the sellers of its secondary
 * purchases with their credits, and the accounts every payment moves money between (one read each).
 */
async function ledgerAccountsOf(
  tx: Executor,
  paid: readonly Purchase[],
  sourceOf: ReadonlyMap<string, PaymentSource | undefined>,
) {
  const sellers = await sellersOf(tx, paid);
  const secondary = paid.filter((purchase) => (sellers.get(purchase.id) ?? []).length > 0);
  const credits = await memberCreditsMany(
    tx,
    secondary.map((purchase) => ({ credits: sellers.get(purchase.id) ?? [], currency: purchase.currency })),
  );
  const paidSellers = new Map<string, (typeof credits)[number]>();
  secondary.forEach((purchase, at) => {
    paidSellers.set(purchase.id, credits[at] as (typeof credits)[number]);
  });
  const wanted: AccountWanted[] = [];
  for (const purchase of paid) {
    if (sourceOf.get(purchase.id)?.kind !== 'wallet') wanted.push({ kind: 'external', currency: purchase.currency });
    if (!paidSellers.has(purchase.id)) wanted.push({ kind: 'platform_revenue', currency: purchase.currency });
  }
  return { sellers, paidSellers, accounts: await accountsFor(tx, wanted) };
}

async function sellersOf(tx: Executor, paid: readonly Purchase[]): Promise<Map<string, Seller[]>> {
  const secondary = paid.filter((purchase) => purchase.market === MARKET.secondary).map((purchase) => purchase.id);
  const byPurchase = new Map<string, Seller[]>();
  if (secondary.length === 0) return byPurchase;
  const fills = await tx
    .select({
      purchaseId: purchaseFills.purchaseId,
      sellerId: listings.sellerId,
      quantity: purchaseFills.quantity,
      unitPriceMinor: purchaseFills.unitPriceMinor,
      bookUnitPriceMinor: listings.unitPriceMinor,
    })
    .from(purchaseFills)
    .innerJoin(listings, eq(listings.id, purchaseFills.listingId))
    .where(inArray(purchaseFills.purchaseId, secondary));
  const sellers = new Map<string, Map<string, Seller>>();
  for (const fill of fills) {
    const ofPurchase = sellers.get(fill.purchaseId) ?? new Map<string, Seller>();
    const seller = ofPurchase.get(fill.sellerId) ?? { userId: fill.sellerId, amountMinor: 0, parts: 0, bookMinor: 0 };
    seller.amountMinor += purchaseTotalMinor(fill.unitPriceMinor, fill.quantity);
    seller.bookMinor += purchaseTotalMinor(fill.bookUnitPriceMinor, fill.quantity);
    seller.parts += fill.quantity;
    ofPurchase.set(fill.sellerId, seller);
    sellers.set(fill.purchaseId, ofPurchase);
  }
  for (const [purchaseId, ofPurchase] of sellers) {
    byPurchase.set(
      purchaseId,
      [...ofPurchase.values()].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
  }
  return byPurchase;
}
