// A hot drop (issue 16): many members buying parts of one work at once, measured against what this PostgreSQL does
// with one hot row in the same run. Not part of `npm test`. Usage:
//   node bench/hot-drop.mjs                         (builds the API, 40 members, median of 3 runs)
//   node bench/hot-drop.mjs --members 200 --runs 3 --purchases 10 --pgbench-seconds 10 --port 3110 --skip-build
// Each run: a throw-away database (dropped at the end) on PG_URL (default postgres://postgres@127.0.0.1:5432),
// migrated and seeded by the built server itself (apps/api/dist/server.js, rate limits raised, LOG_LEVEL=warn);
// pgbench's one-hot-row script (BEGIN; UPDATE one row; INSERT one row; END) with 50 clients in that database while the
// server idles; then the purchase load (each member buys 1–3 parts of the same work by card, offline sandbox:
// reserve, then pay, `--purchases` times, all members at once); then `npm run ledger:check` on that database.
// Prints pgbench tps, purchases/s, their ratio and p50/p99 of reserve + pay, per run and the median; exits non-zero
// when the parts do not add up or an invariant fails.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const members = Number(option('--members', '40'));
const runs = Number(option('--runs', '3'));
const perMember = Number(option('--purchases', '10'));
const pgbenchSeconds = Number(option('--pgbench-seconds', '10'));
const pgbenchClients = Number(option('--pgbench-clients', '50'));
const port = Number(option('--port', '3110'));
const pgUrl = (process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const pgbench = ['/usr/lib/postgresql/15/bin/pgbench', 'pgbench'].find(
  (candidate) => spawnSync(candidate, ['--version']).status === 0,
);
if (!pgbench) throw new Error('pgbench not found');

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const psql = (url, command) =>
  execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-Atc', command], { encoding: 'utf8' });

if (!args.includes('--skip-build')) {
  execFileSync(process.execPath, ['scripts/build.mjs', 'apps/api'], { cwd: root, stdio: 'inherit' });
}

async function startServer(databaseUrl) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'parcelle-hot-drop-'));
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      CAPTCHA_COST: '10',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 600_000;
  for (let healthy = false; !healthy; ) {
    if (child.exitCode !== null) throw new Error('the server exited at start');
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not answer /api/health in time');
    }
    healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (!healthy) await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

/** pgbench's one hot row: every transaction updates the same row and inserts one, like a purchase of one work. */
function runPgbench(databaseUrl) {
  psql(
    databaseUrl,
    'DROP TABLE IF EXISTS bench_hot, bench_log; CREATE TABLE bench_hot (id int PRIMARY KEY, n bigint NOT NULL); ' +
      'INSERT INTO bench_hot VALUES (1, 0); CREATE TABLE bench_log (id bigserial PRIMARY KEY, n bigint NOT NULL, at timestamptz NOT NULL DEFAULT now())',
  );
  const dir = mkdtempSync(join(tmpdir(), 'parcelle-pgbench-'));
  const script = join(dir, 'hot-row.sql');
  writeFileSync(
    script,
    'BEGIN;\nUPDATE bench_hot SET n = n + 1 WHERE id = 1;\nINSERT INTO bench_log (n) VALUES (1);\nEND;\n',
  );
  try {
    const out = execFileSync(
      pgbench,
      ['-n', '-f', script, '-c', String(pgbenchClients), '-j', '2', '-T', String(pgbenchSeconds), databaseUrl],
      { encoding: 'utf8' },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`pgbench output not understood:\n${out}`);
    return tps;
  } finally {
    psql(databaseUrl, 'DROP TABLE IF EXISTS bench_hot, bench_log');
    rmSync(dir, { recursive: true, force: true });
  }
}

