import { randomBytes } from 'node:crypto';
import { creditorReference, referenceBody } from '@parcelle/shared/deposits';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { depositReferences } from './schema';

/**
 * A member's personal deposit reference, given on first use and kept for good (a member who set up a standing order
 * keeps it). Random, not derived from the account: nothing about the member can be read from it. Two first uses at
 * once: the primary key lets one insert win and both read it; a body already someone else's is drawn again.
 */
export async function depositReferenceOf(db: Executor, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [found] = await db
      .select({ reference: depositReferences.reference })
      .from(depositReferences)
      .where(eq(depositReferences.userId, userId));
    if (found) return found.reference;
    await db
      .insert(depositReferences)
      .values({ userId, reference: creditorReference(referenceBody((size) => randomBytes(size))) })
      .onConflictDoNothing();
  }
  throw new Error('no deposit reference could be given');
}

/** The member a reference (electronic form) belongs to, or null. */
export async function memberOfReference(db: Executor, reference: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: depositReferences.userId })
    .from(depositReferences)
    .where(eq(depositReferences.reference, reference));
  return row?.userId ?? null;
}
