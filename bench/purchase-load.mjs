// Load of many members buying parts of one painting through the API (card, offline sandbox), then an invariant
// check. Not part of `npm test`; `bench/hot-drop.mjs` starts its own server and compares with pgbench. Usage:
//   DATABASE_URL=postgres://… node apps/api/dist/server.js   (another shell; RATE_LIMIT_AUTH_PER_MINUTE=100000)
//   DATABASE_URL=postgres://… node bench/purchase-load.mjs [baseUrl] [members] [purchases per member]
// With DATABASE_URL set here too, `npm run ledger:check` runs on the same database at the end.
import { execFileSync } from 'node:child_process';
import { purchaseLoad, signUpMembers } from './lib/buying.mjs';
import { apiClient } from './lib/run.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const memberCount = Number(process.argv[3] ?? 40);
const perMember = Number(process.argv[4] ?? 10);

const call = apiClient(base);
const buying = await purchaseLoad(call, await signUpMembers(call, memberCount), perMember);
const refused = [...buying.refusals.values()].reduce((sum, n) => sum + n, 0);
console.log(
  `purchases: ${buying.completed} completed (${refused} refused) by ${memberCount} members in ` +
    `${buying.seconds.toFixed(1)} s = ${buying.perSecond.toFixed(1)} purchases/s`,
);
if (refused > 0) console.log(`refused: ${JSON.stringify(Object.fromEntries(buying.refusals))}`);
console.log(`reserve + pay latency: p50=${buying.p50.toFixed(1)} ms  p99=${buying.p99.toFixed(1)} ms`);
console.log(`parts: ${buying.parts}`);
if (!buying.partsAddUp) {
  console.error('parts do not add up');
  process.exitCode = 1;
}
if (process.env.DATABASE_URL) {
  console.log(execFileSync('npm', ['run', '-s', 'ledger:check'], { encoding: 'utf8', env: process.env }).trim());
}
