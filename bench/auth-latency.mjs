// Measures sign-in, token refresh and profile latency against a running Parcelle server.
// Not part of `npm test`. Usage: node bench/auth-latency.mjs [baseUrl] [requests] [concurrency]
// Start the server first (npm start, or DATABASE_URL=… node apps/api/dist/server.js).
const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const requests = Number(process.argv[3] ?? 200);
const concurrency = Number(process.argv[4] ?? 8);

const json = (method, path, body, token) =>
  fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }).then(async (response) => ({ status: response.status, body: await response.json() }));

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(name, count, run) {
  const timings = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const t0 = performance.now();
        const ok = await run();
        timings.push(performance.now() - t0);
        if (!ok) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(10)} n=${count} c=${concurrency} ${(count / seconds).toFixed(1)} req/s  p50=${percentile(timings, 50).toFixed(1)}ms  p99=${percentile(timings, 99).toFixed(1)}ms  failures=${failures}`,
  );
}

const email = `bench.${Date.now()}@example.com`;
const password = 'Bench!pass1';
const registered = await json('POST', '/api/user/register', {
  first_name: 'Bench',
  last_name: 'Member',
  email,
  slug: 'FR',
  country_code: '+33',
  number: '612345678',
  password,
  password_confirmation: password,
  country: 'FR',
  birth_date: '1980-01-01',
});
if (registered.status !== 200) throw new Error(JSON.stringify(registered.body));
const token = registered.body.data.access_token;

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
let refreshToken = registered.body.data.refresh_token;
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
