// Members buying parts through the API (card, offline sandbox): shared by the purchase load and the hot drop.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { percentile } from './run.mjs';

/** The work on the primary market (open now) with the most parts left, and how many are left. */
export async function workWithMostPartsLeft(call) {
  const list = await call('GET', '/api/paintings/?type=primary&limit=100&offset=0&currency=EURO');
  const painting = list.body.data.paintings
    .filter((p) => p.market === 2 && !p.opens_at)
    .sort((a, b) => b.total_part - b.sold_out_part - (a.total_part - a.sold_out_part))[0];
  if (!painting) throw new Error('no painting on the primary market');
  return { painting, available: painting.total_part - painting.sold_out_part };
}

/** Parts still available of a work, as its public detail says. */
export async function partsLeft(call, paintingId) {
  const after = await call('GET', `/api/paintings/detail?painting_id=${paintingId}&currency=EURO`);
  return after.body.data.paintings.total_part - after.body.data.paintings.sold_out_part;
}

async function captcha(call) {
  const challenge = (await call('GET', '/api/captcha/challenge')).body.data.challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export const BENCH_PASSWORD = 'Secret!pass1';

/**
 * The code of the email a sign-up sends, read from the development outbox: asked again until it is there (up to
 * 30 s), as the browser journeys do. The outbox's read runs the queue's waiting jobs, but a job a worker of the
 * server has just taken (its fetch still on the wire) is in neither.
 */
async function emailedCode(call, email) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const outbox = await call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const code = /\b(\d{6})\b/.exec(outbox.body?.data?.[0]?.text ?? '')?.[1];
    if (code || Date.now() > deadline) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A member with a verified email, signed up as a visitor does (captcha solved, code read from the development
 * outbox); `n` makes the phone number unique. Returns the sign-up's data (access and refresh tokens).
 */
export async function signUpMember(call, email, n = 0) {
  const registered = await call('POST', '/api/user/register', {
    first_name: 'Bench',
    last_name: 'Buyer',
    email,
    slug: 'FR',
    country_code: '+33',
    number: `6${String(50_000_000 + n).padStart(8, '0')}`,
    password: BENCH_PASSWORD,
    password_confirmation: BENCH_PASSWORD,
    country: 'FR',
    birth_date: '1990-05-17',
    lang: 'en',
    device_token: 'bench',
    device_type: 'web',
    captcha: await captcha(call),
  });
  if (registered.status !== 200) throw new Error(JSON.stringify(registered.body));
  const token = registered.body.data.access_token;
  const code = await emailedCode(call, email);
  const verified = await call('POST', '/api/user/email/verify', { code }, token);
  if (verified.status !== 200) throw new Error(JSON.stringify(verified.body));
  // Every money path needs an approved identity and an investor ready to invest (issues 29 and 30): approved along the
  // development server's seeded path, as the browser journeys that buy do.
  const approved = await call('POST', '/api/dev/verification/approve', { email });
  if (approved.status !== 200) throw new Error(JSON.stringify(approved.body));
  return registered.body.data;
}

/** `count` members signed up as `signUpMember` does, 10 at a time; returns their access tokens. */
export async function signUpMembers(call, count, prefix = 'bench') {
  const stamp = Date.now();
  const tokens = [];
  for (let from = 0; from < count; from += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - from) }, (_, k) =>
        signUpMember(call, `${prefix}.${stamp}.${from + k}@example.com`, from + k),
      ),
    );
    tokens.push(...batch.map((data) => data.access_token));
  }
  return tokens;
}

/** The work's current key information document acknowledged by the member, as the purchase drawer does. */
export async function acknowledgeKeyInformation(call, token, paintingId) {
  const status = await call('GET', `/api/user/key-information/${paintingId}`, undefined, token);
  const versionId = status.body?.data?.version_id;
  if (!versionId) throw new Error(`no key information for ${paintingId}: ${JSON.stringify(status.body)}`);
  const ack = await call(
    'POST',
    `/api/user/key-information/${paintingId}/acknowledge`,
    { version_id: versionId, language: 'en' },
    token,
  );
  if (ack.status !== 200) throw new Error(JSON.stringify(ack.body));
}

