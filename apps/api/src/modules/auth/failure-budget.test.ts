import { randomBytes } from 'node:crypto';
import { messages } from '@parcelle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator, proveIdentity, totpCode, turnOnTwoFactor } from '../../../test/factories';
import { raceTitle } from '../../../test/race';
import { createTestApp, createTestAppOn, type TestApp, testRedisUrl } from '../../../test/test-app';
import { MAX_CODE_FAILURES } from './failure-budget';

/**
 * Issue 26: the wrong-code budget of a second factor is taken before a code is checked, atomically, so that 40 wrong
 * codes sent at once are not all checked (they were: 12–40 of 40). On every path: the operators' sign-in, a member's
 * payout change, recovery codes; in memory and in Redis shared by two app instances.
 */
const PARALLEL = 40;

/** Sends `PARALLEL` attempts at once; answers how many were checked (refused as wrong) and how many were not (429). */
async function burst(send: (index: number) => ReturnType<TestApp['call']>) {
  const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, index) => send(index)));
  const statuses = answers.map((answer) => answer.statusCode);
  const checked = answers.filter((answer) => answer.statusCode !== 429);
  for (const answer of checked) expect(answer.json().error).toEqual(messages.TotpCodeInvalid);
  return { checked: checked.length, refused: statuses.filter((status) => status === 429).length };
}

async function challengeFor(t: TestApp, operator: { email: string; password: string }): Promise<string> {
  const response = await t.call('POST', '/api/auth/token', {
    body: { email: operator.email, password: operator.password },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.challenge;
}

/** A wrong 6-digit code: never the one the app shows now or one step either side. */
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1].map((step) => totpCode(secret, Date.now() + step * 30_000)));
  for (let candidate = 100_000; ; candidate += 1) if (!near.has(String(candidate))) return String(candidate);
}

describe('in one app (memory counters)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(raceTitle('40 wrong codes at once on one operator challenge: at most the budget is checked'), async () => {
    const operator = await createOperator(t);
    const challenge = await challengeFor(t, operator);
    const wrong = wrongCode(operator.totpSecret);
    const { checked, refused } = await burst(() =>
      t.call('POST', '/api/auth/token/totp', { body: { challenge, code: wrong } }),
    );
    expect(checked).toBe(MAX_CODE_FAILURES);
    expect(refused).toBe(PARALLEL - MAX_CODE_FAILURES);
    // The budget is spent: even the right code waits.
    const right = await t.call('POST', '/api/auth/token/totp', {
      body: { challenge, code: totpCode(operator.totpSecret, Date.now() + 30_000) },
    });
    expect(right.statusCode).toBe(429);
  });

  it(raceTitle('40 wrong app codes at once on a member’s payout change: at most the budget is checked'), async () => {
    const member = await createMember(t, { verified: true });
    const secret = await turnOnTwoFactor(t, member);
    const current_channel_code = await proveIdentity(t, member);
    const wrong = wrongCode(secret);
    const { checked } = await burst(() =>
      t.call('POST', '/api/user/bank', {
        token: member.accessToken,
        body: {
          account_owner: 'Camille Martin',
          iban: 'FR7630006000011234567890189',
          current_channel_code,
          totp_code: wrong,
        },
      }),
    );
    expect(checked).toBe(MAX_CODE_FAILURES);
  });

  it(raceTitle('40 wrong recovery codes at once: at most the budget is checked'), async () => {
    const operator = await createOperator(t);
    const challenge = await challengeFor(t, operator);
    const { checked } = await burst(() =>
      t.call('POST', '/api/auth/token/totp', { body: { challenge, code: 'zzzzz-zzzzz' } }),
    );
    expect(checked).toBe(MAX_CODE_FAILURES);
  });
});

const redisUrl = await testRedisUrl();

describe.skipIf(!redisUrl)('two app instances sharing one Redis (needs TEST_REDIS_URL or 127.0.0.1:6379)', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const redis = { url: redisUrl ?? '', keyPrefix: `parcelle-test:${randomBytes(6).toString('hex')}:` };
    first = await createTestApp({ redis });
    // The same deployment: one database, one Redis, the same secrets (a challenge of one is read by the other).
    const { jwtSecret, serverSecret } = first.ctx.config;
    second = await createTestAppOn(first.ctx.database, { redis, jwtSecret, serverSecret });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it(raceTitle('40 wrong codes at once split across both: at most the budget is checked in all'), async () => {
    const operator = await createOperator(first);
    const challenge = await challengeFor(first, operator);
    const wrong = wrongCode(operator.totpSecret);
    const { checked } = await burst((index) =>
      (index % 2 === 0 ? first : second).call('POST', '/api/auth/token/totp', { body: { challenge, code: wrong } }),
    );
    expect(checked).toBe(MAX_CODE_FAILURES);
  });
});
