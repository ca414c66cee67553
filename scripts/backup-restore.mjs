#!/usr/bin/env node
/**
 * The restore drill (docs/deploy.md, "Backups and the restore drill"):
 *
 *   DATABASE_URL=postgres://… node scripts/backup-restore.mjs [--out DIR] [--keep]
 *
 * 1. Opens a read-only REPEATABLE READ transaction on DATABASE_URL and exports its snapshot; fingerprints the money
 *    tables (row count and an md5 of every row) in that snapshot.
 * 2. pg_dump of that same snapshot (custom format) to DIR (default ./backups), so the dump and the fingerprints
 *    describe the same instant even while the exchange keeps writing.
 * 3. createdb of a fresh database on the same server (RESTORE_DATABASE_NAME, default <db>_restore_<timestamp>; it
 *    must not exist), pg_restore into it.
 * 4. On the restored database: `npm run db:status` (every committed migration applied) and `npm run ledger:check`
 *    (the money and parts invariants), then the fingerprints again, compared table by table.
 * 5. Drops the restored database (kept with --keep), keeps the dump file, exits 0 only if every step passed.
 *
 * Needs pg_dump, pg_restore, createdb and dropdb of the server's major version (or newer) on the PATH.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  compareFingerprints,
  fingerprintQuery,
  MONEY_TABLES,
  redactUrl,
  restoreName,
  withDatabase,
} from './backup-restore/lib.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const keep = args.includes('--keep');
const outIndex = args.indexOf('--out');
const outDir = resolve(outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1] : join(root, 'backups'));

const say = (line) => console.log(`[backup-restore] ${line}`);

/** Stops the drill; `finally` blocks still run (the restored database is then kept for inspection). */
function fail(message) {
  throw new Error(message);
}

/** Runs a PostgreSQL client tool; its output is shown only when it fails. */
function tool(command, toolArgs) {
  const result = spawnSync(command, toolArgs, { encoding: 'utf8' });
  if (result.error) fail(`${command}: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} exited with ${result.status}: ${(result.stderr || result.stdout).trim()}`);
}

/** An npm script of the repository against the restored database, its output passed through. */
function npmScript(name, databaseUrl) {
  const result = spawnSync('npm', ['run', '--silent', name], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  const output = `${result.stdout}${result.stderr}`
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('npm warn'))
    .join('\n');
  if (output) console.log(output);
  if (result.status !== 0) fail(`npm run ${name} failed on the restored database (exit ${result.status})`);
}

async function fingerprints(client) {
  const present = new Set(
    (await client.query(`select tablename from pg_tables where schemaname = 'public'`)).rows.map(
      (row) => row.tablename,
    ),
  );
  const result = {};
  for (const table of MONEY_TABLES) {
    if (!present.has(table)) continue;
    const { rows } = await client.query(fingerprintQuery(table));
    result[table] = { rows: String(rows[0].rows), digest: rows[0].digest };
  }
  return result;
}

async function main() {
  const sourceUrl = process.env.DATABASE_URL;
  if (!sourceUrl || !/^postgres(ql)?:\/\//.test(sourceUrl)) {
    fail('DATABASE_URL must be the PostgreSQL database to back up (postgres://…)');
  }
  const started = Date.now();
  const major = execFileSync('pg_dump', ['--version'], { encoding: 'utf8' }).trim();
  say(`source ${redactUrl(sourceUrl)} (${major})`);

  // 1–2. One snapshot for the fingerprints and the dump.
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dumpFile = join(outDir, `parcelle-${stamp}.dump`);
  const source = new pg.Client({ connectionString: sourceUrl });
  await source.connect();
  let expected;
  try {
    await source.query('begin isolation level repeatable read read only');
    const snapshot = (await source.query('select pg_export_snapshot() as id')).rows[0].id;
    expected = await fingerprints(source);
    tool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      `--file=${dumpFile}`,
      `--dbname=${sourceUrl}`,
    ]);
    await source.query('commit');
  } finally {
    await source.end();
  }
  say(`backup ${dumpFile} (${(statSync(dumpFile).size / 1024).toFixed(0)} KiB)`);

  // 3. A fresh database: createdb refuses a name that exists, so nothing is restored over live data.
  const name = process.env.RESTORE_DATABASE_NAME || restoreName(sourceUrl);
  const restoredUrl = withDatabase(sourceUrl, name);
  tool('createdb', [`--maintenance-db=${sourceUrl}`, name]);
  say(`restoring into ${redactUrl(restoredUrl)}`);
  let passed = false;
  try {
    tool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${restoredUrl}`, dumpFile]);

    // 4. The restored database as the application sees it, then table by table.
    npmScript('db:status', restoredUrl);
    npmScript('ledger:check', restoredUrl);
    const restored = new pg.Client({ connectionString: restoredUrl });
    await restored.connect();
    let actual;
    try {
      actual = await fingerprints(restored);
    } finally {
      await restored.end();
    }
    const problems = compareFingerprints(expected, actual);
    for (const [table, { rows }] of Object.entries(expected))
      say(
        `  ${table.padEnd(20)} ${rows.padStart(8)} rows ${actual[table]?.digest === expected[table].digest ? 'identical' : 'DIFFERENT'}`,
      );
    if (problems.length > 0) fail(problems.join('; '));
    const total = Object.values(expected).reduce((sum, { rows }) => sum + Number(rows), 0);
    say(
      `OK: ${Object.keys(expected).length} money tables, ${total} rows identical; migrations and ledger:check pass (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    passed = true;
  } finally {
    // 5. The drill leaves the dump, not a second copy of the data (unless asked, or to inspect a failure).
    if (keep || !passed) {
      say(`restored database kept: ${name}`);
    } else {
      tool('dropdb', [`--maintenance-db=${sourceUrl}`, '--force', name]);
    }
  }
}

main().catch((error) => {
  console.error(`[backup-restore] FAILED: ${error.message}`);
  process.exitCode = 1;
});
