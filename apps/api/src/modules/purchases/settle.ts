import { purchaseTotalMinor } from '@parcelle/shared/parts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { listings, paintings, purchaseFills, purchases } from '../../db/schema';
import { type Certificate, issueCertificate } from '../certificates/service';
import { accountFor, postTransaction } from '../ledger/ledger';
import { type MemberCredit, memberCreditLines } from '../ledger/member-credits';
import { recordNotification } from '../notifications/notify';
import { moveParts } from '../parts/register';
import type { Purchase } from './reserve';

/** Where the money of a purchase comes from: a provider (card, PayPal) or the member's wallet. */
export type PaymentSource =
  | { kind: 'external'; providerRef: string | null }
  | { kind: 'wallet'; walletAccountId: string };

/**
 * Settles a pending purchase, inside the caller's transaction: the status moves pending → paid (only once, so a
 * duplicated webhook does nothing), the reserved parts go to the buyer as primary parts, the ledger records the
 * payment, the certificate is issued, and the work moves to the secondary market when its last primary part is
 * sold and paid; the buyer is notified (in the app). Returns null when the purchase was no longer pending.
 */
export async function settlePurchase(
  tx: Executor,
  purchaseId: string,
  source: PaymentSource,
): Promise<{ purchase: Purchase; certificate: Certificate } | null> {
  const [purchase] = await tx
    .update(purchases)
    .set({
      status: 'paid',
      settledAt: new Date(),
      ...(source.kind === 'external' && source.providerRef ? { providerRef: source.providerRef } : {}),
    })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending')))
    .returning();
  if (!purchase) return null;

  const lot = purchase.market === 3 ? 'secondary' : 'primary';
  await moveParts(tx, {
    paintingId: purchase.paintingId,
    reason: 'settle',
    reference: purchase.reference,
    lines: [
      { holder: { kind: 'reserved', purchaseId: purchase.id }, quantity: -purchase.quantity },
      { holder: { kind: 'member', userId: purchase.userId, lot }, quantity: purchase.quantity },
    ],
  });

  const from = source.kind === 'wallet' ? source.walletAccountId : await accountFor(tx, 'external', purchase.currency);
  const method = source.kind === 'wallet' ? 'wallet' : purchase.paymentMethod;
  // Primary: Parcelle sells. Secondary: each seller is paid for the parts taken from their listings.
  // Each seller is paid into their own wallet, in its currency (exchanged when the purchase was in the other one).
  const credits =
    purchase.market === 3
      ? await memberCreditLines(tx, await sellerCredits(tx, purchase), purchase.currency)
      : [
          {
            accountId: await accountFor(tx, 'platform_revenue', purchase.currency),
            amountMinor: purchase.totalMinor,
            currency: purchase.currency,
          },
        ];
  await postTransaction(tx, {
    reference: purchase.reference,
    description: `${purchase.market === 3 ? 'secondary' : 'primary'} purchase ${purchase.quantity} parts (${method})`,
    lines: [{ accountId: from, amountMinor: -purchase.totalMinor, currency: purchase.currency }, ...credits],
  });

  const certificate = await issueCertificate(tx, {
    purchaseId: purchase.id,
    userId: purchase.userId,
    paintingId: purchase.paintingId,
    holderName: purchase.ownerName,
    quantity: purchase.quantity,
    language: purchase.language,
  });

  // The buyer's notification (issue 17); its email is the confirmation, sent by the purchase-confirmation job.
  await recordNotification(tx, purchase.userId, 'purchase_settled', {
    purchase_id: purchase.id,
    reference: purchase.reference,
    painting_id: purchase.paintingId,
    quantity: purchase.quantity,
    total_minor: purchase.totalMinor,
    currency: purchase.currency,
  });
  await openSecondaryIfSoldOut(tx, purchase.paintingId);
  return { purchase, certificate };
}

/**
 * Sold out and nothing left pending: the work opens on the secondary market (spec §1), exactly once. Two payments
 * of a work's last parts settle at the same moment: each checked for pending purchases before the other committed,
 * saw it still pending, and the work stayed on market 2 with nothing left to buy. Every settlement of a sold-out work
 * now locks the work's row first, so they take turns; under READ COMMITTED the check is a new statement, so the one
 * that commits last sees every other one paid and moves the work.
 */
export async function openSecondaryIfSoldOut(tx: Executor, paintingId: string): Promise<boolean> {
  const [work] = await tx
    .select({ market: paintings.market, soldParts: paintings.soldParts, totalParts: paintings.totalParts })
    .from(paintings)
    .where(eq(paintings.id, paintingId));
  if (work?.market !== 2 || work.soldParts !== work.totalParts) return false;
  await tx.select({ id: paintings.id }).from(paintings).where(eq(paintings.id, paintingId)).for('no key update');
  const moved = await tx
    .update(paintings)
    .set({ market: 3 })
    .where(and(eq(paintings.id, paintingId), soldOutWithNothingPending))
    .returning({ id: paintings.id });
  return moved.length > 0;
}

const soldOutWithNothingPending = and(
  eq(paintings.market, 2),
  sql`${paintings.soldParts} = ${paintings.totalParts}`,
  sql`NOT EXISTS (SELECT 1 FROM ${purchases} WHERE ${purchases.paintingId} = ${paintings.id} AND ${purchases.status} = 'pending')`,
);

/**
 * The reservation sweep's catch-up: any work sold out with nothing pending that is still on market 2 (left there by
 * a release of the last pending purchase, or by the race above before it was fixed) moves to market 3.
 */
export async function openSoldOutWorks(db: Executor): Promise<number> {
  const moved = await db
    .update(paintings)
    .set({ market: 3 })
    .where(soldOutWithNothingPending)
    .returning({ id: paintings.id });
  return moved.length;
}

/** What each seller of a secondary purchase receives: the parts taken from their listings at the listed price. */
async function sellerCredits(tx: Executor, purchase: Purchase): Promise<MemberCredit[]> {
  const fills = await tx
    .select({
      sellerId: listings.sellerId,
      quantity: purchaseFills.quantity,
      unitPriceMinor: purchaseFills.unitPriceMinor,
    })
    .from(purchaseFills)
    .innerJoin(listings, eq(listings.id, purchaseFills.listingId))
    .where(eq(purchaseFills.purchaseId, purchase.id));
  const bySeller = new Map<string, number>();
  for (const fill of fills) {
    bySeller.set(
      fill.sellerId,
      (bySeller.get(fill.sellerId) ?? 0) + purchaseTotalMinor(fill.unitPriceMinor, fill.quantity),
    );
  }
  return [...bySeller].sort(([a], [b]) => a.localeCompare(b)).map(([userId, amountMinor]) => ({ userId, amountMinor }));
}
