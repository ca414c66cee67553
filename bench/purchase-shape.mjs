// What PostgreSQL alone can do with a purchase's statements (issue 16), beside its anchor, with no Node in the way.
// Not part of `npm test`. Usage:
//   node bench/purchase-shape.mjs                 (50 clients, 10 s each, 3 runs; PG_URL as in hot-drop.mjs)
//   node bench/purchase-shape.mjs --runs 5 --seconds 20 --clients 50
// In a throw-away database: pgbench's one-hot-row script (the hot-drop anchor: BEGIN; UPDATE one row; INSERT one row;
// END), then a script shaped like one purchase as the API sends it: two requests, each with the member's
// authentication read, then the reservation (a read, an insert, the hot row's conditional UPDATE last, COMMIT) and
// the payment (the reservation locked, a ledger transaction and four entries, the reservation settled, the
// confirmation job, COMMIT): 14 round trips, the hot row once. Prints both rates and the ratio, which is the ceiling
// of bench/hot-drop.mjs's ratio if the server's own work cost nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOT_ROW_SCRIPT, HOT_ROW_TABLES, pgbenchTps, pgUrl, psql } from './lib/pgbench.mjs';
import { cli, loadAverage, median } from './lib/run.mjs';

const { option } = cli();
const runs = Number(option('--runs', '3'));
const seconds = Number(option('--seconds', '10'));
const clients = Number(option('--clients', '50'));

const SCHEMA = `
${HOT_ROW_TABLES}
CREATE TABLE members (id int PRIMARY KEY, email text NOT NULL);
INSERT INTO members SELECT g, 'member' || g || '@example.com' FROM generate_series(1, 100) g;
CREATE TABLE reservations (id bigserial PRIMARY KEY, member int NOT NULL, quantity int NOT NULL, status text NOT NULL,
  at timestamptz NOT NULL DEFAULT now());
CREATE TABLE ledger_transactions (id bigserial PRIMARY KEY, kind text NOT NULL, at timestamptz NOT NULL DEFAULT now());
CREATE TABLE ledger_entries (id bigserial PRIMARY KEY, transaction_id bigint NOT NULL, account text NOT NULL,
  amount_minor bigint NOT NULL);
CREATE TABLE jobs (id bigserial PRIMARY KEY, name text NOT NULL, data jsonb NOT NULL);
`;

const PURCHASE = `\\set member random(1, 100)
SELECT id, email FROM members WHERE id = :member;
BEGIN;
SELECT n FROM bench_hot WHERE id = 1;
INSERT INTO reservations (member, quantity, status) VALUES (:member, 1, 'held') RETURNING id \\gset reservation_
UPDATE bench_hot SET n = n + 1 WHERE id = 1 AND n >= 0;
COMMIT;
SELECT id, email FROM members WHERE id = :member;
BEGIN;
SELECT id, status FROM reservations WHERE id = :reservation_id FOR UPDATE;
INSERT INTO ledger_transactions (kind) VALUES ('purchase') RETURNING id \\gset transaction_
INSERT INTO ledger_entries (transaction_id, account, amount_minor) VALUES (:transaction_id, 'card', -100),
  (:transaction_id, 'member', 100), (:transaction_id, 'parts', 1), (:transaction_id, 'stock', -1);
UPDATE reservations SET status = 'paid' WHERE id = :reservation_id;
INSERT INTO jobs (name, data) VALUES ('purchase-confirmation', '{}');
COMMIT;
`;

const rate = (databaseUrl, script) => pgbenchTps(databaseUrl, script, { clients, seconds });

const dir = mkdtempSync(join(tmpdir(), 'parcelle-purchase-shape-'));
const scripts = { hotRow: join(dir, 'hot-row.sql'), purchase: join(dir, 'purchase.sql') };
writeFileSync(scripts.hotRow, HOT_ROW_SCRIPT);
writeFileSync(scripts.purchase, PURCHASE);
const dbName = `wt_purchase_shape_${process.pid}`;
const databaseUrl = `${pgUrl}/${dbName}`;
const results = [];
try {
  psql(`${pgUrl}/postgres`, `DROP DATABASE IF EXISTS ${dbName}`);
  psql(`${pgUrl}/postgres`, `CREATE DATABASE ${dbName}`);
  psql(databaseUrl, SCHEMA);
  for (let run = 1; run <= runs; run++) {
    const load = loadAverage();
    const hotRow = rate(databaseUrl, scripts.hotRow);
    const purchases = rate(databaseUrl, scripts.purchase);
    results.push({ hotRow, purchases, ratio: purchases / hotRow });
    console.log(
      `run ${run}: pgbench hot row ${hotRow.toFixed(0)} tps; purchase-shaped ${purchases.toFixed(0)}/s; ` +
        `ratio ${(purchases / hotRow).toFixed(3)}; load average ${load} → ${loadAverage()}`,
    );
  }
} finally {
  psql(`${pgUrl}/postgres`, `DROP DATABASE IF EXISTS ${dbName}`);
  rmSync(dir, { recursive: true, force: true });
}
const pick = (key) => median(results.map((result) => result[key]));
console.log(
  `median of ${runs} (${clients} clients, ${seconds} s): hot row ${pick('hotRow').toFixed(0)} tps; ` +
    `purchase-shaped ${pick('purchases').toFixed(0)}/s; ratio ${pick('ratio').toFixed(3)}`,
);
