// What a reservation batch's round trips cost the API process and PostgreSQL, beside the same statements sent in one
// round trip (issue 28's next design: a driver that pipelines a batch's statements). Not part of `npm test`. Usage:
//   node bench/round-trips.mjs [--batches 3000] [--clients 1]
// In a throw-away database (PG_URL as in hot-drop.mjs): a batch shaped like the API's reservation of 9 purchases
// (BEGIN, the members locked, their unpaid purchases, the work, the purchases, the register's movements, the key
// information versions, the hot row's conditional UPDATE, COMMIT: 9 statements) sent two ways by node-postgres:
// "one by one", each statement prepared and awaited as the API sends it today (9 round trips, one socket write and
// one read each side), and "in one round trip", the same 9 statements in one message (the simple protocol's several
// statements, values written in: parsed and planned each time, 1 round trip), and "pipelined", node-postgres's
// pipeline mode as the API uses it (decision 599: each statement prepared once per connection and sent without
// waiting for the answer before it, each with its own Sync: 1 round trip, or 3 when the reads, the writes and COMMIT
// go apart as a workflow that decides between them must). Each way starts from the same empty tables. Prints, per batch, the wall
// time, this process's CPU and PostgreSQL's (every `postgres` process on the machine: meaningful on a quiet one).
import pg from 'pg';
import { pgUrl, psql } from './lib/pgbench.mjs';
import { cli, commandCpuTimeMs, loadAverage } from './lib/run.mjs';

const { option } = cli();
const batches = Number(option('--batches', '3000'));
const clients = Number(option('--clients', '1'));
const SIZE = 9;

const SCHEMA = `
CREATE TABLE members (id int PRIMARY KEY, email text NOT NULL);
INSERT INTO members SELECT g, 'member' || g || '@example.com' FROM generate_series(1, 100) g;
CREATE TABLE works (id int PRIMARY KEY, sold int NOT NULL, total int NOT NULL);
INSERT INTO works VALUES (1, 0, 2000000000);
CREATE TABLE purchases (id bigserial PRIMARY KEY, member int NOT NULL, quantity int NOT NULL, status text NOT NULL);
CREATE INDEX ON purchases (member, status);
CREATE TABLE movements (id bigserial PRIMARY KEY, purchase bigint NOT NULL, holder text NOT NULL, quantity int NOT NULL);
CREATE TABLE notes (purchase bigint NOT NULL, note text NOT NULL);
`;

/** The batch's statements after BEGIN, as [text, values]: arrays through unnest, as the API's prepared statements. */
function statements(members) {
  return [
    ['SELECT id FROM members WHERE id = any($1::int[]) ORDER BY id FOR NO KEY UPDATE', [members]],
    [
      "SELECT member, count(*) FROM purchases WHERE member = any($1::int[]) AND status = 'held' GROUP BY member",
      [members],
    ],
    ['SELECT id, sold, total FROM works WHERE id = $1', [1]],
    [
      "INSERT INTO purchases (member, quantity, status) SELECT m, 1, 'held' FROM unnest($1::int[]) m RETURNING id",
      [members],
    ],
    [
      "INSERT INTO movements (purchase, holder, quantity) SELECT currval('purchases_id_seq'), h, q FROM unnest($1::text[], $2::int[]) AS e(h, q)",
      [
        ['available', 'reserved'],
        [-SIZE, SIZE],
      ],
    ],
    ["INSERT INTO notes (purchase, note) SELECT currval('purchases_id_seq'), n FROM unnest($1::text[]) n", [['kid']]],
    ['UPDATE works SET sold = sold + $1 WHERE id = 1 AND sold + $1 <= total RETURNING id', [SIZE]],
  ];
}

