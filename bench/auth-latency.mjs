// Measures sign-in, token refresh and profile latency against a running Parcelle server.
// Not part of `npm test`. Usage: node bench/auth-latency.mjs [baseUrl] [requests] [concurrency]
// Start the server first (npm start, or DATABASE_URL=… node apps/api/dist/server.js).
import { BENCH_PASSWORD, signUpMember } from './lib/buying.mjs';
import { apiClient, measureConcurrently, percentile } from './lib/run.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const requests = Number(process.argv[3] ?? 200);
const concurrency = Number(process.argv[4] ?? 8);

const json = apiClient(base);

async function measure(name, count, run) {
  const { timings, failures, seconds } = await measureConcurrently(count, concurrency, run);
  console.log(
    `${name.padEnd(10)} n=${count} c=${concurrency} ${(count / seconds).toFixed(1)} req/s  p50=${percentile(timings, 50).toFixed(1)}ms  p99=${percentile(timings, 99).toFixed(1)}ms  failures=${failures}`,
  );
}

const email = `bench.${Date.now()}@example.com`;
const password = BENCH_PASSWORD;
const registered = await signUpMember(json, email);
const token = registered.access_token;

await measure(
  'profile',
  requests,
  async () => (await json('GET', '/api/user/profile', undefined, token)).status === 200,
);
await measure(
  'sign-in',
  Math.min(requests, 100),
  async () => (await json('POST', '/api/auth/token', { email, password })).status === 200,
);
let refreshToken = registered.refresh_token;
// Refreshes of one session are sequential by nature (each token works once).
const savedConcurrency = concurrency;
await (async () => {
  const timings = [];
  for (let i = 0; i < Math.min(requests, 100); i++) {
    const t0 = performance.now();
    const response = await json('POST', '/api/auth/token/refresh', { refresh_token: refreshToken });
    timings.push(performance.now() - t0);
    refreshToken = response.body.data.refresh_token;
  }
  timings.sort((a, b) => a - b);
  console.log(
    `refresh    n=${timings.length} c=1 p50=${percentile(timings, 50).toFixed(1)}ms p99=${percentile(timings, 99).toFixed(1)}ms (concurrency ${savedConcurrency} not applicable)`,
  );
})();
