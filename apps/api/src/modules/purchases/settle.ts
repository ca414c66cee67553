import { purchaseTotalMinor } from '@parcelle/shared/parts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { listings, purchaseFills, purchases } from '../../db/schema';
import { type Certificate, issueCertificate } from '../certificates/service';
import { accountFor, postTransaction } from '../ledger/ledger';
import { type MemberCredit, memberCreditLines } from '../ledger/member-credits';
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
  const credits =
    purchase.market === MARKET.secondary
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
  await openSecondaryIfSoldOut(tx, purchase.paintingId);
  return { purchase, certificate };
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
