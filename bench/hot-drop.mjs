// A hot drop (issue 16): many members buying parts of one work at once, measured against what this PostgreSQL does
// with one hot row in the same run. Not part of `npm test`. Usage:
//   node bench/hot-drop.mjs                         (builds the API, 40 members, median of 3 runs)
//   node bench/hot-drop.mjs --members 200 --runs 3 --purchases 10 --pgbench-seconds 10 --port 3110 --skip-build
//   node bench/hot-drop.mjs --warm-up 0             (no untimed purchases first: a cold server; default 5 a member)
//   node bench/hot-drop.mjs --server apps/api/dist-before/server.js   (another build, kept beside apps/api/dist)
//   node bench/hot-drop.mjs --confirmations 60        (after the purchases, waits up to 60 s for every buyer's
//                                                       confirmation email in the outbox: how long they took, and the
//                                                       server's CPU per purchase, the purchase and its confirmation)
//   node bench/hot-drop.mjs --processes 2             (the API as a cluster of 2 workers sharing REDIS_URL, default
//                                                       redis://127.0.0.1:6379: npm run start:cluster's shape)
//   node bench/hot-drop.mjs --cpu-prof /tmp/prof      (the server runs under `node --cpu-prof`, one profile a run in
//                                                       that folder; `node bench/cpu-profile.mjs <file>` reads one)
// Each run: a throw-away database (dropped at the end) on PG_URL (default postgres://postgres@127.0.0.1:5432),
// migrated and seeded by the built server itself (apps/api/dist/server.js, rate limits raised, LOG_LEVEL=warn);
// the members signed up; pgbench's one-hot-row script (BEGIN; UPDATE one row; INSERT one row; END) with 50 clients in
// that database while the server idles; then the purchase load (each member buys 1–3 parts of the same work by card, offline sandbox:
// reserve, then pay, `--purchases` times, all members at once); then `npm run ledger:check` on that database.
// Prints pgbench tps, purchases/s, their ratio, p50/p99 of reserve + pay and the server's CPU time per purchase (all
// its threads, from /proc: the figure the machine's other work moves least), per run and the median; exits non-zero
// when the parts do not add up or an invariant fails.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { purchaseLoad, signUpMembers } from './lib/buying.mjs';
import { HOT_ROW_SCRIPT, HOT_ROW_TABLES, pgbenchTps, pgUrl, psql } from './lib/pgbench.mjs';
import {
  apiClient,
  cli,
  commandCpuTimeMs,
  cpuTimeMs,
  loadAverage,
  median,
  root,
  startBuiltServer,
} from './lib/run.mjs';

const { option, flag } = cli();
const members = Number(option('--members', '40'));
const runs = Number(option('--runs', '3'));
const perMember = Number(option('--purchases', '10'));
// Untimed purchases per member before pgbench and the measured load (decision 597): a server that meets a drop has been
// serving for a while, its hot paths compiled by V8; a cold one spends the first second of a 1-second load doing that.
const warmUp = Number(option('--warm-up', '5'));
const pgbenchSeconds = Number(option('--pgbench-seconds', '10'));
const pgbenchClients = Number(option('--pgbench-clients', '50'));
const port = Number(option('--port', '3110'));
const cpuProfileDir = option('--cpu-prof', undefined);
const confirmationSeconds = Number(option('--confirmations', '0'));
// Another build of the server beside this one (a copy of apps/api/dist kept from before a change): before/after pairs.
const serverFile = option('--server', 'apps/api/dist/server.js');
// Several API processes (`npm run start:cluster`'s primary and its workers) sharing Redis: what a machine with more
// than one process behind its proxy does (docs/deploy.md). The CPU a purchase is then the whole process tree's.
const processes = Number(option('--processes', '1'));
if (!Number.isInteger(processes) || processes < 1) throw new Error('--processes: a whole number, 1 or more');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

if (!flag('--skip-build')) {
  execFileSync(process.execPath, ['scripts/build.mjs', 'apps/api'], { cwd: root, stdio: 'inherit' });
}

