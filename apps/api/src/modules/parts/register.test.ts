import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { artists, listings, paintings, partEntries, partMovements, purchases } from '../../db/schema';
import {
  assertMovementBalanced,
  coOwnerCounts,
  heldBy,
  issueParts,
  memberHolding,
  moveParts,
  type PartLine,
} from './register';

/**
 * The register's own functions, called directly. Nothing of the register runs in `beforeAll` (no catalogue seed):
 * a broken register must fail a test here, not the set-up of the whole file.
 */
let t: TestApp;
let artistId: string;
/** Members with no parts yet: `fr` and `fr2` live in France, `be` in Belgium. */
const member = { fr: '', fr2: '', be: '' };
beforeAll(async () => {
  t = await createTestApp();
  const [artist] = await t.ctx.database.db
    .insert(artists)
    .values({ slug: `register-${randomUUID()}`, name: 'Register Test', bioEn: 'A test artist.', bioFr: 'Un artiste.' })
    .returning({ id: artists.id });
  artistId = artist?.id ?? '';
  for (const [key, country] of [
    ['fr', 'FR'],
    ['fr2', 'FR'],
    ['be', 'BE'],
  ] as const) {
    const created = await createMember(t, { verified: true, overrides: { country } });
    member[key] = (await userRow(t, created.email))?.id ?? '';
  }
});
afterAll(() => t.close());

type Tx = Parameters<Parameters<TestApp['ctx']['database']['db']['transaction']>[0]>[0];

/**
 * Runs a test's writes in a transaction that is always rolled back: the movements written here by hand (parts bought
 * without a purchase, a painting's sold parts not kept) would break the invariants checked when the app closes.
 */
async function rolledBack(body: (tx: Tx) => Promise<void>): Promise<void> {
  await t.ctx.database.db
    .transaction(async (tx) => {
      await body(tx);
      throw new Error('rollback');
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error;
    });
}

/** A painting row whose parts are not issued yet (9 parts). */
async function newPainting(tx: Tx) {
  const slug = `register-${randomUUID()}`;
  const [painting] = await tx
    .insert(paintings)
    .values({
      slug,
      artistId,
      titleEn: 'Register work',
      titleFr: 'Œuvre du registre',
      descriptionEn: 'A work made for a test.',
      descriptionFr: 'Une œuvre faite pour un test.',
      typeEn: 'Oil on canvas',
      typeFr: 'Huile sur toile',
      year: 2020,
      widthCm: 1,
      heightCm: 1,
      market: 2,
      pricePerPartMinor: 250,
      totalParts: 9,
      soldParts: 0,
      coverKey: 'artworks/test/cover.webp',
    })
    .returning();
  if (!painting) throw new Error('painting not created');
  return painting;
}

const move = (tx: Tx, paintingId: string, lines: PartLine[]) =>
  moveParts(tx, { paintingId, reason: 'test', reference: `test-${randomUUID()}`, lines });

describe('assertMovementBalanced', () => {
  const line = (quantity: number): PartLine => ({ holder: { kind: 'available' }, quantity });

  it('accepts two or more non-zero whole entries summing to zero', () => {
    expect(() => assertMovementBalanced([line(3), line(-3)])).not.toThrow();
    expect(() => assertMovementBalanced([line(2), line(1), line(-3)])).not.toThrow();
  });

  it('refuses fewer than two entries, a zero or fractional entry, and entries not summing to zero, saying which', () => {
    expect(() => assertMovementBalanced([])).toThrow('a movement needs at least two entries');
    expect(() => assertMovementBalanced([line(0)])).toThrow('a movement needs at least two entries');
    // Balanced, but one entry moves nothing.
    expect(() => assertMovementBalanced([line(5), line(0), line(-5)])).toThrow(
      'a movement entry must be a non-zero whole number, got 0',
    );
    expect(() => assertMovementBalanced([line(1.5), line(-1.5)])).toThrow(
      'a movement entry must be a non-zero whole number, got 1.5',
    );
    expect(() => assertMovementBalanced([line(3), line(-2)])).toThrow('movement entries sum to 1, not 0');
    expect(() => assertMovementBalanced([line(-3), line(2)])).toThrow('movement entries sum to -1, not 0');
  });
});

