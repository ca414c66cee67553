import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver: the code above this file never knows which PostgreSQL it talks to. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: functions that take one compose inside a caller's transaction. */
export type Executor = Database;

/** What a PostgreSQL handle gives the transport: NOTIFY on the pool, LISTEN on a connection of its own. */
export type PostgresNotifications = {
  notify: (channel: string, payload: string) => Promise<void>;
  /** Opens a connection that LISTENs on `channel`; `onEnd` when it breaks. Returns the function that closes it. */
  listen: (channel: string, onMessage: (payload: string) => void, onEnd: () => void) => Promise<() => Promise<void>>;
};

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * Raw SQL on the same connection(s), for the job queue (pg-boss): a statement with values, or a script without.
   * On PGlite it takes its turn with every other query of the one connection.
   */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  /**
   * Runs `work` while no other process runs its own (migrations and seeding at start-up, when several processes
   * start together on one PostgreSQL): a session advisory lock. PGlite has one process already (its folder lock).
   */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
  /** NOTIFY and LISTEN between processes (catalogue changes); absent for PGlite, which is one process. */
  notifications?: PostgresNotifications;
  /** The PostgreSQL pool's connections (for the metrics); absent for PGlite, which has no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
};

/** The advisory lock key of start-up work (an arbitrary constant: 'parcelle' in ASCII). */
const STARTUP_LOCK = 0x7061726365_6c6c65n;

/** The rows of a raw SQL query (`db.execute`), whichever driver answered. */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The committed drizzle-kit migrations, found from the source tree or the bundled dist alike. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

/** Raised when another process has the embedded database open. */
export class DatabaseInUseError extends Error {
  constructor(dataDir: string) {
    super(
      `The embedded database in ${dataDir} is open in another process (is \`npm start\` running?). ` +
        'Stop it and run this again, or set DATABASE_URL to a PostgreSQL server, which any number of processes can share.',
    );
    this.name = 'DatabaseInUseError';
  }
}

/**
 * Only one process may open a PGlite folder: two would each replay and write the same files and corrupt them. The
 * lock (a `.lock` folder beside it, refreshed while held) is released on close and on exit; one left by a killed
 * process goes stale after 30 seconds and is taken over.
 */
async function lockFolder(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      stale: 30_000,
      update: 5_000,
      realpath: false,
      // The default throws from a timer and would stop the server; a lock refreshed late (the event loop held by a
      // long query) is worth a warning, not an outage.
      onCompromised: (error) => console.warn(`[database] lock on ${dataDir}: ${error.message}`),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DatabaseInUseError(dataDir);
    throw error;
  }
}

/** PGlite in a folder (or in memory with `memory://`). */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const release = inMemory ? async () => {} : await lockFolder(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir);
  } catch (error) {
    await release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      // pg-boss creates its schema with one multi-statement script; `exec` runs scripts and answers each result.
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    exclusively: (work) => work(),
    close: async () => {
      try {
        await client.close();
      } finally {
        await release();
      }
    },
  };
}

/** `poolMax`: connections this process may open (DATABASE_POOL_MAX; every process has its own pool). */
export async function openPostgres(url: string, poolMax = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle connection closed by the server (restart, failover, a test database dropped) is discarded by the
  // pool; without a listener its 'error' event would crash the process.
  pool.on('error', (error) => {
    if (process.env.NODE_ENV !== 'test') console.warn(`[database] idle connection closed: ${error.message}`);
  });
  // The same for a connection closed while checked out (terminated by the server in the middle of a transaction):
  // its query fails and the request answers 500, but the client's own 'error' event must not crash the process.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (process.env.NODE_ENV !== 'test') console.warn(`[database] connection closed in use: ${error.message}`);
    });
  });
  // Surface connection errors at start-up rather than on the first request.
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
    executeSql: (text, values) => pool.query(text, values),
    exclusively: async (work) => {
      const session = await pool.connect();
      try {
        await session.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK.toString()]);
        return await work();
      } finally {
        await session.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK.toString()]).catch(() => undefined);
        session.release();
      }
    },
    close: () => pool.end(),
    notifications: {
      notify: async (channel, payload) => {
        await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
      },
      listen: async (channel, onMessage, onEnd) => {
        const client = new pg.Client({ connectionString: url });
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          onEnd();
        };
        client.on('error', () => {
          end();
          client.end().catch(() => undefined);
        });
        client.on('end', end);
        client.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
        });
        await client.connect();
        await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
        return async () => {
          ended = true;
          await client.end().catch(() => undefined);
        };
      },
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolMax }),
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  databasePoolMax?: number;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.databasePoolMax)
    : openPglite(join(options.dataDir, 'pglite'));
}

/** For the command-line tools: a database in use elsewhere ends the command with its message, not a stack trace. */
export async function openDatabaseOrExit(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  try {
    return await openDatabase(options);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
