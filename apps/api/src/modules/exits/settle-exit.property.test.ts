import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator, createPaintingForSale, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { exitOffers, exitPayouts, paintings } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, postTransaction } from '../ledger/ledger';
import { moveParts } from '../parts/register';
import { newReference } from '../references/references';
import { settleExit } from './settle-exit';

let t: TestApp;
let members: string[] = [];
let operatorId = '';
let approverId = '';
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  const operator = await createOperator(t, 'finance');
  operatorId = (await userRow(t, operator.email))?.id ?? '';
  approverId = (await userRow(t, (await createOperator(t, 'finance')).email))?.id ?? '';
  for (let i = 0; i < 5; i++) {
    const member = await createMember(t, { verified: true });
    members.push((await userRow(t, member.email))?.id ?? '');
  }
  members = members.sort();
});
afterAll(() => t.close());

/**
 * For any split of a work among its holders and any offer and fee, the settlement pays out exactly the offer net of
 * the fee, and every holder's payment differs from their exact share (net × parts / all parts) by less than one
 * minor unit.
 */
describe('the pro-rata payout of an exit', () => {
  it('adds up to the net amount and is never off by a unit or more', async () => {
    const db = t.ctx.database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 9_999 }),
        async (split, amountMinor, feeBps) => {
          const feeMinor = Math.min(amountMinor - 1, Math.floor((amountMinor * feeBps) / 10_000));
          const total = split.reduce((sum, parts) => sum + parts, 0);
          const painting = await createPaintingForSale(t, { widthCm: 1, heightCm: 1 });
          await db
            .update(paintings)
            .set({ totalParts: total, soldParts: total, market: 3 })
            .where(eq(paintings.id, painting.id));
          const offerId = await db.transaction(async (tx) => {
            // The factory issued 9 parts: the issue is brought to `total`, then every part is placed with a holder.
            if (total !== 9) {
              await moveParts(tx, {
                paintingId: painting.id,
                reason: 'issue',
                reference: `topup:${painting.slug}`,
                lines: [
                  { holder: { kind: 'issuer' }, quantity: 9 - total },
                  { holder: { kind: 'available' }, quantity: total - 9 },
                ],
              });
            }
            await moveParts(tx, {
              paintingId: painting.id,
              reason: 'seed',
              reference: `place:${painting.slug}`,
              lines: [
                { holder: { kind: 'available' }, quantity: -total },
                ...split.map((parts, index) => ({
                  holder: { kind: 'member' as const, userId: members[index] ?? '', lot: 'primary' as const },
                  quantity: parts,
                })),
              ],
            });
            const [offer] = await tx
              .insert(exitOffers)
              .values({
                reference: newReference('exitOffer'),
                paintingId: painting.id,
                buyerName: 'Property',
                currency: 'EURO',
                amountMinor,
                feeMinor,
                quorumBps: 5000,
                majorityBps: 5000,
                status: 'voting',
                voteClosesAt: new Date(),
                recordedBy: operatorId,
                fundsReceivedMinor: amountMinor,
              })
              .returning();
            if (!offer) throw new Error('offer not recorded');
            // The buyer's money was recorded as received (record-funds.ts): it waits in the exit escrow.
            await postTransaction(tx, {
              reference: `${offer.reference}:funds`,
              description: 'funds received',
              lines: [
                { accountId: await accountFor(tx, 'external', 'EURO'), amountMinor: -amountMinor, currency: 'EURO' },
                { accountId: await accountFor(tx, 'exit_escrow', 'EURO'), amountMinor, currency: 'EURO' },
              ],
            });
            await settleExit(tx, offer);
            const now = new Date();
            await tx
              .update(exitOffers)
              .set({ status: 'accepted', resolvedAt: now, approvedBy: approverId, approvedAt: now })
              .where(eq(exitOffers.id, offer.id));
            return offer.id;
          });
          const payouts = await db.select().from(exitPayouts).where(eq(exitPayouts.offerId, offerId));
          const net = amountMinor - feeMinor;
          expect(payouts.reduce((sum, payout) => sum + payout.amountMinor, 0)).toBe(net);
          // The fee shares (for the yearly statements) add up to the fee, each within a cent of its parts' share.
          expect(payouts.reduce((sum, payout) => sum + payout.feeMinor, 0)).toBe(feeMinor);
          for (const payout of payouts) {
            const exact = (BigInt(net) * BigInt(payout.parts) * 1000n) / BigInt(total);
            const off = BigInt(payout.amountMinor) * 1000n - exact;
            expect(off < 1000n && off > -1000n).toBe(true);
            const feeOff =
              BigInt(payout.feeMinor) * 1000n - (BigInt(feeMinor) * BigInt(payout.parts) * 1000n) / BigInt(total);
            expect(feeOff < 1000n && feeOff > -1000n).toBe(true);
          }
        },
      ),
      { numRuns: 25 },
    );
    expect(await checkInvariants(db)).toEqual([]);
  });
});
