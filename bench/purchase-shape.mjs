// What PostgreSQL alone can do with a purchase's statements (issue 16), beside its anchor, with no Node in the way.
// Not part of `npm test`. Usage:
//   node bench/purchase-shape.mjs                 (50 clients, 10 s each, 3 runs; PG_URL as in hot-drop.mjs)
//   node bench/purchase-shape.mjs --runs 5 --seconds 20 --clients 50 --batch 8
// In a throw-away database: pgbench's one-hot-row script (the hot-drop anchor: BEGIN; UPDATE one row; INSERT one row;
// END), then a script shaped like one purchase as the API sends it since the one purchase path (decisions 403-404,
// statements.test.ts): two requests, each with the member's authentication read and its gate reads, then the
// reservation (BEGIN, the member's row locked, their unpaid purchases, the work, the purchase, the register's movement
// and entries, the key information version, the hot row's conditional UPDATE last, COMMIT, the provider reference)
// and the payment (the reference read, BEGIN, the purchase locked, the event, paid, the register's movement and
// entries, two ledger accounts read, the ledger transaction and entries, the certificate read and written, the
// notification preference read and the notification, the hot row read, COMMIT, the confirmation job): 34 round trips,
// the hot row locked once. Prints both rates and the ratio, which is the ceiling of bench/hot-drop.mjs's ratio if the
// server's own work cost nothing.
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
 * The script of one batch of `size` purchases of the hot work (decisions 447–449): each member's requests as the API
 * sends them (authentication and gate reads, the provider's reference, the payment), and the batch's one reservation
 * transaction: BEGIN, the members locked in one statement, their unpaid purchases in one, the work, the purchases,
 * the register's movements and entries, the key information versions (one multi-row INSERT each), the hot row's
 * conditional UPDATE last, COMMIT. A batch of 1 is the shape of one purchase: 34 round trips.
 */
function purchaseScript(size) {
  const members = Array.from({ length: size }, (_, i) => i + 1);
  const each = (line) => members.map((m) => line(m)).join('\n');
  const list = members.map((m) => `:m${m}`).join(', ');
  const rows = (row) => members.map((m) => row(m)).join(', ');
  return `${each((m) => `\\set m${m} random(1, 100)`)}
${each(
  (m) => `SELECT id, email FROM members WHERE id = :m${m};
SELECT id FROM members WHERE id = :m${m};
SELECT id FROM members WHERE id = :m${m};
SELECT n FROM bench_hot WHERE id = 1;`,
)}
BEGIN;
SELECT id FROM members WHERE id IN (${list}) ORDER BY id FOR NO KEY UPDATE;
SELECT member, count(*) FROM reservations WHERE member IN (${list}) AND status = 'held' GROUP BY member;
SELECT n FROM bench_hot WHERE id = 1;
INSERT INTO reservations (member, quantity, status) VALUES ${rows((m) => `(:m${m}, 1, 'held')`)};
INSERT INTO movements (reservation, kind) VALUES ${rows(() => "(currval('reservations_id_seq'), 'reserve')")};
INSERT INTO movement_entries (movement, holder, quantity) VALUES ${rows(() => "(currval('movements_id_seq'), 'available', -1), (currval('movements_id_seq'), 'reserved', 1)")};
INSERT INTO reservation_notes (reservation, note) VALUES ${rows(() => "(currval('reservations_id_seq'), 'key information')")};
UPDATE bench_hot SET n = n + ${size} WHERE id = 1 AND n >= 0;
COMMIT;
${each(
  (m) => `SELECT max(id) AS reservation_id FROM reservations WHERE member = :m${m} AND status = 'held' \\gset
UPDATE reservations SET provider_ref = 'pay' WHERE id = :reservation_id;
SELECT id, email FROM members WHERE id = :m${m};
SELECT id FROM reservations WHERE id = :reservation_id;
BEGIN;
SELECT id, status FROM reservations WHERE id = :reservation_id FOR UPDATE;
INSERT INTO events (reservation, kind) VALUES (:reservation_id, 'succeeded');
UPDATE reservations SET status = 'paid' WHERE id = :reservation_id AND status = 'held';
INSERT INTO movements (reservation, kind) VALUES (:reservation_id, 'settle') RETURNING id \\gset movement_
INSERT INTO movement_entries (movement, holder, quantity) VALUES (:movement_id, 'reserved', -1), (:movement_id, 'member', 1);
SELECT id FROM accounts WHERE kind = 'external';
SELECT id FROM accounts WHERE kind = 'revenue';
INSERT INTO ledger_transactions (kind) VALUES ('purchase') RETURNING id \\gset transaction_
INSERT INTO ledger_entries (transaction_id, account, amount_minor) VALUES (:transaction_id, 'external', -100), (:transaction_id, 'revenue', 100);
SELECT id FROM certificates WHERE reservation = :reservation_id;
INSERT INTO certificates (reservation, number) VALUES (:reservation_id, 'PCL-' || :reservation_id) ON CONFLICT DO NOTHING;
SELECT id FROM members WHERE id = :m${m};
INSERT INTO notifications (member, kind) VALUES (:m${m}, 'purchase_settled');
SELECT n FROM bench_hot WHERE id = 1;
COMMIT;
INSERT INTO jobs (name, data) VALUES ('purchase-confirmation', '{}');`,
)}
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
