import { purchaseTotalMinor } from '@parcelle/shared/parts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { listings, purchaseFills, purchases } from '../../db/schema';
import { type Certificate, issueCertificate } from '../certificates/service';
import { accountFor, postTransaction } from '../ledger/ledger';
import { type CreditedAmount, memberCredits } from '../ledger/member-credits';
import { BOOK_CURRENCY } from '../market/bids';
import { openSecondaryIfSoldOut } from '../market/sell-out';
import { MARKET } from '../market/state';
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

  const lot = purchase.market === MARKET.secondary ? 'secondary' : 'primary';
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
  const sellers = purchase.market === MARKET.secondary ? await sellersOf(tx, purchase) : [];
  const paidSellers = sellers.length > 0 ? await memberCredits(tx, sellers, purchase.currency) : null;
  const credits = paidSellers
    ? paidSellers.lines
    : [
        {
          accountId: await accountFor(tx, 'platform_revenue', purchase.currency),
          amountMinor: purchase.totalMinor,
          currency: purchase.currency,
        },
      ];
  await postTransaction(tx, {
    reference: purchase.reference,
    description: `${purchase.market === MARKET.secondary ? 'secondary' : 'primary'} purchase ${purchase.quantity} parts (${method})`,
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
  if (paidSellers) await recordPartsSold(tx, purchase, sellers, paidSellers.credited);
  await openSecondaryIfSoldOut(tx, purchase.paintingId);
  return { purchase, certificate };
}

/** One seller of a secondary purchase: what they are paid (in the purchase's currency), parts and the book's euros. */
type Seller = { userId: string; amountMinor: number; parts: number; bookMinor: number };

/**
 * Each seller's notice (issue 31, decision 413): their listed parts were bought, with what their wallet received (the
 * ledger's figure, in its currency) and the book's euros. Written once, with the settlement (pending → paid happens
 * once); its email is the "Your parts were sold" message of the purchase-confirmation job, which reads these notices.
 */
async function recordPartsSold(
  tx: Executor,
  purchase: Purchase,
  sellers: readonly Seller[],
  credited: readonly CreditedAmount[],
): Promise<void> {
  for (const seller of sellers) {
    const wallet = credited.find((credit) => credit.userId === seller.userId);
    if (!wallet) continue;
    await recordNotification(tx, seller.userId, 'parts_sold', {
      purchase_id: purchase.id,
      painting_id: purchase.paintingId,
      parts: seller.parts,
      amount_minor: wallet.amountMinor,
      currency: wallet.currency,
      book_amount_minor: seller.bookMinor,
      book_currency: BOOK_CURRENCY,
    });
  }
}

/** What each seller of a secondary purchase receives: the parts taken from their listings at the listed price. */
async function sellersOf(tx: Executor, purchase: Purchase): Promise<Seller[]> {
  const fills = await tx
    .select({
      sellerId: listings.sellerId,
      quantity: purchaseFills.quantity,
      unitPriceMinor: purchaseFills.unitPriceMinor,
      bookUnitPriceMinor: listings.unitPriceMinor,
    })
    .from(purchaseFills)
    .innerJoin(listings, eq(listings.id, purchaseFills.listingId))
    .where(eq(purchaseFills.purchaseId, purchase.id));
  const bySeller = new Map<string, Seller>();
  for (const fill of fills) {
    const seller = bySeller.get(fill.sellerId) ?? { userId: fill.sellerId, amountMinor: 0, parts: 0, bookMinor: 0 };
    seller.amountMinor += purchaseTotalMinor(fill.unitPriceMinor, fill.quantity);
    seller.bookMinor += purchaseTotalMinor(fill.bookUnitPriceMinor, fill.quantity);
    seller.parts += fill.quantity;
    bySeller.set(fill.sellerId, seller);
  }
  return [...bySeller.values()].sort((a, b) => a.userId.localeCompare(b.userId));
}
