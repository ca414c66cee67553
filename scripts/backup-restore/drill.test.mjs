import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareFingerprints, fingerprintQuery, redactUrl, restoreName, withDatabase } from './lib.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('restore drill, pure parts', () => {
  it('reports a missing table, a lost row and a changed value', () => {
    const source = {
      ledger_entries: { rows: '4', digest: 'a' },
      purchases: { rows: '2', digest: 'b' },
      refunds: { rows: '0', digest: 'c' },
    };
    expect(compareFingerprints(source, structuredClone(source))).toEqual([]);
    expect(
      compareFingerprints(source, {
        ledger_entries: { rows: '3', digest: 'x' },
        purchases: { rows: '2', digest: 'z' },
      }),
    ).toEqual([
      "ledger_entries: 4 rows in the backup's snapshot, 3 restored",
      'purchases: same row count (2) but different contents',
      'refunds: missing from the restored database',
    ]);
  });

  it('fingerprints only the money tables, and never shows a password', () => {
    expect(fingerprintQuery('ledger_entries')).toContain('from public.ledger_entries t');
    expect(() => fingerprintQuery('users; drop table users')).toThrow(/not a money table/);
    expect(redactUrl('postgres://app:s3cret@db.internal:5432/parcelle')).toBe(
      'postgres://app:***@db.internal:5432/parcelle',
    );
    expect(withDatabase('postgres://app@db:5432/parcelle?sslmode=require', 'copy')).toBe(
      'postgres://app@db:5432/copy?sslmode=require',
    );
    expect(restoreName('postgres://db/parcelle', new Date('2026-11-24T02:30:05Z'))).toBe(
      'parcelle_restore_20261124023005',
    );
  });
});

/**
 * The drill itself on a PostgreSQL server whose major version the machine's pg_dump and pg_restore match
 * (DRILL_DATABASE_URL: CI points it at Debian's server, whose client tools are on the PATH; the project's own server
 * brings no pg_dump): a database migrated and seeded (demo catalogue, holdings and their ledger transactions), backed
 * up, restored into a fresh database and verified.
 */
const serverUrl = process.env.DRILL_DATABASE_URL;
if (!serverUrl)
  console.warn('restore drill skipped: DRILL_DATABASE_URL names no PostgreSQL server with pg_dump beside it');
describe.skipIf(!serverUrl)('scripts/backup-restore.mjs on PostgreSQL', () => {
  const name = `parcelle_drill_${process.pid}_${Date.now()}`;
  const sourceUrl = serverUrl ? withDatabase(serverUrl, name) : '';
  const outDir = mkdtempSync(join(tmpdir(), 'parcelle-backup-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'parcelle-drill-data-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    SEED_CATALOGUE: 'true',
    DATABASE_URL: sourceUrl,
  };

  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };

  let booked = { transactions: 0, entries: 0 };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const seeded = spawnSync('npm', ['run', '--silent', 'db:seed'], { cwd: root, env, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`db:seed failed: ${seeded.stderr}`);
    // Money to compare: the demo member's wallet funded from the platform's cash, one balanced transaction (as a
    // card top-up would post it), plus a second member's.
    const client = new pg.Client({ connectionString: sourceUrl });
    await client.connect();
    try {
      // What the seed itself booked (seeded co-owners' dividends), so the drill's two transactions are counted on top.
      const count = async (table) => Number((await client.query(`select count(*)::int as n from ${table}`)).rows[0].n);
      booked = { transactions: await count('ledger_transactions'), entries: await count('ledger_entries') };
      const users = (await client.query(`select id from users order by email limit 2`)).rows;
      const cash = (
        await client.query(`insert into ledger_accounts (kind, currency) values ('platform_cash', 'EURO') returning id`)
      ).rows[0].id;
      for (const [index, user] of users.entries()) {
        // The seed may already have opened the member's wallet (seeded co-owners are paid dividends): reuse it.
        await client.query(
          `insert into ledger_accounts (kind, currency, user_id) values ('member_wallet', 'EURO', $1)
           on conflict do nothing`,
          [user.id],
        );
        const wallet = (
          await client.query(
            `select id from ledger_accounts where kind = 'member_wallet' and currency = 'EURO' and user_id = $1`,
            [user.id],
          )
        ).rows[0].id;
        const transaction = (
          await client.query(
            `insert into ledger_transactions (reference, description) values ($1, 'restore drill funding') returning id`,
            [`drill-${index}`],
          )
        ).rows[0].id;
        const amount = 12_345 * (index + 1);
        await client.query(
          `insert into ledger_entries (transaction_id, account_id, amount_minor, currency)
           values ($1, $2, $3, 'EURO'), ($1, $4, $5, 'EURO')`,
          [transaction, cash, -amount, wallet, amount],
        );
      }
    } finally {
      await client.end();
    }
  }, 240_000);

  afterAll(async () => {
    const leftovers = await admin(`select datname from pg_database where datname like '${name}%'`);
    for (const { datname } of leftovers.rows) await admin(`drop database if exists ${datname} with (force)`);
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('backs up, restores into a fresh database, and finds the same money, parts and migrations', () => {
    const drill = spawnSync('node', ['scripts/backup-restore.mjs', '--out', outDir], {
      cwd: root,
      env: { ...env, RESTORE_DATABASE_NAME: `${name}_restored` },
      encoding: 'utf8',
    });
    const output = `${drill.stdout}${drill.stderr}`;
    expect(drill.status, output).toBe(0);
    expect(output).toMatch(/\[db:status\] postgres: (\d+)\/\1 migrations applied/);
    expect(output).toContain('[ledger:check] every invariant holds (postgres)');
    expect(output).toMatch(new RegExp(`ledger_transactions\\s+${booked.transactions + 2} rows identical`));
    expect(output).toMatch(new RegExp(`ledger_entries\\s+${booked.entries + 4} rows identical`));
    expect(output).toMatch(/OK: \d+ money tables, \d+ rows identical/);
    expect(output).not.toMatch(/DIFFERENT|FAILED/);
    expect(readdirSync(outDir).filter((file) => file.endsWith('.dump'))).toHaveLength(1);
  }, 240_000);

  it('drops the restored database after a successful drill, and refuses to restore over an existing one', async () => {
    const left = await admin(`select 1 from pg_database where datname = '${name}_restored'`);
    expect(left.rowCount).toBe(0);
    await admin(`create database ${name}_taken`);
    const drill = spawnSync('node', ['scripts/backup-restore.mjs', '--out', outDir], {
      cwd: root,
      env: { ...env, RESTORE_DATABASE_NAME: `${name}_taken` },
      encoding: 'utf8',
    });
    expect(drill.status).toBe(1);
    expect(drill.stderr).toMatch(/FAILED: createdb exited with 1: .*already exists/);
  }, 240_000);
});