async function purchaseLoad(base) {
  const call = async (method, path, body, token) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: await response.json() };
  };
  const list = await call('GET', '/api/paintings/?type=primary&limit=100&offset=0&currency=EURO');
  const painting = list.body.data.paintings
    .filter((p) => p.market === 2 && !p.opens_at)
    .sort((a, b) => b.total_part - b.sold_out_part - (a.total_part - a.sold_out_part))[0];
  if (!painting) throw new Error('no painting on the primary market');
  const availableBefore = painting.total_part - painting.sold_out_part;

  const captcha = async () => {
    const challenge = (await call('GET', '/api/captcha/challenge')).body.data.challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };
  const stamp = Date.now();
  const tokens = [];
  for (let from = 0; from < members; from += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, members - from) }, async (_, k) => {
        const email = `hotdrop.${stamp}.${from + k}@example.com`;
        const registered = await call('POST', '/api/user/register', {
          first_name: 'Bench',
          last_name: 'Buyer',
          email,
          slug: 'FR',
          country_code: '+33',
          number: `6${String(50_000_000 + from + k).padStart(8, '0')}`,
          password: 'Secret!pass1',
          password_confirmation: 'Secret!pass1',
          country: 'FR',
          birth_date: '1990-05-17',
          lang: 'en',
          device_token: 'bench',
          device_type: 'web',
          captcha: await captcha(),
        });
        if (registered.status !== 200) return registered;
        const token = registered.body.data.access_token;
        const outbox = await call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
        const code = /\b(\d{6})\b/.exec(outbox.body?.data?.[0]?.text ?? '')?.[1];
        const verified = await call('POST', '/api/user/email/verify', { code }, token);
        return verified.status === 200 ? registered : verified;
      }),
    );
    for (const registered of batch) {
      if (registered.status !== 200) throw new Error(JSON.stringify(registered.body));
      tokens.push(registered.body.data.access_token);
    }
  }

  const timings = [];
  const refusals = new Map();
  let completed = 0;
  let partsBought = 0;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      for (let n = 0; n < perMember; n++) {
        const parts = 1 + (n % 3);
        const t0 = performance.now();
        const purchase = await call(
          'POST',
          '/api/paintings/purchase',
          {
            total_part: parts,
            payment_method: 'card',
            painting_id: painting.id,
            owner: 'Bench Buyer',
            currency: 'EURO',
          },
          token,
        );
        if (purchase.status !== 200) {
          const why = `${purchase.status} ${purchase.body?.error?.en ?? ''}`;
          refusals.set(why, (refusals.get(why) ?? 0) + 1);
          continue;
        }
        const paid = await call(
          'POST',
          '/api/payments/sandbox/card/confirm',
          { client_secret: purchase.body.data.payment_client_secret, card_number: '4242424242424242' },
          token,
        );
        timings.push(performance.now() - t0);
        if (paid.status === 200) {
          completed++;
          partsBought += parts;
        } else {
          const why = `pay ${paid.status} ${paid.body?.error?.en ?? ''}`;
          refusals.set(why, (refusals.get(why) ?? 0) + 1);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  const after = await call('GET', `/api/paintings/detail?painting_id=${painting.id}&currency=EURO`);
  const availableAfter = after.body.data.paintings.total_part - after.body.data.paintings.sold_out_part;
  return {
    completed,
    refusals,
    seconds,
    perSecond: completed / seconds,
    p50: percentile(timings, 50) ?? Number.NaN,
    p99: percentile(timings, 99) ?? Number.NaN,
    partsAddUp: availableBefore - partsBought === availableAfter,
    parts: `${availableBefore} available before, ${partsBought} bought, ${availableAfter} after`,
  };
}

const results = [];
let failed = false;
for (let run = 1; run <= runs; run++) {
  const dbName = `wt_hotdrop_bench_${process.pid}_${run}`;
  const databaseUrl = `${pgUrl}/${dbName}`;
  psql(`${pgUrl}/postgres`, `DROP DATABASE IF EXISTS ${dbName}`);
  psql(`${pgUrl}/postgres`, `CREATE DATABASE ${dbName}`);
  const server = await startServer(databaseUrl);
  try {
    const loadBefore = load();
    const tps = runPgbench(databaseUrl);
    const buying = await purchaseLoad(server.base);
    const result = { run, tps, ...buying, ratio: buying.perSecond / tps, load: `${loadBefore} → ${load()}` };
    results.push(result);
    console.log(
      `run ${run}: pgbench ${tps.toFixed(0)} tps; purchases ${buying.completed} in ${buying.seconds.toFixed(1)} s = ` +
        `${buying.perSecond.toFixed(1)}/s; ratio ${result.ratio.toFixed(3)}; p50 ${buying.p50.toFixed(0)} ms, ` +
        `p99 ${buying.p99.toFixed(0)} ms; load average ${result.load}`,
    );
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
  `median of ${runs} (${members} members × ${perMember} purchases): pgbench ${pick('tps').toFixed(0)} tps; ` +
    `purchases ${pick('perSecond').toFixed(1)}/s; ratio ${pick('ratio').toFixed(3)}; p50 ${pick('p50').toFixed(0)} ms; ` +
    `p99 ${pick('p99').toFixed(0)} ms`,
);
if (failed) process.exitCode = 1;
