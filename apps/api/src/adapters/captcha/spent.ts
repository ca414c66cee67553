import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { captchaSolutions } from '../../db/schema';

/**
 * Records a captcha answer as spent until it would expire anyway; false when it already was (a replay). The unique key
 * makes two simultaneous uses of one answer yield one true.
 */
export async function spendOnce(db: Database, key: string, expiresAt: Date): Promise<boolean> {
  await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, new Date()));
  const inserted = await db
    .insert(captchaSolutions)
    .values({ signature: key, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: captchaSolutions.signature });
  return inserted.length === 1;
}
