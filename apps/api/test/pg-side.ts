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
    /**
     * Waits until `count` backends of this database (other than this one) wait on a lock: 'waiting'; 'done' when
     * `orDone` settles first; fails after 20 s (a loaded 2-core CI machine), saying what the backends were doing.
     */
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
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const { rows } = await client.query(LOCK_WAITERS_SQL);
        if (rows[0].waiting >= count) return 'waiting';
        if (done) return 'done';
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // What each backend of the database was doing: a request stuck elsewhere (another wait, idle in its
      // transaction) is named, not guessed at from a CI log.
      const { rows: backends } = await client.query(BACKENDS_SQL);
      throw new Error(`${count} lock waits never came; the database's other backends:\n${JSON.stringify(backends)}`);
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

const BACKENDS_SQL = `SELECT state, wait_event_type, wait_event, left(query, 160) AS query FROM pg_stat_activity
  WHERE datname = current_database() AND pid <> pg_backend_pid()`;
