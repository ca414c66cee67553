import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paintings } from '../../db/schema';
import { MARKET } from './state';

/**
 * Takes `quantity` parts of a work's primary stock (`sold_parts`, parts sold or reserved) with one conditional UPDATE:
 * only on the primary market and only while `sold_parts + quantity <= total_parts`. PostgreSQL applies it under the
 * work's row lock, so two buyers never both get the last parts. Answers whether it took them. A new reservation and
 * a late payment taking its parts again both take stock here; drop.ts's hot path has the same condition in its SQL.
 */
export async function takePrimaryParts(tx: Executor, paintingId: string, quantity: number): Promise<boolean> {
  const [taken] = await tx
    .update(paintings)
    .set({ soldParts: sql`${paintings.soldParts} + ${quantity}` })
    .where(
      and(
        eq(paintings.id, paintingId),
        eq(paintings.market, MARKET.primary),
        sql`${paintings.soldParts} + ${quantity} <= ${paintings.totalParts}`,
      ),
    )
    .returning({ id: paintings.id });
  return taken !== undefined;
}

/** Gives `quantity` parts back to a work's primary stock: a reservation released, a purchase revoked. */
export async function returnPrimaryParts(tx: Executor, paintingId: string, quantity: number): Promise<void> {
  await tx
    .update(paintings)
    .set({ soldParts: sql`${paintings.soldParts} - ${quantity}` })
    .where(eq(paintings.id, paintingId));
}
