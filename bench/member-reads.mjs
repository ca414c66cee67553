// Latency of the member area's read API (issue 6) for one member holding a few works, with concurrent readers.
// Not part of `npm test`. Usage:
//   RATE_LIMIT_AUTH_PER_MINUTE=100000 node apps/api/dist/server.js            (another shell; DATABASE_URL optional)
//   node bench/member-reads.mjs [baseUrl] [requests per endpoint] [concurrency]
import { buyParts, signUpMember } from './lib/buying.mjs';
import { apiClient, measureConcurrently, percentile } from './lib/run.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const requests = Number(process.argv[3] ?? 200);
const concurrency = Number(process.argv[4] ?? 8);

const call = apiClient(base);

const token = (await signUpMember(call, `bench.reader.${Date.now()}@example.com`)).access_token;

// A few holdings, so that every query has rows to read.
let bought = 0;
const list = await call('GET', '/api/paintings/?type=primary&limit=6&offset=0&currency=EURO');
for (const painting of list.body.data.paintings.filter((p) => p.market === 2 && p.total_part > p.sold_out_part)) {
  if ((await buyParts(call, token, painting.id, 1)) === null) bought++;
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
  const { timings, failures, seconds } = await measureConcurrently(
    requests,
    concurrency,
    async () => (await call('GET', path, undefined, token)).status === 200,
  );
  console.log(
    `${path.padEnd(62)} ${(requests / seconds).toFixed(0).padStart(4)} req/s  p50 ${percentile(timings, 50).toFixed(1)} ms  p95 ${percentile(timings, 95).toFixed(1)} ms  failures ${failures}`,
  );
}
