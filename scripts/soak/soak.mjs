#!/usr/bin/env node
/**
 * `npm run soak`: a seeded, randomized soak of the real server on PostgreSQL with a crash in the middle (issue 13 §2).
 *
 * Many members act at random at once (buy by card, PayPal and wallet, abandon a purchase, list parts, withdraw a
 * listing, buy on the secondary market, read), every money call with an Idempotency-Key. Halfway the server is killed
 * with SIGKILL and started again; calls cut by the kill are retried with the same key. A client-side model records
 * what each member did and paid; at the end it must agree with the API, with no 5xx, no key stuck "in progress",
 * every work in its right market (sold out and nothing pending ⇒ market 3), and `ledger:check` passing.
 *
 * Options (or env): --seconds (SOAK_SECONDS, 120), --members (SOAK_MEMBERS, 30), --seed (SOAK_SEED, random; printed
 * so a run can be replayed), --port (SOAK_PORT, 3102), --server-url (SOAK_DATABASE_URL, else TEST_DATABASE_URL, else
 * a throw-away server of the project's own, started for the run: the server on which a fresh database is created and
 * dropped), --keep (keep the database; with the project's own server, its folder is printed and kept too). The server runs from source with tsx (`--dist` runs apps/api/dist/server.js after a build).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded-postgres.ts';
import { createRng } from './rng.mjs';

const root = new URL('../../', import.meta.url).pathname;
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string' },
    members: { type: 'string' },
    seed: { type: 'string' },
    port: { type: 'string' },
    'server-url': { type: 'string' },
    keep: { type: 'boolean' },
    dist: { type: 'boolean' },
  },
});
const seconds = Number(args.seconds ?? process.env.SOAK_SECONDS ?? 120);
const memberCount = Number(args.members ?? process.env.SOAK_MEMBERS ?? 30);
const seed = Number(args.seed ?? process.env.SOAK_SEED ?? Math.floor(Math.random() * 2 ** 31));
const port = Number(args.port ?? process.env.SOAK_PORT ?? 3102);
const givenServer = args['server-url'] ?? process.env.SOAK_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ownServerDir = givenServer ? null : mkdtempSync(join(tmpdir(), 'parcelle-soak-postgres-'));
const ownServer = ownServerDir
  ? await startEmbeddedPostgres(ownServerDir, { role: 'tool', log: (line) => console.log(`[soak] ${line}`) })
  : null;
const serverUrl = givenServer ?? ownServer.url;
const base = `http://127.0.0.1:${port}/api`;
console.log(`[soak] seed ${seed} · ${memberCount} members · ${seconds} s · replay with --seed ${seed}`);

// ---------------------------------------------------------------------------------------------------------------
// Database and server
// ---------------------------------------------------------------------------------------------------------------
const dbName = `soak_run_${Date.now().toString(36)}`;
const dbUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
async function admin(statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
await admin(`CREATE DATABASE ${dbName}`);
const dataDir = mkdtempSync(join(tmpdir(), 'parcelle-soak-'));
const serverEnv = {
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: dbUrl,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  PAYMENTS_SANDBOX: 'true',
  RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
  CAPTCHA_COST: '50',
  // Abandoned purchases expire within the run, so the sweep releases them and the works' markets settle.
  RESERVATION_MINUTES: '1',
  LOG_LEVEL: 'warn',
};
for (const name of ['REDIS_URL', 'TEST_DATABASE_URL', 'SMTP_URL']) delete serverEnv[name];
if (process.env.SOAK_REDIS_URL) serverEnv.REDIS_URL = process.env.SOAK_REDIS_URL;

let server = null;
let serverLog = '';
function startServer() {
  const entry = args.dist ? ['apps/api/dist/server.js'] : ['--import', 'tsx', 'apps/api/src/server.ts'];
  server = spawn(process.execPath, entry, { cwd: root, env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk) => {
    serverLog = (serverLog + chunk.toString()).slice(-20_000);
  };
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  return waitUntilUp();
}
async function waitUntilUp() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${serverLog}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`the server did not start:\n${serverLog}`);
}
function killServer(signal) {
  return new Promise((resolve) => {
    if (!server || server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill(signal);
  });
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------
// HTTP with statistics
// ---------------------------------------------------------------------------------------------------------------
const stats = { requests: 0, byStatus: {}, fiveHundreds: [], cut: 0, actions: {}, stuckKeys: [] };
let serverDown = false;

/** One call; a connection cut by the kill answers { status: 0 }. */
async function call(method, path, { token, body, key } = {}) {
  const headers = body === undefined ? {} : { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers['idempotency-key'] = key;
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json().catch(() => null);
    stats.requests++;
    stats.byStatus[response.status] = (stats.byStatus[response.status] ?? 0) + 1;
    if (response.status >= 500) stats.fiveHundreds.push({ method, path, status: response.status, body: json });
    return { status: response.status, json };
  } catch {
    stats.cut++;
    return { status: 0, json: null };
  }
}

