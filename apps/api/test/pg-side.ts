import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../src/db/client';
import { LOCK_WAITERS_SQL } from './race';
import type { TestApp } from './test-app';

/**
 * A second connection to the test app's database, outside its pool: it holds locks to force an interleaving, and
 * watches the app's backends wait on them, so a race is played in a set order instead of hoped for with sleeps.
 */
export async function sideConnection(t: TestApp) {
  const [row] = await queryRows<{ name: string }>(t.ctx.database.db, sqlCurrentDatabase);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${row?.name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const database = row?.name ?? '';
  return {
    client,
    database,
    /** Waits until `count` backends of this database (other than this one) wait on a lock; fails after 10 s. */
    async lockWaits(count: number, orDone?: Promise<unknown>): Promise<'waiting' | 'done'> {
      let done = false;
      void orDone?.then(
        () => {
          done = true;
        },
        () => {
          done = true;
        },
      );
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const { rows } = await client.query(LOCK_WAITERS_SQL);
        if (rows[0].waiting >= count) return 'waiting';
        if (done) return 'done';
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`${count} lock waits never came`);
    },
    /** Lets connections into the database or refuses them, from a connection to the server's own database. */
    async allowConnections(allow: boolean): Promise<void> {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS ${allow}`);
      } finally {
        await admin.end();
      }
    },
    close: () => client.end(),
  };
}

const sqlCurrentDatabase = sql`SELECT current_database() AS name`;