/**
 * One purchase: reserve `parts` of the work, then pay by card in the sandbox. Returns `null` when paid, else the
 * step that refused (`reserve` or `pay`) and why.
 */
export async function buyParts(call, token, paintingId, parts) {
  const purchase = await call(
    'POST',
    '/api/paintings/purchase',
    { total_part: parts, payment_method: 'card', painting_id: paintingId, owner: 'Bench Buyer', currency: 'EURO' },
    token,
  );
  if (purchase.status !== 200) return { step: 'reserve', why: `${purchase.status} ${purchase.body?.error?.en ?? ''}` };
  const paid = await call(
    'POST',
    '/api/payments/sandbox/card/confirm',
    { client_secret: purchase.body.data.payment_client_secret, card_number: '4242424242424242' },
    token,
  );
  return paid.status === 200 ? null : { step: 'pay', why: `pay ${paid.status} ${paid.body?.error?.en ?? ''}` };
}

/**
 * Every member buys 1–3 parts of the work with the most parts left, `perMember` times, all members at once. Returns
 * purchases completed, refusals by reason, the rate, p50/p99 of reserve + pay, and whether the parts add up on the
 * work's detail; with `cpuOf` (the server's CPU time so far, ms), its CPU time per purchase, the steadier figure on a
 * shared machine.
 */
export async function purchaseLoad(call, tokens, perMember, { cpuOf, databaseCpuOf } = {}) {
  const { painting, available: availableBefore } = await workWithMostPartsLeft(call);
  // A primary purchase needs the work's key information document acknowledged (issue 30): once per member, untimed.
  await Promise.all(tokens.map((token) => acknowledgeKeyInformation(call, token, painting.id)));
  const timings = [];
  const refusals = new Map();
  let completed = 0;
  let partsBought = 0;
  const cpuBefore = cpuOf?.();
  const clientBefore = process.cpuUsage();
  const databaseBefore = databaseCpuOf?.();
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      for (let n = 0; n < perMember; n++) {
        const parts = 1 + (n % 3);
        const t0 = performance.now();
        const refusal = await buyParts(call, token, painting.id, parts);
        // Latency of reserve + pay: a reservation refused at once (sold out) is counted as a refusal, not timed.
        if (refusal?.step !== 'reserve') timings.push(performance.now() - t0);
        if (refusal === null) {
          completed++;
          partsBought += parts;
        } else refusals.set(refusal.why, (refusals.get(refusal.why) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = cpuBefore === undefined ? undefined : (cpuOf?.() ?? 0) - cpuBefore;
  const client = process.cpuUsage(clientBefore);
  const databaseMs = databaseBefore === undefined ? undefined : (databaseCpuOf?.() ?? 0) - databaseBefore;
  timings.sort((a, b) => a - b);
  const availableAfter = await partsLeft(call, painting.id);
  return {
    completed,
    refusals,
    seconds,
    perSecond: completed / seconds,
    /** The server's CPU time (ms, all its threads) per completed purchase, when `cpuOf` reads it. */
    cpuMsPerPurchase: cpuMs === undefined ? undefined : cpuMs / completed,
    /** This load generator's own CPU time per completed purchase (ms): it shares the machine with the server. */
    clientCpuMsPerPurchase: (client.user + client.system) / 1000 / completed,
    /** PostgreSQL's CPU time per completed purchase (ms), when `databaseCpuOf` reads it (a server on this machine). */
    databaseCpuMsPerPurchase: databaseMs === undefined ? undefined : databaseMs / completed,
    /** The server's CPU time when the load began (ms), for a longer measure ending later (hot-drop's confirmations). */
    cpuMsAtStart: cpuBefore,
    p50: percentile(timings, 50) ?? Number.NaN,
    p99: percentile(timings, 99) ?? Number.NaN,
    partsAddUp: availableBefore - partsBought === availableAfter,
    parts: `${availableBefore} available before, ${partsBought} bought, ${availableAfter} after`,
  };
}
