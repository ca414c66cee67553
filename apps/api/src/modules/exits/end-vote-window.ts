import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exitOffers } from '../../db/schema';

/**
 * Development time travel (decision 377): an open vote's window ends now, as if its closing time had come. Only the
 * development routes call it (never registered in production, loopback only): the exit journey votes in a window
 * of minutes, then ends it, instead of racing a window of seconds on a loaded machine. Answers whether a vote was
 * open; a vote already closed, resolved or not yet opened is left as it is.
 */
export async function endVoteWindowNow(db: Executor, offerId: string): Promise<boolean> {
  const now = new Date();
  const ended = await db
    .update(exitOffers)
    .set({ voteClosesAt: now })
    .where(and(eq(exitOffers.id, offerId), eq(exitOffers.status, 'voting'), gt(exitOffers.voteClosesAt, now)))
    .returning({ id: exitOffers.id });
  return ended.length > 0;
}