/** A keyed money call: cut by the crash, it is sent again with the same key until it has an answer. */
async function keyed(member, method, path, options) {
  const key = `soak-${seed}-${member.index}-${++member.keys}`;
  for (let attempt = 0; ; attempt++) {
    while (serverDown) await sleep(100);
    const answer = await call(method, path, { ...options, key });
    if (answer.status === 0) {
      await sleep(100);
      continue;
    }
    if (answer.status === 409 && answer.json?.error?.en?.includes('still being processed')) {
      // A key "in progress": fine for a moment (its first call may still run), never for good.
      if (attempt > 200) {
        stats.stuckKeys.push({ path, key });
        return answer;
      }
      await sleep(100);
      continue;
    }
    return answer;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Members and the model
// ---------------------------------------------------------------------------------------------------------------
async function captcha() {
  const { json } = await call('GET', '/captcha/challenge');
  const challenge = json.data.challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function lastCode(to) {
  const { json } = await call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`);
  const text = json?.data?.[0]?.text ?? '';
  return /\b(\d{6})\b/.exec(text)?.[1];
}

const FUNDS = 5_000_000; // 50,000.00 EUR each

async function createMember(index) {
  const email = `soak${index}.${seed}@example.com`;
  const phone = `6${String(40_000_000 + index).padStart(8, '0')}`;
  const registered = await call('POST', '/user/register', {
    body: {
      first_name: 'Soak',
      last_name: `Member ${'abcdefghijklmnopqrstuvwxyz'[index % 26]}${'abcdefghijklmnopqrstuvwxyz'[Math.floor(index / 26) % 26]}`,
      email,
      slug: 'FR',
      country_code: '+33',
      number: phone,
      password: 'Secret!pass1',
      password_confirmation: 'Secret!pass1',
      country: 'FR',
      birth_date: '1990-05-17',
      lang: 'en',
      device_token: 'soak',
      device_type: 'web',
      captcha: await captcha(),
    },
  });
  if (registered.status !== 200) throw new Error(`register: ${JSON.stringify(registered.json)}`);
  const token = registered.json.data.access_token;
  const verified = await call('POST', '/user/email/verify', { token, body: { code: await lastCode(email) } });
  if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified.json)}`);
  // Every money path needs an approved identity and an investor ready to invest (issues 29 and 30): approved along the
  // development server's seeded path, as bench/lib/buying.mjs does. Without it every purchase was refused 403.
  const approved = await call('POST', '/dev/verification/approve', { body: { email } });
  if (approved.status !== 200) throw new Error(`approve: ${JSON.stringify(approved.json)}`);
  const credit = await call('POST', '/dev/wallet/credit', { body: { email, currency: 'EURO', amount_minor: FUNDS } });
  if (credit.status !== 200) throw new Error(`credit: ${JSON.stringify(credit.json)}`);
  return {
    index,
    // Each member draws from its own stream: the same seed replays the same choices per member.
    rng: createRng(seed + index * 7919),
    keys: 0,
    email,
    phone: `+33${phone}`,
    token,
    // The model: what this member's own answers say they bought and paid from the wallet.
    credits: FUNDS,
    walletSpent: 0,
    boughtParts: 0,
    owned: new Set(),
    // The works whose current key information document this member acknowledged (issue 30).
    acknowledged: new Set(),
  };
}

/** The work's current key information document acknowledged once by the member, as the purchase drawer does. */
async function acknowledgeKeyInformation(member, work) {
  if (member.acknowledged.has(work.id)) return;
  const status = await call('GET', `/user/key-information/${work.id}`, { token: member.token });
  const versionId = status.json?.data?.version_id;
  if (!versionId) return;
  const ack = await call('POST', `/user/key-information/${work.id}/acknowledge`, {
    token: member.token,
    body: { version_id: versionId, language: 'en' },
  });
  if (ack.status === 200) member.acknowledged.add(work.id);
}

/**
 * Buyer-side totals of secondary purchases (their parts and money went to the sellers). A purchase is secondary when
 * its work was on market 3 before the call (a market never goes back); on market 2 before and after, primary; on 2
 * before and 3 after it is ambiguous (ours or a concurrent one sold the work out) and counted apart, as a tolerance.
 */
const secondary = { parts: 0, paidMinor: 0, ambiguousParts: 0, ambiguousMinor: 0 };

async function currentMarket(paintingId) {
  for (;;) {
    while (serverDown) await sleep(100);
    const { status, json } = await call('GET', `/paintings/detail?painting_id=${paintingId}`);
    if (status === 200) return Number(json.data.paintings.market);
    if (status !== 0) return null;
  }
}

async function recordPaid(member, data, before, paintingId) {
  member.boughtParts += data.total_part;
  member.owned.add(paintingId);
  const minor = Math.round(data.total.value * 100);
  if (before === 3) {
    secondary.parts += data.total_part;
    secondary.paidMinor += minor;
  } else if ((await currentMarket(paintingId)) === 3) {
    secondary.ambiguousParts += data.total_part;
    secondary.ambiguousMinor += minor;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------------------------
let works = [];
async function refreshWorks() {
  const found = [];
  for (const type of ['primary', 'secondary']) {
    const { status, json } = await call('GET', `/paintings/?type=${type}&limit=100`);
    if (status !== 200) return;
    found.push(...json.data.paintings);
  }
  works = found;
}
const marketOf = (work) => Number(work.market);
const onMarket = (market) => works.filter((work) => marketOf(work) === market);
/** The soak's own small works (seed-works.ts): most primary purchases go there, so they sell out during the run. */
let soakWorkIds = new Set();
function pickWork(member, market) {
  const candidates = onMarket(market);
  const small = candidates.filter((work) => soakWorkIds.has(work.id));
  if (small.length > 0 && member.rng.float() < 0.85) return member.rng.pick(small);
  return candidates.length > 0 ? member.rng.pick(candidates) : null;
}

/** A refusal, named by its status and English message (counted per action in the figures). */
function refused(answer) {
  // The works' markets moved on (a work sold out): read the catalogue again before the next choice.
  if (answer.status === 400 && answer.json?.field === 'total_part') void refreshWorks();
  return `${answer.status} ${answer.json?.error?.en ?? ''}`.trim();
}

function order(work, parts, method, extra = {}) {
  return { total_part: parts, payment_method: method, painting_id: work.id, owner: 'Soak Member', ...extra };
}

async function payCard(member, data) {
  for (;;) {
    while (serverDown) await sleep(100);
    const paid = await call('POST', '/payments/sandbox/card/confirm', {
      token: member.token,
      body: { client_secret: data.payment_client_secret, card_number: '4242424242424242' },
    });
    if (paid.status !== 0) break;
  }
  // The outcome is read back: the sandbox's event settles synchronously, or the reservation was gone.
  for (;;) {
    while (serverDown) await sleep(100);
    const state = await call('GET', `/paintings/purchase/${data.reference_id}`, { token: member.token });
    if (state.status === 200) return state.json.data.status === 'paid';
    if (state.status !== 0) return false;
  }
}

async function buyCard(member, market, abandon = false) {
  const work = pickWork(member, market);
  if (!work) return 'skip';
  await acknowledgeKeyInformation(member, work);
  const before = await currentMarket(work.id);
  const answer = await keyed(member, 'POST', '/paintings/purchase', {
    token: member.token,
    body: order(work, member.rng.int(1, 2), 'card', { currency: 'EURO' }),
  });
  if (answer.status !== 200) return refused(answer);
  const data = answer.json.data;
  if (data.status === 'paid') {
    await recordPaid(member, data, before, work.id);
    return 'paid';
  }
  if (abandon || data.status !== 'pending' || !data.payment_client_secret) return 'abandoned';
  if (await payCard(member, data)) await recordPaid(member, data, before, work.id);
  return 'paid';
}

async function buyPaypal(member) {
  const work = pickWork(member, 2);
  if (!work) return 'skip';
  await acknowledgeKeyInformation(member, work);
  const before = await currentMarket(work.id);
  const answer = await keyed(member, 'POST', '/paintings/purchase', {
    token: member.token,
    body: order(work, member.rng.int(1, 2), 'paypal', { currency: 'EURO' }),
  });
  if (answer.status !== 200 || !answer.json.data.paypal_order_id) return refused(answer);
  const data = answer.json.data;
  const captured = await keyed(member, 'POST', '/paintings/order', {
    token: member.token,
    body: { order_id: data.paypal_order_id, payment_method: 'paypal' },
  });
  if (captured.status !== 200) return refused(captured);
  if (captured.json.data.status === 'paid') await recordPaid(member, data, before, work.id);
  return captured.json.data.status;
}

async function buyWallet(member, market) {
  const work = pickWork(member, market);
  if (!work) return 'skip';
  await acknowledgeKeyInformation(member, work);
  const before = await currentMarket(work.id);
  const sent = await call('POST', '/paintings/purchase/code', { token: member.token });
  if (sent.status !== 200) return refused(sent);
  const code = await lastCode(member.phone);
  const answer = await keyed(member, 'POST', '/paintings/purchase', {
    token: member.token,
    body: order(work, member.rng.int(1, 4), 'smart_amount', { verification_code: code }),
  });
  if (answer.status !== 200) return refused(answer);
  const data = answer.json.data;
  if (data.status === 'paid') {
    member.walletSpent += Math.round(data.total.value * 100);
    await recordPaid(member, data, before, work.id);
  }
  return data.status;
}

async function list(member) {
  const candidates = onMarket(3).filter((work) => member.owned.has(work.id));
  if (candidates.length === 0) return 'skip';
  const work = member.rng.pick(candidates);
  // Issue 26: parts leave the member only with the wallet code (the soak's members have no second factor).
  const sent = await call('POST', '/paintings/purchase/code', { token: member.token });
  if (sent.status !== 200) return refused(sent);
  const answer = await call('POST', '/paintings/sale', {
    token: member.token,
    body: { total_part: member.rng.int(1, 3), painting_id: work.id, verification_code: await lastCode(member.phone) },
  });
  return answer.status === 200 ? 'listed' : refused(answer);
}

async function withdrawListing(member) {
  const { json } = await call('GET', '/paintings/sale?status=open&limit=20', { token: member.token });
  const open = (json?.data?.listings ?? []).filter((listing) => listing.status === 'open');
  if (open.length === 0) return 'skip';
  const listing = member.rng.pick(open);
  const answer = await call('POST', `/paintings/sale/${listing.reference}/withdraw`, { token: member.token });
  return answer.status === 200 ? 'withdrawn' : refused(answer);
}

async function read(member) {
  const paths = ['/member/portfolio', '/paintings/', '/member/certificates', '/paintings/sale?status=all'];
  const path = member.rng.pick(paths);
  const answer = await call('GET', path, { token: member.token });
  if (path === '/paintings/') await refreshWorks();
  return `read ${answer.status}`;
}

const ACTIONS = [
  ['buy-card', 14, (m) => buyCard(m, 2)],
  ['buy-paypal', 8, (m) => buyPaypal(m)],
  ['buy-wallet', 12, (m) => buyWallet(m, 2)],
  ['abandon-primary', 6, (m) => buyCard(m, 2, true)],
  ['abandon-secondary', 6, (m) => buyCard(m, 3, true)],
  ['list', 12, (m) => list(m)],
  ['withdraw-listing', 5, (m) => withdrawListing(m)],
  ['buy-secondary-card', 8, (m) => buyCard(m, 3)],
  ['buy-secondary-wallet', 9, (m) => buyWallet(m, 3)],
  ['read', 20, (m) => read(m)],
];
const totalWeight = ACTIONS.reduce((sum, [, weight]) => sum + weight, 0);
function pickAction(member) {
  let roll = member.rng.float() * totalWeight;
  for (const action of ACTIONS) {
    roll -= action[1];
    if (roll < 0) return action;
  }
  return ACTIONS[ACTIONS.length - 1];
}

// ---------------------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------------------
const problems = [];
let exitCode = 0;
try {
  const begun = Date.now();
  const since = () => `${((Date.now() - begun) / 1000).toFixed(1)} s`;
  await startServer();
  console.log(`[soak] server up (migrated, seeded) in ${since()}`);
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/soak/seed-works.ts', '6'], {
    cwd: root,
    env: { ...serverEnv },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed-works: ${seeded.stderr}`);
  soakWorkIds = new Set(JSON.parse(seeded.stdout).map((work) => work.id));
  // Made side by side (each its own captcha, code and approval): the order of their rows is not part of the run.
  const members = await Promise.all(Array.from({ length: memberCount }, (_, index) => createMember(index)));
  await refreshWorks();
  console.log(`[soak] works and members made in ${since()}`);
  const markets = works.map(marketOf).join(',');
  console.log(`[soak] ${members.length} members, ${works.length} works (markets ${markets}); running`);

  const started = Date.now();
  const endAt = started + seconds * 1000;
  const crashAt = started + (seconds * 1000) / 2;
  let actions = 0;
  const crash = (async () => {
    await sleep(crashAt - Date.now());
    serverDown = true;
    console.log(`[soak] kill -9 at ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await killServer('SIGKILL');
    await startServer();
    serverDown = false;
    console.log(`[soak] restarted at ${((Date.now() - started) / 1000).toFixed(1)} s`);
  })();
  await Promise.all(
    members.map(async (member) => {
      while (Date.now() < endAt) {
        while (serverDown) await sleep(100);
        const [name, , run] = pickAction(member);
        const outcome = await run(member);
        stats.actions[name] ??= {};
        stats.actions[name][outcome] = (stats.actions[name][outcome] ?? 0) + 1;
        actions++;
      }
    }),
  );
  await crash;
  const elapsed = (Date.now() - started) / 1000;

  // Abandoned reservations expire and the sweep releases them; then every market settles. Every call of the run has
  // its answer, so what is still pending was abandoned: its reservation's end is moved to now, as the exit journey
  // ends its vote window (decision 377), and the server's own sweep releases it. A reservation abandoned in the last
  // seconds would otherwise hold the run for its whole minute (and the sweep's window): 40-70 s of the CI soak's 1.6
  // minutes (decision 565). The long soak's reservations still expire by the clock while it runs.
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const ended = await db.query(
    `UPDATE purchases SET expires_at = now() WHERE status = 'pending' AND expires_at > now() RETURNING id`,
  );
  const settleDeadline = Date.now() + 150_000;
  for (;;) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM purchases WHERE status = 'pending'`);
    if (rows[0].n === 0 || Date.now() > settleDeadline) break;
    await sleep(250);
  }
  console.log(`[soak] ${ended.rowCount} abandoned reservations ended and swept; checking at ${since()}`);
  // Listed parts still held by unpaid purchases, at the end of the run.
  const held = await db.query(
    `SELECT coalesce(sum(quantity) FILTER (WHERE holder_kind = 'reserved'), 0)::int AS reserved,
            coalesce(sum(quantity) FILTER (WHERE holder_kind = 'listed'), 0)::int AS listed
       FROM part_entries e JOIN paintings p ON p.id = e.painting_id WHERE p.market = 3`,
  );
  const wrongMarket = await db.query(
    `SELECT id, market, sold_parts, total_parts FROM paintings p
      WHERE (market = 2 AND sold_parts = total_parts
             AND NOT EXISTS (SELECT 1 FROM purchases WHERE painting_id = p.id AND status = 'pending'))
         OR (market = 3 AND sold_parts <> total_parts)`,
  );
  // The seed's fictional co-owners offer parts of the sold-out works too (db/seed-market.ts): what the soak's
  // buyers took from their listings is not the soak members' to account for.
  const bySeed = await db.query(
    `SELECT coalesce(sum(f.quantity), 0)::int AS parts, coalesce(sum(f.quantity * f.unit_price_minor), 0)::bigint AS paid
       FROM purchase_fills f JOIN listings l ON l.id = f.listing_id JOIN purchases pu ON pu.id = f.purchase_id
       JOIN users u ON u.id = l.seller_id
      WHERE pu.status = 'paid' AND u.email LIKE '%@collectors.parcelle.invalid'`,
  );
  const seedSold = { parts: bySeed.rows[0].parts, paidMinor: Number(bySeed.rows[0].paid) };
  const unanswered = await db.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE status_code IS NULL`);
  const market3 = await db.query(`SELECT count(*)::int AS n FROM paintings WHERE market = 3`);
  await db.end();

  // The model against the API.
  let soldBySellers = 0;
  let proceeds = 0;
  for (const member of members) {
    const portfolio = await call('GET', '/member/portfolio?currency=EURO', { token: member.token });
    const summary = Array.isArray(portfolio.json?.data) ? portfolio.json.data[0] : portfolio.json?.data;
    const holding = summary?.quantity ?? Number.NaN;
    const wallet = Math.round((summary?.total_credit?.value ?? Number.NaN) * 100);
    // What the member's own answers cannot know: parts their listings sold, and what those sales paid them.
    const sold = member.boughtParts - holding;
    const earned = wallet - (member.credits - member.walletSpent);
    if (!(sold >= 0) || !(earned >= 0)) {
      problems.push(`member ${member.index}: model ${member.boughtParts} parts / api ${holding}; wallet ${wallet}`);
    }
    soldBySellers += sold;
    proceeds += earned;
  }
  const within = (value, low, extra) => value >= low && value <= low + extra;
  const fromMembers = { parts: secondary.parts - seedSold.parts, paidMinor: secondary.paidMinor - seedSold.paidMinor };
  if (!within(soldBySellers, fromMembers.parts, secondary.ambiguousParts)) {
    problems.push(
      `parts sold by sellers ${soldBySellers} ≠ parts bought on the secondary market from members ${fromMembers.parts}`,
    );
  }
  if (!within(proceeds, fromMembers.paidMinor, secondary.ambiguousMinor)) {
    problems.push(`sellers were paid ${proceeds} ≠ secondary purchases paid to members ${fromMembers.paidMinor}`);
  }
  if (stats.fiveHundreds.length > 0) problems.push(`${stats.fiveHundreds.length} answers 5xx`);
  if (stats.stuckKeys.length > 0 || unanswered.rows[0].n > 0) {
    problems.push(`${stats.stuckKeys.length} keys stuck in progress, ${unanswered.rows[0].n} keys unanswered`);
  }
  if (wrongMarket.rows.length > 0) problems.push(`works in the wrong market: ${JSON.stringify(wrongMarket.rows)}`);

  await killServer('SIGTERM');
  const ledger = spawnSync('npm', ['run', 'ledger:check', '--silent'], {
    cwd: root,
    env: { ...serverEnv },
    encoding: 'utf8',
  });
  if (ledger.status !== 0) problems.push(`ledger:check failed:\n${ledger.stdout}${ledger.stderr}`);

  console.log(
    JSON.stringify(
      {
        seed,
        members: memberCount,
        seconds: Number(elapsed.toFixed(1)),
        actions,
        actions_per_second: Number((actions / elapsed).toFixed(1)),
        requests: stats.requests,
        requests_per_second: Number((stats.requests / elapsed).toFixed(1)),
        by_status: stats.byStatus,
        cut_by_crash: stats.cut,
        actions_by_kind: stats.actions,
        five_hundreds: stats.fiveHundreds.length,
        stuck_keys: stats.stuckKeys.length,
        works_on_market_3: market3.rows[0].n,
        listed_parts_on_market_3: held.rows[0].listed,
        held_by_unpaid_purchases: held.rows[0].reserved,
        reservations_ended_at_the_end: ended.rowCount,
        secondary_parts_bought: secondary.parts,
        secondary_parts_sold_by_members: soldBySellers,
        ambiguous_market_parts: secondary.ambiguousParts,
        ledger_check: ledger.status === 0 ? 'passed' : 'failed',
      },
      null,
      2,
    ),
  );
  if (stats.fiveHundreds.length > 0) console.log(JSON.stringify(stats.fiveHundreds.slice(0, 5), null, 2));
} catch (error) {
  problems.push(String(error?.stack ?? error));
} finally {
  await killServer('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (!args.keep) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  else console.log(`[soak] database kept: ${dbUrl}${ownServer ? ` (server folder ${ownServerDir})` : ''}`);
  if (ownServer && !args.keep) {
    await ownServer.release();
    rmSync(ownServerDir, { recursive: true, force: true });
  }
}
if (problems.length > 0) {
  for (const problem of problems) console.error(`[soak] FAIL ${problem}`);
  exitCode = 1;
} else {
  console.log('[soak] passed: no 5xx, no stuck key, every work in its right market, model = API, ledger:check');
}
process.exit(exitCode);
