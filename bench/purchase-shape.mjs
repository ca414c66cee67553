// What PostgreSQL alone can do with a purchase's statements (issue 16), beside its anchor, with no Node in the way.
// Not part of `npm test`. Usage:
//   node bench/purchase-shape.mjs                 (50 clients, 10 s each, 3 runs; PG_URL as in hot-drop.mjs)
//   node bench/purchase-shape.mjs --runs 5 --seconds 20 --clients 50 --batch 8
// In a throw-away database: pgbench's one-hot-row script (the hot-drop anchor: BEGIN; UPDATE one row; INSERT one row;
// END), then a script shaped like a batch of purchases as the API sends them since reservations and payments of a work
// run as batches (decisions 447–449, 466–468, statements.test.ts): the batch's members' authentication read (their
// sessions read together, decision 593) and the gates' one read (decisions 487, 592); the batch's reservation (BEGIN, the members locked, their unpaid purchases, the work, the purchases, the register's
// movements with their entries in one statement, the key information versions, the hot row's conditional UPDATE last,
// COMMIT: 9) and the batch's settlement (BEGIN, the purchases locked, the events, paid, the register's movements with
// their entries, the ledger accounts read, the ledger transactions with their entries, the certificates, the
// notifications reading the members' preferences as they are written, the hot row read, the confirmation job, COMMIT:
// 12; decision 522); the provider references in one UPDATE (decision 591), the payments' authentication read, and
// no sandbox read (decision 590). A batch of N is 25 + N round trips (each reservation's id fetched back, `\gset`,
// which the API does not need), the hot row locked once; before decisions 590–593 a batch of 1 was 26 and a batch of
// N 22 + 5 × N. The API sends its batch writers as prepared statements over arrays (decision 521); this
// script keeps pgbench's own protocol and multi-row VALUES: the number of round trips is what it models.
// Prints both rates and the ratio, which is the ceiling of bench/hot-drop.mjs's ratio if the server's own work cost
// nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOT_ROW_SCRIPT, HOT_ROW_TABLES, pgbenchTps, pgUrl, psql } from './lib/pgbench.mjs';
import { cli, loadAverage, median } from './lib/run.mjs';

const { option } = cli();
const runs = Number(option('--runs', '3'));
const seconds = Number(option('--seconds', '10'));
const clients = Number(option('--clients', '50'));
/** Purchases per reservation batch (the per-work turn's batch, decision 447); 1 is one purchase alone. */
const batch = Number(option('--batch', '1'));

const SCHEMA = `
${HOT_ROW_TABLES}
CREATE TABLE members (id int PRIMARY KEY, email text NOT NULL);
INSERT INTO members SELECT g, 'member' || g || '@example.com' FROM generate_series(1, 100) g;
CREATE TABLE reservations (id bigserial PRIMARY KEY, member int NOT NULL, quantity int NOT NULL, status text NOT NULL,
  provider_ref text, at timestamptz NOT NULL DEFAULT now());
CREATE INDEX ON reservations (member, status);
CREATE TABLE movements (id bigserial PRIMARY KEY, reservation bigint NOT NULL, kind text NOT NULL);
CREATE TABLE movement_entries (id bigserial PRIMARY KEY, movement bigint NOT NULL, holder text NOT NULL,
  quantity int NOT NULL);
CREATE TABLE reservation_notes (reservation bigint NOT NULL, note text NOT NULL);
CREATE TABLE events (id bigserial PRIMARY KEY, reservation bigint NOT NULL, kind text NOT NULL);
CREATE TABLE accounts (id int PRIMARY KEY, kind text NOT NULL);
INSERT INTO accounts VALUES (1, 'external'), (2, 'revenue');
CREATE TABLE certificates (id bigserial PRIMARY KEY, reservation bigint UNIQUE NOT NULL, number text NOT NULL);
CREATE TABLE notifications (id bigserial PRIMARY KEY, member int NOT NULL, kind text NOT NULL);
CREATE TABLE ledger_transactions (id bigserial PRIMARY KEY, kind text NOT NULL, at timestamptz NOT NULL DEFAULT now());
CREATE TABLE ledger_entries (id bigserial PRIMARY KEY, transaction_id bigint NOT NULL, account text NOT NULL,
  amount_minor bigint NOT NULL);
CREATE TABLE jobs (id bigserial PRIMARY KEY, name text NOT NULL, data jsonb NOT NULL);
`;

/**
 * The script of one batch of `size` purchases of the hot work (decisions 447–449, 466–468, 590–593): the members'
 * requests as the API sends them for a batch (the sessions read together, the gates' one read, the references in one
 * UPDATE), the batch's one reservation transaction (9 statements) and its one settlement transaction (12, its one
 * confirmation job included), one statement per writer whatever the batch's size (a movement and its entries
 * together, decision 522). A batch of 1 is the shape of one purchase.
 */
