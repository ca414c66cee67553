// Latency of the member area's read API (issue 6) for one member holding a few works, with concurrent readers.
// Not part of `npm test`. Usage:
//   RATE_LIMIT_AUTH_PER_MINUTE=100000 node apps/api/dist/server.js            (another shell; DATABASE_URL optional)
//   node bench/member-reads.mjs [baseUrl] [requests per endpoint] [concurrency]
const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const requests = Number(process.argv[3] ?? 200);
const concurrency = Number(process.argv[4] ?? 8);

const call = async (method, path, body, token) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
};
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const registered = await call('POST', '/api/user/register', {
  first_name: 'Bench',
  last_name: 'Reader',
  email: `bench.reader.${Date.now()}@example.com`,
  quick_sign_up: true,
  device_token: 'bench',
  device_type: 'web',
});
if (registered.status !== 200) throw new Error(JSON.stringify(registered.body));
const token = registered.body.data.access_token;

// A few holdings, so that every query has rows to read.
let bought = 0;
const list = await call('GET', '/api/paintings/?type=primary&limit=6&offset=0&currency=EURO');
for (const painting of list.body.data.paintings.filter((p) => p.market === 2 && p.total_part > p.sold_out_part)) {
  const purchase = await call(
    'POST',
    '/api/paintings/purchase',
    { total_part: 1, payment_method: 'card', painting_id: painting.id, owner: 'Bench Reader', currency: 'EURO' },
    token,
  );
  if (purchase.status !== 200) continue;
  const paid = await call(
    'POST',
    '/api/payments/sandbox/card/confirm',
    {
      client_secret: purchase.body.data.payment_client_secret,
      card_number: '4242424242424242',
    },
    token,
  );
  if (paid.status === 200) bought++;
}
if (bought === 0) throw new Error('no purchase went through: nothing to read');

const endpoints = [
  '/api/member/portfolio',
  '/api/member/parts/?limit=4&offset=0',
  '/api/member/parts/graph',
  '/api/member/market/?type=primary&limit=6&offset=0',
  '/api/member/market/?type=secondary&limit=6&offset=0',
  '/api/member/history/PURCHASE?limit=4&offset=0',
  '/api/member/history/ARTWORK?limit=4&offset=0',
  '/api/member/finance/history?limit=4&offset=0',
  '/api/member/withdrawal/list?status=PENDING&limit=3&offset=0',
];
console.log(`${bought} works held; ${requests} requests per endpoint, ${concurrency} at a time`);
for (const path of endpoints) {
  const timings = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        const t0 = performance.now();
        const answer = await call('GET', path, undefined, token);
        timings.push(performance.now() - t0);
        if (answer.status !== 200) failures++;
      }
    }),
  );
  const perSecond = (requests / (performance.now() - started)) * 1000;
  timings.sort((a, b) => a - b);
  console.log(
    `${path.padEnd(62)} ${perSecond.toFixed(0).padStart(4)} req/s  p50 ${percentile(timings, 50).toFixed(1)} ms  p95 ${percentile(timings, 95).toFixed(1)} ms  failures ${failures}`,
  );
}