/** The statements with their values written in (pg's own literal escaping), one message for the batch. */
function inOneMessage(client, members) {
  const literal = (value) =>
    Array.isArray(value)
      ? `ARRAY[${value.map(literal).join(', ')}]`
      : typeof value === 'number'
        ? String(value)
        : client.escapeLiteral(value);
  const texts = statements(members).map(([text, values]) =>
    text.replace(/\$(\d+)/g, (_, n) => `(${literal(values[Number(n) - 1])})`),
  );
  return ['BEGIN', ...texts, 'COMMIT'].join(';\n');
}

/**
 * The batch through node-postgres's pipeline mode, as the API sends it (decision 599): the statements of a group issued
 * at once, each prepared by name and sent with its own Sync without waiting for the answer before it. `trips` 1
 * (BEGIN … COMMIT at once) or 3 (BEGIN and the reads; the writes; COMMIT).
 */
async function pipelined(client, members, trips) {
  const steps = statements(members).map(([text, values], at) => ({ name: `s${at}`, text, values }));
  const groups =
    trips === 1 ? [['BEGIN', ...steps, 'COMMIT']] : [['BEGIN', ...steps.slice(0, 3)], steps.slice(3), ['COMMIT']];
  for (const group of groups) await Promise.all(group.map((step) => client.query(step)));
}

async function oneByOne(client, members) {
  await client.query('BEGIN');
  let at = 0;
  for (const [text, values] of statements(members)) {
    await client.query({ name: `s${at++}`, text, values });
  }
  await client.query('COMMIT');
}

async function measure(label, send, { pipeline = false } = {}) {
  // Each way starts from the same empty tables (the unpaid purchases' count grows with them).
  psql(databaseUrl, 'TRUNCATE purchases, movements, notes; UPDATE works SET sold = 0;');
  psql(databaseUrl, 'VACUUM ANALYZE');
  const pool = Array.from({ length: clients }, () => new pg.Client({ connectionString: databaseUrl, pipeline }));
  await Promise.all(pool.map((client) => client.connect()));
  const members = (i) => Array.from({ length: SIZE }, (_, k) => ((i * SIZE + k) % 100) + 1);
  // Warm up: prepared statements parsed, caches filled.
  await Promise.all(pool.map((client) => send(client, members(0))));
  const cpu = process.cpuUsage();
  const database = commandCpuTimeMs('postgres');
  const start = performance.now();
  let next = 0;
  await Promise.all(
    pool.map(async (client) => {
      while (next < batches) await send(client, members(next++));
    }),
  );
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const databaseMs = commandCpuTimeMs('postgres') - database;
  await Promise.all(pool.map((client) => client.end()));
  const per = (ms) => ((1000 * ms) / batches).toFixed(0).padStart(5);
  console.log(
    `${label.padEnd(20)} per batch: wall ${per(wall)} µs, this process ${per((used.user + used.system) / 1000)} µs, ` +
      `PostgreSQL ${per(databaseMs)} µs; ${((1000 * batches) / wall).toFixed(0)} batches/s`,
  );
}

const dbName = `wt_round_trips_${process.pid}`;
const databaseUrl = `${pgUrl}/${dbName}`;
try {
  psql(`${pgUrl}/postgres`, `DROP DATABASE IF EXISTS ${dbName}`);
  psql(`${pgUrl}/postgres`, `CREATE DATABASE ${dbName}`);
  psql(databaseUrl, SCHEMA);
  console.log(`${batches} batches of ${SIZE}, ${clients} client(s); load average ${loadAverage()}`);
  for (let round = 0; round < 2; round++) {
    await measure('one by one (9 trips)', oneByOne);
    await measure('in one round trip', (client, members) => client.query(inOneMessage(client, members)));
    await measure('pipelined, 3 trips', (client, members) => pipelined(client, members, 3), { pipeline: true });
    await measure('pipelined, 1 trip', (client, members) => pipelined(client, members, 1), { pipeline: true });
  }
  console.log(`load average ${loadAverage()}`);
} finally {
  psql(`${pgUrl}/postgres`, `DROP DATABASE IF EXISTS ${dbName}`);
}