function purchaseScript(size) {
  const members = Array.from({ length: size }, (_, i) => i + 1);
  const each = (line) => members.map((m) => line(m)).join('\n');
  const list = members.map((m) => `:m${m}`).join(', ');
  const rows = (row) => members.map((m) => row(m)).join(', ');
  const paid = members.map((m) => `:r${m}`).join(', ');
  return `${each((m) => `\\set m${m} random(1, 100)`)}
SELECT id, email FROM members WHERE id IN (${list});
SELECT m.id, (SELECT n FROM bench_hot WHERE id = 1) FROM members m WHERE m.id IN (${list});
BEGIN;
SELECT id FROM members WHERE id IN (${list}) ORDER BY id FOR NO KEY UPDATE;
SELECT member, count(*) FROM reservations WHERE member IN (${list}) AND status = 'held' GROUP BY member;
SELECT n FROM bench_hot WHERE id = 1;
INSERT INTO reservations (member, quantity, status) VALUES ${rows((m) => `(:m${m}, 1, 'held')`)};
WITH moved AS (INSERT INTO movements (reservation, kind) VALUES ${rows(() => "(currval('reservations_id_seq'), 'reserve')")} RETURNING id)
  INSERT INTO movement_entries (movement, holder, quantity) SELECT moved.id, e.holder, e.quantity FROM moved, (VALUES ('available', -1), ('reserved', 1)) e(holder, quantity);
INSERT INTO reservation_notes (reservation, note) VALUES ${rows(() => "(currval('reservations_id_seq'), 'key information')")};
UPDATE bench_hot SET n = n + ${size} WHERE id = 1 AND n >= 0;
COMMIT;
${each((m) => `SELECT max(id) AS r${m} FROM reservations WHERE member = :m${m} AND status = 'held' \\gset`)}
UPDATE reservations SET provider_ref = 'pay' || id WHERE id IN (${paid});
SELECT id, email FROM members WHERE id IN (${list});
BEGIN;
SELECT id, status FROM reservations WHERE id IN (${paid}) ORDER BY id FOR UPDATE;
INSERT INTO events (reservation, kind) VALUES ${rows((m) => `(:r${m}, 'succeeded')`)};
UPDATE reservations SET status = 'paid' WHERE id IN (${paid}) AND status = 'held';
WITH moved AS (INSERT INTO movements (reservation, kind) VALUES ${rows((m) => `(:r${m}, 'settle')`)} RETURNING id)
  INSERT INTO movement_entries (movement, holder, quantity) SELECT moved.id, e.holder, e.quantity FROM moved, (VALUES ('reserved', -1), ('member', 1)) e(holder, quantity);
SELECT id, kind FROM accounts WHERE kind IN ('external', 'revenue');
WITH posted AS (INSERT INTO ledger_transactions (kind) VALUES ${rows(() => "('purchase')")} RETURNING id)
  INSERT INTO ledger_entries (transaction_id, account, amount_minor) SELECT posted.id, e.account, e.amount FROM posted, (VALUES ('external', -100), ('revenue', 100)) e(account, amount);
INSERT INTO certificates (reservation, number) VALUES ${rows((m) => `(:r${m}, 'PCL-' || :r${m})`)} ON CONFLICT DO NOTHING;
INSERT INTO notifications (member, kind) SELECT v.member, 'purchase_settled' FROM (VALUES ${rows((m) => `(:m${m})`)}) v(member)
  WHERE NOT EXISTS (SELECT 1 FROM members WHERE id = v.member AND email = '');
SELECT n FROM bench_hot WHERE id = 1;
INSERT INTO jobs (name, data) VALUES ('purchase-confirmation', '{}');
COMMIT;
`;
}

const rate = (databaseUrl, script) => pgbenchTps(databaseUrl, script, { clients, seconds });

const dir = mkdtempSync(join(tmpdir(), 'parcelle-purchase-shape-'));
const scripts = { hotRow: join(dir, 'hot-row.sql'), purchase: join(dir, 'purchase.sql') };
writeFileSync(scripts.hotRow, HOT_ROW_SCRIPT);
writeFileSync(scripts.purchase, purchaseScript(batch));
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
    // Each of the script's transactions is a batch of `batch` purchases.
    const purchases = rate(databaseUrl, scripts.purchase) * batch;
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
  `median of ${runs} (${clients} clients, ${seconds} s, batches of ${batch}): hot row ${pick('hotRow').toFixed(0)} tps; ` +
    `purchase-shaped ${pick('purchases').toFixed(0)}/s; ratio ${pick('ratio').toFixed(3)}`,
);
