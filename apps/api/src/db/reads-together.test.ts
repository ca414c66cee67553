import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import { type DatabaseHandle, type Executor, queryRows, readsTogether } from './client';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Two reads of 50 ms that write down when each was started and when it answered. */
function twoReads(db: Executor, log: string[]) {
  const read = (name: string) => async () => {
    log.push(`${name} sent`);
    const [row] = await queryRows<{ name: string }>(db, sql`SELECT ${name}::text AS name, pg_sleep(0.05)`);
    log.push(`${name} answered`);
    return row?.name;
  };
  return [read('first'), read('second')] as const;
}

describe('readsTogether (db/client.ts)', () => {
  it('sends the reads together on the pool, and answers them in their order', async () => {
    const log: string[] = [];
    expect(await readsTogether(database.db, twoReads(database.db, log))).toEqual(['first', 'second']);
    expect(log.slice(0, 2)).toEqual(['first sent', 'second sent']);
  });

  it('sends them one after another inside a transaction, whose one connection would queue them', async () => {
    // Guard: client.ts readsTogether's `is(db, PgTransaction)`. Without it the second is sent before the first answered
    // (checked), which node-postgres 8 queues with a deprecation warning and node-postgres 9 refuses.
    const log: string[] = [];
    const answers = await database.db.transaction((tx) => readsTogether(tx, twoReads(tx, log)));
    expect(answers).toEqual(['first', 'second']);
    expect(log).toEqual(['first sent', 'first answered', 'second sent', 'second answered']);
  });
});