/** pgbench's one hot row: every transaction updates the same row and inserts one, like a purchase of one work. */
function runPgbench(databaseUrl) {
  psql(databaseUrl, `DROP TABLE IF EXISTS bench_hot, bench_log; ${HOT_ROW_TABLES}`);
  const dir = mkdtempSync(join(tmpdir(), 'parcelle-pgbench-'));
  const script = join(dir, 'hot-row.sql');
  writeFileSync(script, HOT_ROW_SCRIPT);
  try {
    return pgbenchTps(databaseUrl, script, { clients: pgbenchClients, seconds: pgbenchSeconds });
  } finally {
    psql(databaseUrl, 'DROP TABLE IF EXISTS bench_hot, bench_log');
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * After the purchase load: waits (up to `--confirmations` seconds) until the outbox holds a confirmation email for every
 * purchase completed, the job workers sending them as they would after a drop. Answers how many were sent, when the
 * last was (seconds after the load) and the server's CPU time over the load and that wait, per purchase.
 */
async function awaitConfirmations(databaseUrl, server, buying) {
  const sent = () =>
    Number(
      psql(
        databaseUrl,
        "SELECT count(*) FROM outbox_messages WHERE subject LIKE 'Your parts purchase%' OR subject LIKE 'Votre achat de parts%'",
      ).trim(),
    );
  const started = Date.now();
  let confirmations = sent();
  let last = started;
  while (confirmations < buying.completed && Date.now() - started < confirmationSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = sent();
    if (now > confirmations) last = Date.now();
    confirmations = now;
  }
  const cpuMs = cpuTimeMs(server.child.pid) - buying.cpuMsAtStart;
  return {
    confirmations,
    confirmedSeconds: (last - started) / 1000,
    cpuMsWithConfirmation: cpuMs / buying.completed,
  };
}

/** A scraper's token for the server's /metrics: the batches' sizes are read there after the load. */
const metricsToken = randomBytes(24).toString('hex');

/** Sum and count of one histogram of the server's /metrics (Prometheus text format). */
async function histogram(base, name) {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const text = response.ok ? await response.text() : '';
  const value = (suffix) =>
    Number(new RegExp(`^${name}_${suffix}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return { sum: value('sum'), count: value('count') };
}

const results = [];
let failed = false;
for (let run = 1; run <= runs; run++) {
  const dbName = `wt_hotdrop_bench_${process.pid}_${run}`;
  const databaseUrl = `${pgUrl}/${dbName}`;
  psql(`${pgUrl}/postgres`, `DROP DATABASE IF EXISTS ${dbName}`);
  psql(`${pgUrl}/postgres`, `CREATE DATABASE ${dbName}`);
  const server = await startBuiltServer({
    port,
    prefix: 'hot-drop',
    server: processes > 1 ? serverFile.replace(/server\.js$/, 'cluster.js') : serverFile,
    env: {
      DATABASE_URL: databaseUrl,
      CAPTCHA_COST: '10',
      METRICS_TOKEN: metricsToken,
      ...(processes > 1
        ? {
            WEB_CONCURRENCY: String(processes),
            REDIS_URL: redisUrl,
            REDIS_KEY_PREFIX: `hotdrop-${process.pid}-${run}:`,
          }
        : {}),
    },
    nodeArgs: cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfileDir, '--cpu-prof-interval', '500'] : [],
  });
  try {
    const call = apiClient(server.base);
    // The members first, so the server's profile (--cpu-prof) shows the purchase load alone after pgbench's quiet.
    const tokens = await signUpMembers(call, members, 'hotdrop');
    if (warmUp > 0) {
      const warming = await purchaseLoad(call, tokens, warmUp);
      if (!warming.partsAddUp) {
        console.error(`  warm-up: parts do not add up (${warming.parts})`);
        failed = true;
      }
    }
    const loadBefore = loadAverage();
    const tps = runPgbench(databaseUrl);
    const reservationsBefore = await histogram(server.base, 'parcelle_reservation_batch_size');
    const settlementsBefore = await histogram(server.base, 'parcelle_settlement_batch_size');
    const buying = await purchaseLoad(call, tokens, perMember, {
      cpuOf: () => cpuTimeMs(server.child.pid),
      // PostgreSQL's processes on this machine (the default PG_URL's server; another host's read as 0).
      databaseCpuOf: () => commandCpuTimeMs('postgres'),
    });
    // Read before the confirmations' wait: the batches of the purchase load.
    const reservations = await histogram(server.base, 'parcelle_reservation_batch_size');
    const settlements = await histogram(server.base, 'parcelle_settlement_batch_size');
    const batches = {
      reservationBatch: (reservations.sum - reservationsBefore.sum) / (reservations.count - reservationsBefore.count),
      settlementBatch: (settlements.sum - settlementsBefore.sum) / (settlements.count - settlementsBefore.count),
    };
    const confirmed = confirmationSeconds > 0 ? await awaitConfirmations(databaseUrl, server, buying) : {};
    const result = {
      run,
      tps,
      ...buying,
      ...batches,
      ...confirmed,
      ratio: buying.perSecond / tps,
      load: `${loadBefore} → ${loadAverage()}`,
    };
    results.push(result);
    console.log(
      `run ${run}: pgbench ${tps.toFixed(0)} tps; purchases ${buying.completed} in ${buying.seconds.toFixed(1)} s = ` +
        `${buying.perSecond.toFixed(1)}/s; ratio ${result.ratio.toFixed(3)}; p50 ${buying.p50.toFixed(0)} ms, ` +
        `p99 ${buying.p99.toFixed(0)} ms; server CPU ${buying.cpuMsPerPurchase.toFixed(2)} ms a purchase ` +
        `(PostgreSQL's ${buying.databaseCpuMsPerPurchase.toFixed(2)} ms, the load generator's ` +
        `${buying.clientCpuMsPerPurchase.toFixed(2)} ms); ` +
        `load average ${result.load}`,
    );
    console.log(
      `  batches: ${result.reservationBatch.toFixed(1)} reservations, ${result.settlementBatch.toFixed(1)} payments ` +
        'on average',
    );
    if (confirmationSeconds > 0) {
      console.log(
        `  confirmations: ${result.confirmations} of ${buying.completed} emailed ${result.confirmedSeconds.toFixed(1)} s ` +
          `after the last purchase; server CPU ${result.cpuMsWithConfirmation.toFixed(2)} ms a purchase with its confirmation`,
      );
    }
    if (buying.refusals.size > 0) console.log(`  refused: ${JSON.stringify(Object.fromEntries(buying.refusals))}`);
    console.log(`  parts: ${buying.parts}`);
    if (!buying.partsAddUp) {
      console.error('  parts do not add up');
      failed = true;
    }
    await server.stop();
    const check = spawnSync('npm', ['run', '-s', 'ledger:check'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    console.log(`  ${(check.stdout + check.stderr).trim()}`);
    if (check.status !== 0) failed = true;
  } finally {
    await server.stop();
    psql(`${pgUrl}/postgres`, `DROP DATABASE IF EXISTS ${dbName}`);
  }
}
const pick = (key) => median(results.map((r) => r[key]));
console.log(
  `median of ${runs} (${members} members × ${perMember} purchases, after ${warmUp} each untimed): pgbench ${pick('tps').toFixed(0)} tps; ` +
    `purchases ${pick('perSecond').toFixed(1)}/s; ratio ${pick('ratio').toFixed(3)}; p50 ${pick('p50').toFixed(0)} ms; ` +
    `p99 ${pick('p99').toFixed(0)} ms; server CPU ${pick('cpuMsPerPurchase').toFixed(2)} ms a purchase` +
    (confirmationSeconds > 0
      ? `; confirmations ${pick('confirmations')} emailed by ${pick('confirmedSeconds').toFixed(1)} s after; ` +
        `CPU ${pick('cpuMsWithConfirmation').toFixed(2)} ms a purchase with its confirmation`
      : ''),
);
if (failed) process.exitCode = 1;
