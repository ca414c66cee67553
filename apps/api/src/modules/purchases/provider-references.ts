import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { preparedPerDatabase } from '../../db/prepared';
import { purchases } from '../../db/schema';
import { WorkTurns } from '../../db/turns';

/** A reserved purchase and the id its provider gave its payment (a card payment's, a PayPal order's). */
type ProviderReference = { purchaseId: string; providerRef: string };

/**
 * The references of any number of purchases in one UPDATE, the same text for one as for many (decision 521):
 * prepared. `refs` lines up with `ids`.
 */
const writeReferences = preparedPerDatabase((db) =>
  db
    .update(purchases)
    .set({
      providerRef: sql`(select "given"."ref" from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('refs')}::text[])
        as "given"("id", "ref") where "given"."id" = ${purchases.id})`,
    })
    .where(sql`${purchases.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('purchase_provider_references'),
);

/** Each process's references waiting per work (turns.ts), one set per application context. */
const turnsOf = new WeakMap<AppContext, WorkTurns<ProviderReference, void>>();

/**
 * Records the provider's reference of a reserved purchase (decision 591). The provider is called after the
 * reservation's commit, outside any transaction, so each reference is a write of its own; in a drop many arrive at
 * once, and those of one work waiting at that moment are written together, one statement and one commit for the lot
 * (the per-work turn, first in first out), where each purchase paid for both. A batch that fails runs again one
 * reference at a time (turns.ts), so one bad write never fails another purchase.
 */
export function recordProviderReference(
  ctx: AppContext,
  paintingId: string,
  reference: ProviderReference,
): Promise<void> {
  let turns = turnsOf.get(ctx);
  if (!turns) {
    turns = new WorkTurns<ProviderReference, void>(async (_paintingId, references) => {
      await writeReferences(ctx.database.db).execute({
        ids: references.map((one) => one.purchaseId),
        refs: references.map((one) => one.providerRef),
      });
      return references.map(() => ({ value: undefined }));
    });
    turnsOf.set(ctx, turns);
  }
  return turns.run(paintingId, reference);
}
