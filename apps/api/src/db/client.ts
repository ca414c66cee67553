import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { is, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type EmbeddedPostgres, startEmbeddedPostgres, withDatabase } from './embedded-postgres';
import { legacyPgliteFolder } from './legacy-pglite';
import * as schema from './schema';

export type Schema = typeof schema;
/** The application's database (drizzle on node-postgres). */
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
  /** `embedded`: the project's own server under DATA_DIR (npm start); `postgres`: a server at DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * Raw SQL on the same connection(s), for the job queue (pg-boss): a statement with values, or a script without.
   */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  /**
   * Runs `work` while no other process runs its own (migrations and seeding at start-up, when several processes
   * start together on one PostgreSQL): a session advisory lock.
   */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
  /** NOTIFY and LISTEN between processes (catalogue changes). */
  notifications: PostgresNotifications;
  /** The PostgreSQL pool's connections (for the metrics). */
  poolStats: () => { total: number; idle: number; waiting: number; max: number };
};

/** The advisory lock key of start-up work (an arbitrary constant: 'parcelle' in ASCII). */
const STARTUP_LOCK = 0x7061726365_6c6c65n;

/** The rows of a raw SQL query (`db.execute`), whichever driver answered. */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Reads that do not depend on each other, answered in their order: at once on the pool (each on a connection of its
 * own), one after another inside a transaction. A transaction has one connection, which node-postgres 8 makes queue
 * the statements sent together (with a deprecation warning) and node-postgres 9 refuses: an exit's settlement reads a
 * holder's history inside its transaction with the same functions the history page runs on the pool.
 */
export async function readsTogether<const Reads extends readonly (() => Promise<unknown>)[]>(
  db: Executor,
  reads: Reads,
): Promise<{ -readonly [K in keyof Reads]: Awaited<ReturnType<Reads[K]>> }> {
  type Answers = { -readonly [K in keyof Reads]: Awaited<ReturnType<Reads[K]>> };
  if (!is(db, PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Answers;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers;
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

/** `poolMax`: connections this process may open (DATABASE_POOL_MAX; every process has its own pool). */
export async function openPostgres(url: string, poolMax = 10): Promise<DatabaseHandle> {
  // Pipeline mode (decision 599): statements a transaction sends together (`Promise.all` in a workflow step) go on
  // the wire at once, each with its own Sync, instead of each waiting for the answer to the one before; statements
  // awaited one by one run exactly as without it. PostgreSQL runs them in the order sent, and a failed one aborts the
  // transaction for those after it, as it would have.
  const pool = new pg.Pool({ connectionString: url, max: poolMax, pipeline: true });
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
        // Named: each connection parses it once (sent after every purchase's commit when there is no Redis).
        await pool.query({ name: 'catalogue_notify', text: 'SELECT pg_notify($1, $2)', values: [channel, payload] });
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

export type OpenOptions = {
  databaseUrl?: string;
  dataDir: string;
  databasePoolMax?: number;
  /** Who opens the embedded server (see EmbeddedOptions.role): the server process, or a command-line tool. */
  role?: 'server' | 'tool';
  log?: (line: string) => void;
};

/** The database the embedded server keeps the application's data in. */
const EMBEDDED_DATABASE = 'parcelle';

/**
 * The application's database: the server at DATABASE_URL, else the project's own PostgreSQL under
 * `DATA_DIR/postgres` (started when none runs; stopped on close by the process that started it).
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.databasePoolMax);
  const legacy = legacyPgliteFolder(options.dataDir);
  if (legacy) throw new LegacyDataError(legacy);
  const server = await startEmbeddedPostgres(join(options.dataDir, 'postgres'), {
    role: options.role ?? 'tool',
    log: options.log,
  });
  try {
    await ensureDatabase(server.url, EMBEDDED_DATABASE);
    const handle = await openPostgres(withDatabase(server.url, EMBEDDED_DATABASE), options.databasePoolMax);
    return { ...handle, kind: 'embedded', close: () => closeBoth(handle, server) };
  } catch (error) {
    await server.release();
    throw error;
  }
}

async function closeBoth(handle: DatabaseHandle, server: EmbeddedPostgres): Promise<void> {
  try {
    await handle.close();
  } finally {
    await server.release();
  }
}

/** Creates `name` on the server of `url` unless it exists. */
export async function ensureDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/** Raised when DATA_DIR still holds a database of the retired embedded engine (PGlite). */
export class LegacyDataError extends Error {
  constructor(folder: string) {
    super(
      `${folder} holds a database of the retired embedded engine (PGlite); Parcelle now runs its own PostgreSQL. ` +
        'See "Data folders made by PGlite" in docs/operations.md to carry the data over, or move that folder away to start fresh.',
    );
    this.name = 'LegacyDataError';
  }
}

/** For the command-line tools: a failure to open the database ends the command with one line, not a stack trace. */
export async function openDatabaseOrExit(options: OpenOptions): Promise<DatabaseHandle> {
  try {
    return await openDatabase({ ...options, role: 'tool', log: options.log ?? ((line) => console.error(line)) });
  } catch (error) {
    console.error(`[database] ${(error as Error).message}`);
    process.exit(1);
  }
}
