import { MARKET } from '@parcelle/shared/market';
import { allocate } from '@parcelle/shared/money';
import { purchaseTotalMinor } from '@parcelle/shared/parts';
import { and, asc, eq } from 'drizzle-orm';
import { accountFor, postTransaction } from '../modules/ledger/ledger';
import { issueParts, moveParts } from '../modules/parts/register';
import { settlePurchase } from '../modules/purchases/settle';
import type { Database } from './client';
import { paintings, partMovements, purchases, users } from './schema';
import { stableId } from './seed-random';

/**
 * Fictional co-owners of the demo catalogue: the parts the seed marks as sold belong to someone, so that the
 * parts register balances from the first start, the works show real investor and country counts, and the
 * secondary market has holders. They cannot sign in: the address domain is reserved (.invalid) and the
 * password hash is not a hash.
 */
export const SEED_COLLECTORS = [
  { slug: 'claire-morel', firstName: 'Claire', lastName: 'Morel', country: 'FR', currency: 'EURO', language: 'fr' },
  { slug: 'jonas-weber', firstName: 'Jonas', lastName: 'Weber', country: 'DE', currency: 'EURO', language: 'en' },
  { slug: 'amelia-hart', firstName: 'Amelia', lastName: 'Hart', country: 'GB', currency: 'EURO', language: 'en' },
  { slug: 'lucas-peeters', firstName: 'Lucas', lastName: 'Peeters', country: 'BE', currency: 'EURO', language: 'fr' },
  { slug: 'sofia-rinaldi', firstName: 'Sofia', lastName: 'Rinaldi', country: 'IT', currency: 'EURO', language: 'en' },
  { slug: 'noah-bennett', firstName: 'Noah', lastName: 'Bennett', country: 'US', currency: 'USD', language: 'en' },
  { slug: 'lea-tremblay', firstName: 'Léa', lastName: 'Tremblay', country: 'CA', currency: 'USD', language: 'fr' },
  { slug: 'yuki-tanaka', firstName: 'Yuki', lastName: 'Tanaka', country: 'JP', currency: 'USD', language: 'en' },
] as const;

const NO_LOGIN_HASH = '!seed-collector: no password';
/** When the seeded co-owners bought their parts (their purchases' settlement date). */
const SEED_BOUGHT_AT = new Date(Date.UTC(2025, 0, 15));

export const collectorId = (slug: string) => stableId(`collector:${slug}`);

/** Which collectors hold a work, and in which proportions: fixed by the work's slug. */
function holdersOf(slug: string): { ids: string[]; weights: number[] } {
  let hash = 0;
  for (const char of slug) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const count = 2 + (hash % 4);
  const ids: string[] = [];
  const weights: number[] = [];
  for (let i = 0; i < count; i++) {
    const collector = SEED_COLLECTORS[(hash + i * 3) % SEED_COLLECTORS.length];
    if (!collector || ids.includes(collectorId(collector.slug))) continue;
    ids.push(collectorId(collector.slug));
    weights.push(1 + ((hash >>> (i * 3)) % 5));
  }
  return { ids, weights };
}

/** Issues every painting's parts and sells the seed's sold parts to the collectors (paid purchases). Idempotent. */
export async function seedHoldings(db: Database): Promise<void> {
  await db
    .insert(users)
    .values(
      SEED_COLLECTORS.map((collector) => ({
        id: collectorId(collector.slug),
        email: `${collector.slug}@collectors.parcelle.invalid`,
        passwordHash: NO_LOGIN_HASH,
        firstName: collector.firstName,
        lastName: collector.lastName,
        country: collector.country,
        currency: collector.currency,
        language: collector.language,
        emailVerifiedAt: new Date(Date.UTC(2025, 0, 15)),
      })),
    )
    .onConflictDoNothing();

  const rows = await db.select().from(paintings).orderBy(asc(paintings.slug));
  for (const painting of rows) {
    await db.transaction(async (tx) => {
      const issued = await issueParts(tx, painting);
      if (!issued || painting.soldParts === 0) return;
      const [seeded] = await tx
        .select({ id: partMovements.id })
        .from(partMovements)
        .where(and(eq(partMovements.paintingId, painting.id), eq(partMovements.reason, 'seed')))
        .limit(1);
      if (seeded) return;
      const { ids, weights } = holdersOf(painting.slug);
      const shares = allocate(painting.soldParts, weights);
      const owners = ids
        .map((userId, index) => ({ userId, quantity: shares[index] ?? 0 }))
        .filter((share) => share.quantity > 0);
      // Each co-owner bought their parts (issue 31): a purchase at the work's part price, reserved here and settled
      // from their wallet (ledger, certificate), dated at the seed's opening, so that their cost basis is
      // what they paid.
      const bought = [];
      for (const owner of owners) {
        const collector = SEED_COLLECTORS.find((c) => collectorId(c.slug) === owner.userId);
        const [purchase] = await tx
          .insert(purchases)
          .values({
            reference: `SEED-${painting.slug}-${collector?.slug ?? owner.userId}`.toUpperCase().slice(0, 120),
            userId: owner.userId,
            paintingId: painting.id,
            quantity: owner.quantity,
            currency: 'EURO',
            unitPriceMinor: painting.pricePerPartMinor,
            totalMinor: purchaseTotalMinor(painting.pricePerPartMinor, owner.quantity),
            paymentMethod: 'smart_amount',
            market: MARKET.primary,
            ownerName: `${collector?.firstName ?? ''} ${collector?.lastName ?? ''}`.trim() || 'Collector',
            language: collector?.language ?? 'en',
            status: 'pending',
            expiresAt: SEED_BOUGHT_AT,
            createdAt: SEED_BOUGHT_AT,
          })
          .returning();
        if (purchase) bought.push(purchase);
      }
      await moveParts(tx, {
        paintingId: painting.id,
        reason: 'seed',
        reference: `seed:${painting.slug}`,
        lines: [
          { holder: { kind: 'available' }, quantity: -painting.soldParts },
          ...bought.map((purchase) => ({
            holder: { kind: 'reserved' as const, purchaseId: purchase.id },
            quantity: purchase.quantity,
          })),
        ],
      });
      for (const purchase of bought) {
        // Paid from the wallet, which the collector funded first: no card payment a provider would have reported
        // (the console's reconciliation lists card purchases without one).
        const wallet = await accountFor(tx, 'member_wallet', 'EURO', purchase.userId);
        await postTransaction(tx, {
          reference: `${purchase.reference}:funding`,
          description: 'seed: collector funds their wallet',
          lines: [
            {
              accountId: await accountFor(tx, 'external', 'EURO'),
              amountMinor: -purchase.totalMinor,
              currency: 'EURO',
            },
            { accountId: wallet, amountMinor: purchase.totalMinor, currency: 'EURO' },
          ],
        });
        await settlePurchase(tx, purchase.id, { kind: 'wallet', walletAccountId: wallet });
        await tx.update(purchases).set({ settledAt: SEED_BOUGHT_AT }).where(eq(purchases.id, purchase.id));
      }
    });
  }
}
