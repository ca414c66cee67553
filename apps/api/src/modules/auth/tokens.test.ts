import { messages } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, userRow } from '../../../test/factories';
import { statementsSentBy } from '../../../test/statements';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { AppConfig } from '../../config';
import { users } from '../../db/schema';
import { signAccessToken, VERIFIED_TOKENS_MAX, verifiedTokenCount, verifyAccessToken } from './tokens';

/**
 * Decision 486: the access tokens a process verified are kept, by their exact text, until their `exp`. Nothing the
 * token does not say is kept: its session and its account are read on every request, so a sign-out or a disabled
 * account refuses a kept token at once.
 */
const configWith = (secret: string, ttl = 60) =>
  ({ jwtSecret: new TextEncoder().encode(secret), accessTokenTtlSeconds: ttl }) as AppConfig;
const claims = { userId: '00000000-0000-4000-8000-000000000001', sessionId: '00000000-0000-4000-8000-000000000002' };

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return (error as { key?: string }).key;
  }
  return 'accepted';
}

describe('verified access tokens kept by the process', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a kept token until its exp, then verifies it again and refuses it as expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const config = configWith('kept-token-secret-of-thirty-two-characters!', 60);
    const token = await signAccessToken(claims, config);
    const before = verifiedTokenCount(config);
    expect(await verifyAccessToken(token, config)).toEqual(claims);
    expect(verifiedTokenCount(config)).toBe(before + 1);
    vi.setSystemTime(Date.now() + 59_000);
    expect(await verifyAccessToken(token, config)).toEqual(claims);
    // From the second its exp names the token is expired, kept or not (jose's rule, no clock tolerance).
    vi.setSystemTime(Date.now() + 1_000);
    expect(await refusal(verifyAccessToken(token, config))).toBe('JwtTokenExpired');
    expect(verifiedTokenCount(config)).toBe(before);
  });

  it('is kept per secret: another secret, or a token changed by one character, is verified and refused', async () => {
    const config = configWith('first-secret-of-at-least-thirty-two-characters');
    const token = await signAccessToken(claims, config);
    await verifyAccessToken(token, config);
    expect(await refusal(verifyAccessToken(token, configWith('other-secret-of-at-least-thirty-two-characters')))).toBe(
      'InvalidToken',
    );
    const changed = `${token.slice(0, -2)}${token.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await refusal(verifyAccessToken(changed, config))).toBe('InvalidToken');
  });

  it(`keeps at most ${VERIFIED_TOKENS_MAX} tokens, dropping the oldest first`, async () => {
    const config = configWith('bounded-secret-of-at-least-thirty-two-characters');
    const first = await signAccessToken(claims, config);
    await verifyAccessToken(first, config);
    for (let n = 1; n <= VERIFIED_TOKENS_MAX; n++) {
      const sessionId = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      await verifyAccessToken(await signAccessToken({ ...claims, sessionId }, config), config);
    }
    expect(verifiedTokenCount(config)).toBe(VERIFIED_TOKENS_MAX);
    // The first one was dropped: verified again (still valid), it comes back and the next oldest goes.
    expect(await verifyAccessToken(first, config)).toEqual(claims);
    expect(verifiedTokenCount(config)).toBe(VERIFIED_TOKENS_MAX);
  }, 60_000);
});

describe('a kept token and the checks authenticate makes on every request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const twoFactor = (token: string) => t.call('GET', '/api/user/two-factor', { token });

  it('a sign-out refuses the same token at once', async () => {
    const member = await createMember(t, { verified: true });
    expect((await twoFactor(member.accessToken)).statusCode).toBe(200);
    expect((await twoFactor(member.accessToken)).statusCode).toBe(200);
    const out = await t.call('POST', '/api/auth/logout', {
      body: { refresh_token: member.refreshToken },
      token: member.accessToken,
    });
    expect(out.statusCode).toBe(200);
    const after = await twoFactor(member.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toEqual(messages.InvalidToken);
  });

  it('a disabled account refuses the same token at once', async () => {
    const member = await createMember(t, { verified: true });
    expect((await twoFactor(member.accessToken)).statusCode).toBe(200);
    const id = (await userRow(t, member.email))?.id ?? '';
    await t.ctx.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, id));
    const after = await twoFactor(member.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toEqual(messages.AccountDeactivated);
  });

  it('requests arriving together read their sessions together, each answered its own (decision 593)', async () => {
    // Guard: http/authenticate.ts reads the sessions of requests waiting in one statement. Read per request, the
    // twelve requests below send twelve reads.
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(t, { verified: true })));
    const signedOut = members[5] as (typeof members)[number];
    await t.call('POST', '/api/auth/logout', {
      body: { refresh_token: signedOut.refreshToken },
      token: signedOut.accessToken,
    });
    const answers: { token: string; status: number }[] = [];
    const reads = await statementsSentBy(
      () =>
        Promise.all(
          [...members, ...members].map(async (member) => {
            const answer = await twoFactor(member.accessToken);
            answers.push({ token: member.accessToken, status: answer.statusCode });
          }),
        ),
      (text) => /^select "users"\."id", "users"\."email"/.test(text),
    );
    expect(reads.length).toBeLessThan(12);
    expect(reads.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer.status).toBe(answer.token === signedOut.accessToken ? 401 : 200);
    }
    expect(answers).toHaveLength(12);
  });

  it("a token naming another member with a session is refused, read with others' (decision 593)", async () => {
    const [owner, other] = await Promise.all([
      createMember(t, { verified: true }),
      createMember(t, { verified: true }),
    ]);
    const ownerClaims = await verifyAccessToken(owner.accessToken, t.ctx.config);
    const otherId = (await userRow(t, other.email))?.id ?? '';
    // Signed with the app's secret (as a leaked secret would allow): the owner's session, the other member's id.
    const crossed = await signAccessToken({ userId: otherId, sessionId: ownerClaims.sessionId }, t.ctx.config);
    const [mine, theirs] = await Promise.all([twoFactor(owner.accessToken), twoFactor(crossed)]);
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(401);
    expect(theirs.json().error).toEqual(messages.InvalidToken);
  });
});
