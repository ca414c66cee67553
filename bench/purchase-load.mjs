// Load of many members buying parts of one painting through the API (card, offline sandbox), then an invariant
// check. Not part of `npm test`. Usage:
//   DATABASE_URL=postgres://… RATE_LIMIT_AUTH_PER_MINUTE=100000 node apps/api/dist/server.js   (another shell)
//   DATABASE_URL=postgres://… node bench/purchase-load.mjs [baseUrl] [members] [purchases per member]
// With DATABASE_URL set here too, `npm run ledger:check` runs on the same database at the end.
import { execFileSync } from 'node:child_process';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const memberCount = Number(process.argv[3] ?? 40);
const perMember = Number(process.argv[4] ?? 10);

const call = async (method, path, body, token) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// The painting on sale with the most parts left.
const list = await call('GET', '/api/paintings/?type=primary&limit=100&offset=0&currency=EURO');
const painting = list.body.data.paintings
  .filter((p) => p.market === 2)
  .sort((a, b) => b.total_part - b.sold_out_part - (a.total_part - a.sold_out_part))[0];
if (!painting) throw new Error('no painting on the primary market');
const availableBefore = painting.total_part - painting.sold_out_part;

const stamp = Date.now();
const members = [];
for (let i = 0; i < memberCount; i++) {
  const registered = await call('POST', '/api/user/register', {
    first_name: 'Bench',
    last_name: 'Buyer',
    email: `bench.${stamp}.${i}@example.com`,
    quick_sign_up: true,
    device_token: 'bench',
    device_type: 'web',
  });
  if (registered.status !== 200) throw new Error(JSON.stringify(registered.body));
  members.push(registered.body.data.access_token);
}

const timings = [];
let completed = 0;
let partsBought = 0;
let failures = 0;
const started = performance.now();
await Promise.all(
  members.map(async (token) => {
    for (let n = 0; n < perMember; n++) {
      const parts = 1 + (n % 3);
      const t0 = performance.now();
      const purchase = await call(
        'POST',
        '/api/paintings/purchase',
        { total_part: parts, payment_method: 'card', painting_id: painting.id, owner: 'Bench Buyer', currency: 'EURO' },
        token,
      );
      if (purchase.status !== 200) {
        failures++;
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
      } else failures++;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
timings.sort((a, b) => a - b);
console.log(
  `purchases: ${completed} completed (${failures} failed) by ${memberCount} members in ${seconds.toFixed(1)} s = ${(completed / seconds).toFixed(1)} purchases/s`,
);
console.log(
  `reserve + pay latency: p50=${percentile(timings, 50).toFixed(1)} ms  p99=${percentile(timings, 99).toFixed(1)} ms`,
);

const after = await call('GET', `/api/paintings/detail?painting_id=${painting.id}&currency=EURO`);
const availableAfter = after.body.data.paintings.total_part - after.body.data.paintings.sold_out_part;
console.log(`parts: ${availableBefore} available before, ${partsBought} bought, ${availableAfter} available after`);
if (availableBefore - partsBought !== availableAfter) {
  console.error('parts do not add up');
  process.exitCode = 1;
}
if (process.env.DATABASE_URL) {
  console.log(execFileSync('npm', ['run', '-s', 'ledger:check'], { encoding: 'utf8', env: process.env }).trim());
}
