import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { partEntries, partMovements } from '../../db/schema';
import { arraysOf, insertParentsAndChildren } from '../../db/unnest';

/**
 * The parts register, kept like the ledger: a movement moves parts of one painting between holders and its
 * entries sum to zero; what a holder has is the sum of its entries. Holders:
 * - `issuer`: the work itself, −total_part once, when its parts are issued;
 * - `available`: the primary stock still for sale (+total at issue);
 * - `reserved`: parts held for one pending purchase (`purchaseId`);
 * - `member`: a co-owner (`userId`), per lot (`primary` bought at first sale, `secondary` bought from a member);
 * - `listed`: parts a member offers on the secondary market (`listingId`), locked until bought or withdrawn;
 * - `exited`: parts that left their holders when an exit vote sold the whole work (issue 17).
 * `paintings.sold_parts` is kept equal to total − available by the same transactions (checked by the invariants).
 */
export type PartHolder =
  | { kind: 'issuer' }
  | { kind: 'available' }
  | { kind: 'reserved'; purchaseId: string }
  | { kind: 'member'; userId: string; lot: 'primary' | 'secondary' }
  | { kind: 'listed'; listingId: string }
  | { kind: 'exited' };

export type PartLine = { holder: PartHolder; quantity: number };

export class UnbalancedMovement extends Error {}

export function assertMovementBalanced(lines: readonly PartLine[]): void {
  if (lines.length < 2) throw new UnbalancedMovement('a movement needs at least two entries');
  let sum = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity === 0) {
      throw new UnbalancedMovement(`a movement entry must be a non-zero whole number, got ${line.quantity}`);
    }
    sum += line.quantity;
  }
  if (sum !== 0) throw new UnbalancedMovement(`movement entries sum to ${sum}, not 0`);
}

export type Movement = { paintingId: string; reason: string; reference: string; lines: readonly PartLine[] };

/** Records one balanced movement of parts of a painting. Call inside the caller's database transaction. */
export async function moveParts(tx: Executor, params: Movement): Promise<string> {
  const [id] = await movePartsMany(tx, [params]);
  if (!id) throw new Error('part movement not recorded');
  return id;
}

/**
 * Records several balanced movements in two statements whatever their number (a batch of reservations): the
 * movements in one INSERT, their entries in another. The ids are made here, so no entry waits for a RETURNING.
 */
export async function movePartsMany(tx: Executor, movements: readonly Movement[]): Promise<string[]> {
  if (movements.length === 0) return [];
  for (const movement of movements) assertMovementBalanced(movement.lines);
  const ids = movements.map(() => randomUUID());
  await insertMovements(tx).execute({
    ...arraysOf(
      partMovements,
      MOVEMENT_KEYS,
      movements.map((m, at) => ({
        id: ids[at] as string,
        paintingId: m.paintingId,
        reason: m.reason,
        reference: m.reference,
      })),
      'parent_',
    ),
    ...arraysOf(
      partEntries,
      ENTRY_KEYS,
      movements.flatMap((m, at) =>
        m.lines.map(({ holder, quantity }) => ({
          movementId: ids[at] as string,
          paintingId: m.paintingId,
          holderKind: holder.kind,
          userId: holder.kind === 'member' ? holder.userId : null,
          lot: holder.kind === 'member' ? holder.lot : null,
          purchaseId: holder.kind === 'reserved' ? holder.purchaseId : null,
          listingId: holder.kind === 'listed' ? holder.listingId : null,
          quantity,
        })),
      ),
      'child_',
    ),
  });
  return ids;
}

const MOVEMENT_KEYS = ['id', 'paintingId', 'reason', 'reference'] as const;
const ENTRY_KEYS = [
  'movementId',
  'paintingId',
  'holderKind',
  'userId',
  'lot',
  'purchaseId',
  'listingId',
  'quantity',
] as const;

/**
 * `movePartsMany`'s one statement (decisions 521–522): the movements, then their entries, the same text for any number
 * of rows: prepared.
 */
const insertMovements = preparedPerDatabase((db) =>
  insertParentsAndChildren(
    db,
    { table: partMovements, keys: MOVEMENT_KEYS },
    { table: partEntries, keys: ENTRY_KEYS },
  ).prepare('parts_insert_movements'),
);

/** Issues a painting's parts (issuer → available), once: true when it did, false when they already were. */
export async function issueParts(
  tx: Executor,
  painting: { id: string; totalParts: number; slug: string },
): Promise<boolean> {
  const [issued] = await tx
    .select({ id: partMovements.id })
    .from(partMovements)
    .where(and(eq(partMovements.paintingId, painting.id), eq(partMovements.reason, 'issue')))
    .limit(1);
  if (issued) return false;
  await moveParts(tx, {
    paintingId: painting.id,
    reason: 'issue',
    reference: `issue:${painting.slug}`,
    lines: [
      { holder: { kind: 'issuer' }, quantity: -painting.totalParts },
      { holder: { kind: 'available' }, quantity: painting.totalParts },
    ],
  });
  return true;
}

/** What a holder kind holds of a painting (the sum of its entries). */
export async function heldBy(tx: Executor, paintingId: string, kind: PartHolder['kind']): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${partEntries.quantity}), 0)::text` })
    .from(partEntries)
    .where(and(eq(partEntries.paintingId, paintingId), eq(partEntries.holderKind, kind)));
  return Number(row?.total ?? 0);
}

/** A member's parts of a painting, per lot. */
export async function memberHolding(
  tx: Executor,
  userId: string,
  paintingId: string,
): Promise<{ primary: number; secondary: number }> {
  const rows = await tx
    .select({ lot: partEntries.lot, total: sql<string>`sum(${partEntries.quantity})::text` })
    .from(partEntries)
    .where(
      and(eq(partEntries.userId, userId), eq(partEntries.paintingId, paintingId), eq(partEntries.holderKind, 'member')),
    )
    .groupBy(partEntries.lot);
  const holding = { primary: 0, secondary: 0 };
  for (const row of rows) if (row.lot) holding[row.lot] = Number(row.total);
  return holding;
}

/**
 * Co-owners (members holding at least one part) and the distinct countries they live in: of one painting, or
 * of the whole catalogue when `paintingId` is omitted (the home boxes).
 */
export async function coOwnerCounts(
  tx: Executor,
  paintingId?: string,
): Promise<{ investors: number; countries: number }> {
  const forPainting = paintingId ? sql`AND e.painting_id = ${paintingId}` : sql``;
  const [row] = await queryRows<{ investors: number; countries: number }>(
    tx,
    sql`
    SELECT count(DISTINCT held.user_id)::int AS investors, count(DISTINCT u.country)::int AS countries
    FROM (
      SELECT e.user_id FROM part_entries e
      WHERE e.holder_kind = 'member' ${forPainting}
      GROUP BY e.user_id, e.painting_id HAVING sum(e.quantity) > 0
    ) held
    JOIN users u ON u.id = held.user_id`,
  );
  return { investors: Number(row?.investors ?? 0), countries: Number(row?.countries ?? 0) };
}
