import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../account/schema';
import { paintings } from '../catalogue-admin/schema';
import { listings } from '../market/schema';
import { purchases } from '../purchases/schema';

/**
 * The parts register (double entry). Owned by modules/parts: only its files write these tables (issue 28, decision
 * 416). Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

/**
 * The parts register is kept like the money ledger: a movement moves parts of one painting between holders and
 * its entries sum to zero. Holders: the `issuer` (the work itself, −total at issue), `available` (the primary
 * stock still for sale), `reserved` (parts held for a pending purchase) and `member` (a co-owner, with the lot
 * the parts came from). A holding is the sum of its entries; nothing is updated or deleted.
 */
/** `exited`: parts that left their holders with the work when an exit sold it (issue 17); nobody holds them any more. */
export const partHolderKindEnum = pgEnum('part_holder_kind', [
  'issuer',
  'available',
  'reserved',
  'member',
  'listed',
  'exited',
]);

export const partLotEnum = pgEnum('part_lot', ['primary', 'secondary']);

export const partMovements = pgTable(
  'part_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    /** issue, seed, reserve, release, settle… */
    reason: text('reason').notNull(),
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('part_movements_painting_idx').on(table.paintingId, table.createdAt)],
);

export const partEntries = pgTable(
  'part_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    movementId: uuid('movement_id')
      .notNull()
      .references(() => partMovements.id),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    holderKind: partHolderKindEnum('holder_kind').notNull(),
    /** The co-owner (member entries only). */
    userId: uuid('user_id').references(() => users.id),
    /** The lot the parts came from (member entries only). */
    lot: partLotEnum('lot'),
    /** The purchase holding the parts (reserved entries only). */
    purchaseId: uuid('purchase_id').references((): AnyPgColumn => purchases.id),
    /** The secondary-market listing holding the parts (listed entries only). */
    listingId: uuid('listing_id').references((): AnyPgColumn => listings.id),
    /** Signed number of parts: positive adds to the holder. */
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('part_entries_movement_idx').on(table.movementId),
    index('part_entries_painting_holder_idx').on(table.paintingId, table.holderKind),
    index('part_entries_user_idx').on(table.userId, table.paintingId),
    index('part_entries_listing_idx').on(table.listingId),
    check('part_entries_nonzero', sql`${table.quantity} <> 0`),
    check(
      'part_entries_holder_shape',
      // Compared as text: a value added to the enum cannot be used as an enum literal in the migration that adds it.
      sql`(${table.holderKind}::text = 'member') = (${table.userId} IS NOT NULL AND ${table.lot} IS NOT NULL)
        AND (${table.holderKind}::text = 'reserved') = (${table.purchaseId} IS NOT NULL)
        AND (${table.holderKind}::text = 'listed') = (${table.listingId} IS NOT NULL)`,
    ),
  ],
);