describe('moveParts', () => {
  it('records the movement and one entry per line, each holder in its own columns', () =>
    rolledBack(async (tx) => {
      const painting = await newPainting(tx);
      const [listing] = await tx
        .insert(listings)
        .values({
          reference: `L-${randomUUID()}`,
          sellerId: member.fr,
          paintingId: painting.id,
          quantity: 1,
          remaining: 1,
          unitPriceMinor: 300,
        })
        .returning({ id: listings.id });
      const [purchase] = await tx
        .insert(purchases)
        .values({
          reference: `P-${randomUUID()}`,
          userId: member.be,
          paintingId: painting.id,
          quantity: 2,
          currency: 'EURO',
          unitPriceMinor: 250,
          totalMinor: 500,
          paymentMethod: 'card',
          ownerName: 'B',
          language: 'en',
          expiresAt: new Date(Date.now() + 60_000),
        })
        .returning({ id: purchases.id });
      const listingId = listing?.id ?? '';
      const purchaseId = purchase?.id ?? '';
      const reference = `test-${randomUUID()}`;
      const movementId = await moveParts(tx, {
        paintingId: painting.id,
        reason: 'test',
        reference,
        lines: [
          { holder: { kind: 'issuer' }, quantity: -9 },
          { holder: { kind: 'available' }, quantity: 3 },
          { holder: { kind: 'member', userId: member.fr, lot: 'primary' }, quantity: 2 },
          { holder: { kind: 'member', userId: member.fr, lot: 'secondary' }, quantity: 1 },
          { holder: { kind: 'reserved', purchaseId }, quantity: 2 },
          { holder: { kind: 'listed', listingId }, quantity: 1 },
        ],
      });
      const movements = await tx.select().from(partMovements).where(eq(partMovements.paintingId, painting.id));
      expect(movements).toMatchObject([{ id: movementId, paintingId: painting.id, reason: 'test', reference }]);
      const entries = await tx
        .select({
          paintingId: partEntries.paintingId,
          holderKind: partEntries.holderKind,
          userId: partEntries.userId,
          lot: partEntries.lot,
          purchaseId: partEntries.purchaseId,
          listingId: partEntries.listingId,
          quantity: partEntries.quantity,
        })
        .from(partEntries)
        .where(eq(partEntries.movementId, movementId));
      const none = { paintingId: painting.id, userId: null, lot: null, purchaseId: null, listingId: null };
      expect(entries).toHaveLength(6);
      expect(entries).toEqual(
        expect.arrayContaining([
          { ...none, holderKind: 'issuer', quantity: -9 },
          { ...none, holderKind: 'available', quantity: 3 },
          { ...none, holderKind: 'member', userId: member.fr, lot: 'primary', quantity: 2 },
          { ...none, holderKind: 'member', userId: member.fr, lot: 'secondary', quantity: 1 },
          { ...none, holderKind: 'reserved', purchaseId, quantity: 2 },
          { ...none, holderKind: 'listed', listingId, quantity: 1 },
        ]),
      );
      // What each holder has is the sum of its entries.
      expect(await heldBy(tx, painting.id, 'available')).toBe(3);
      expect(await heldBy(tx, painting.id, 'issuer')).toBe(-9);
      expect(await heldBy(tx, painting.id, 'listed')).toBe(1);
      expect(await memberHolding(tx, member.fr, painting.id)).toEqual({ primary: 2, secondary: 1 });
      expect(await memberHolding(tx, member.be, painting.id)).toEqual({ primary: 0, secondary: 0 });
    }));

  it('records nothing for an unbalanced movement', () =>
    rolledBack(async (tx) => {
      const painting = await newPainting(tx);
      await expect(
        move(tx, painting.id, [
          { holder: { kind: 'issuer' }, quantity: -9 },
          { holder: { kind: 'available' }, quantity: 8 },
        ]),
      ).rejects.toThrow('movement entries sum to -1, not 0');
      expect(await tx.select().from(partMovements).where(eq(partMovements.paintingId, painting.id))).toEqual([]);
    }));
});

describe('issueParts', () => {
  it('moves the total from the issuer to the available stock, once', () =>
    rolledBack(async (tx) => {
      const painting = await newPainting(tx);
      expect(await issueParts(tx, painting)).toBe(true);
      const movements = await tx.select().from(partMovements).where(eq(partMovements.paintingId, painting.id));
      expect(movements).toMatchObject([{ reason: 'issue', reference: `issue:${painting.slug}` }]);
      const entries = await tx
        .select({ holderKind: partEntries.holderKind, quantity: partEntries.quantity })
        .from(partEntries)
        .where(eq(partEntries.paintingId, painting.id))
        .orderBy(asc(partEntries.quantity));
      expect(entries).toEqual([
        { holderKind: 'issuer', quantity: -9 },
        { holderKind: 'available', quantity: 9 },
      ]);
      // Issued already: nothing more.
      expect(await issueParts(tx, painting)).toBe(false);
      expect(await heldBy(tx, painting.id, 'available')).toBe(9);
      expect(await tx.select().from(partMovements).where(eq(partMovements.paintingId, painting.id))).toHaveLength(1);
    }));
});

describe('coOwnerCounts', () => {
  it('counts the members holding parts and their countries, of one painting or of all', () =>
    rolledBack(async (tx) => {
      const first = await newPainting(tx);
      const second = await newPainting(tx);
      const buy = (paintingId: string, userId: string, quantity: number) =>
        move(tx, paintingId, [
          { holder: { kind: 'available' }, quantity: -quantity },
          { holder: { kind: 'member', userId, lot: 'primary' }, quantity },
        ]);
      for (const painting of [first, second]) await issueParts(tx, painting);
      // First work: fr, fr2 and be. Second work: fr, and fr2 who has sold back everything (holds none, not counted).
      await buy(first.id, member.fr, 2);
      await buy(first.id, member.fr2, 1);
      await buy(first.id, member.be, 1);
      await buy(second.id, member.fr, 1);
      await buy(second.id, member.fr2, 3);
      await buy(second.id, member.fr2, -3);
      expect(await coOwnerCounts(tx, first.id)).toEqual({ investors: 3, countries: 2 });
      expect(await coOwnerCounts(tx, second.id)).toEqual({ investors: 1, countries: 1 });
      const unsold = await newPainting(tx);
      expect(await coOwnerCounts(tx, unsold.id)).toEqual({ investors: 0, countries: 0 });
      // The whole catalogue (only this test's parts: the others are rolled back): each member once, whatever the
      // number of works they hold.
      expect(await coOwnerCounts(tx)).toEqual({ investors: 3, countries: 2 });
    }));
});
