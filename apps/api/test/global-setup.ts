import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openPostgres } from '../src/db/client';
import { type EmbeddedPostgres, startEmbeddedPostgres, withDatabase } from '../src/db/embedded-postgres';
import { TEMPLATE_ENV } from './template';

/**
 * Once per run of the API suite: the PostgreSQL server (TEST_DATABASE_URL, else a throw-away server of the project's
 * own, like `npm start`'s) and the template every test file's database is cloned from (`CREATE DATABASE … TEMPLATE`):
 * migrated once, pg-boss's schema and queues included, named after the migrations and the code that creates the
 * queues, so a server kept between runs (CI's, a developer's) rebuilds it only when they change.
 */
type RunDatabase = { serverUrl: string; template: string; stop: () => Promise<void> };
/**
 * The run's server and template, shared by every project that names this set-up (the API suite is two projects,
 * see vitest.config.ts): the first one starts them, the last one to finish stops them.
 */
const shared = globalThis as {
  parcelleTestDatabase?: { users: number; ready: Promise<RunDatabase> };
  parcelleApiBuild?: Promise<void>;
};

/** The projects whose files run the built API (test/built.ts); not the mutation run's, which mutates the sources. */
const BUILT_API_PROJECTS = new Set(['api', 'api-isolated']);

export default async function setup(project: TestProject) {
  shared.parcelleTestDatabase ??= { users: 0, ready: startRunDatabase() };
  if (BUILT_API_PROJECTS.has(project.name)) shared.parcelleApiBuild ??= buildApi();
  const run = shared.parcelleTestDatabase;
  run.users++;
  const [{ serverUrl, template, stop }] = await Promise.all([run.ready, shared.parcelleApiBuild]);
  process.env.TEST_DATABASE_URL = serverUrl;
  process.env[TEMPLATE_ENV] = template;
  project.provide('testDatabaseUrl', serverUrl);
  project.provide('testTemplate', template);
  return async () => {
    run.users--;
    if (run.users > 0) return;
    shared.parcelleTestDatabase = undefined;
    await stop();
  };
}

async function startRunDatabase(): Promise<RunDatabase> {
  let embedded: EmbeddedPostgres | null = null;
  let folder: string | null = null;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    folder = mkdtempSync(join(tmpdir(), 'parcelle-test-postgres-'));
    embedded = await startEmbeddedPostgres(folder, {
      role: 'tool',
      // A throw-away server: durability buys nothing here, and the suite creates and drops a database per file.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
      log: () => undefined,
    });
    serverUrl = embedded.url;
  }
  const template = await ensureTemplate(serverUrl);
  return {
    serverUrl,
    template,
    stop: async () => {
      await embedded?.release();
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * `node scripts/build.mjs apps/api`, beside the database's start: the files that run the API as a process (the admin
 * CLI, the server in two processes or refusing to start) run its bundle, `apps/api/dist`, as `npm start` and the e2e
 * run do, instead of compiling the sources through tsx at each start (2.9 CPU seconds a start of the CLI against 1.6,
 * decision 566; 571). The build is skipped when its stamp says the sources are unchanged, and CI's e2e phase then
 * finds it current. NODE_ENV is left out as `npm run build` leaves it (Vitest sets it to `test`, which the stamp
 * would count as another build).
 */
function buildApi(): Promise<void> {
  const root = join(import.meta.dirname, '..', '..', '..');
  const { NODE_ENV: _vitest, ...env } = process.env;
  return new Promise((built, failed) => {
    const output: string[] = [];
    const child = spawn(process.execPath, ['scripts/build.mjs', 'apps/api'], { cwd: root, env });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', failed);
    child.on('close', (code) =>
      code === 0 ? built() : failed(new Error(`the API's build failed (exit ${code}):\n${output.join('')}`)),
    );
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
    testTemplate: string;
  }
}

/** A name that changes whenever the migrations or the job queue's set-up change. */
function templateName(): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  for (const file of readdirSync(folder).sort()) {
    if (file.endsWith('.sql')) hash.update(readFileSync(join(folder, file)));
  }
  hash.update(readFileSync(join(folder, 'meta', '_journal.json')));
  const api = join(import.meta.dirname, '..', 'src');
  for (const file of ['adapters/jobs/pg-boss-queue.ts', 'jobs.ts', 'modules/notifications/delivery-jobs.ts']) {
    hash.update(readFileSync(join(api, file)));
  }
  return `parcelle_template_${hash.digest('hex').slice(0, 16)}`;
}

/** Creates the template unless a run before made it (an advisory lock keeps two runs from building it at once). */
async function ensureTemplate(serverUrl: string): Promise<string> {
  const name = templateName();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(7061726365)');
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        await prepareTemplate(withDatabase(serverUrl, name));
      } catch (error) {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        throw error;
      }
    }
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(7061726365)').catch(() => undefined);
    await admin.end();
  }
}

/** Migrations, then an app started and closed on it: pg-boss makes its schema and every queue of the app. */
async function prepareTemplate(url: string): Promise<void> {
  const database = await openPostgres(url, 2);
  try {
    await database.migrate();
    const { createTestAppOn } = await import('./test-app');
    const app = await createTestAppOn(database);
    await app.close();
  } finally {
    await database.close();
  }
}
