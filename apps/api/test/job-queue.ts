import type { QueueSpec } from '../src/adapters/jobs/job-queue';
import { type ExecuteSql, PgBossQueue, type PgBossQueueOptions } from '../src/adapters/jobs/pg-boss-queue';
import type { DatabaseHandle } from '../src/db/client';

/** A kind of job tried once, its retry far away: what the queue's own tests define their kinds with. */
export const ONCE: QueueSpec = {
  retryLimit: 1,
  retryDelaySeconds: 60,
  backoff: false,
  expireInSeconds: 60,
  policy: 'standard',
};

/**
 * A pg-boss queue on a test database as the queue's tests run it: polling every half second (pg-boss's minimum)
 * unless said, no maintenance, start-up under the database's lock; `executeSql` replaces the database's own to watch
 * or hold what the queue sends.
 */
export function testQueue(
  database: DatabaseHandle,
  options: Partial<PgBossQueueOptions> = {},
  executeSql: ExecuteSql = database.executeSql,
): PgBossQueue {
  return new PgBossQueue(executeSql, {
    pollSeconds: 0.5,
    maintenance: false,
    exclusively: database.exclusively,
    ...options,
  });
}
