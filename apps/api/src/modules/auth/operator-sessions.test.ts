import { messages } from '@parcelle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, createOperator, totpCode } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Issue 26: an operator's session ends 12 hours after its sign-in and after 30 minutes without use (then the password
 * and the TOTP code again); its refresh tokens live no longer than that. Members keep their 30-day refresh tokens.
 */
let t: TestApp;
let operator: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  operator = await createOperator(t, 'finance');
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => t.close());

/**
 * Moves the clock the sessions read (only Date: timers, the database and the server run as usual). It only moves on,
 * from one test to the next, and a minute past the enrolment: a TOTP code is good once.
 */
let now = Date.now() + 60_000;
function clockAt() {
  vi.useFakeTimers({ toFake: ['Date'] });
  now += 60_000;
  vi.setSystemTime(now);
  return (minutes: number) => {
    now += minutes * 60_000;
    vi.setSystemTime(now);
  };
}

/** Signs the operator in as the console does: password, then the authenticator's code. */
async function operatorSignIn() {
  const first = await t.call('POST', '/api/auth/token', {
    body: { email: operator.email, password: operator.password },
  });
  const challenge = first.json().data.challenge;
  const second = await t.call('POST', '/api/auth/token/totp', {
    body: { challenge, code: totpCode(operator.totpSecret) },
  });
  expect(second.statusCode).toBe(200);
  const data = second.json().data;
  return { access: data.access_token as string, refresh: data.refresh_token as string };
}

const refresh = (token: string) => t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: token } });
const me = (token: string) => t.call('GET', '/api/admin/me', { token });

describe('an operator’s session', () => {
  it('ends after 30 minutes without use: the refresh and the operator routes refuse it', async () => {
    const advance = clockAt();
    const session = await operatorSignIn();
    advance(20);
    const renewed = await refresh(session.refresh);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await me(renewed.json().data.access_token)).statusCode).toBe(200);
    // 10 minutes on, the access token is still valid but nobody used the session for 31 minutes after that.
    advance(10);
    const pair = renewed.json().data;
    expect((await me(pair.access_token)).statusCode).toBe(200);
    advance(31);
    const late = await refresh(pair.refresh_token);
    expect(late.statusCode).toBe(401);
  });

  it('ends 12 hours after sign-in however busy it is, and refuses the access token still in hand', async () => {
    const advance = clockAt();
    let { access, refresh: token } = await operatorSignIn();
    // Used every 14 minutes for 11 h 54 min: never idle.
    for (let minutes = 0; minutes < 714; minutes += 14) {
      advance(14);
      const renewed = await refresh(token);
      expect(renewed.statusCode, `after ${minutes + 14} minutes`).toBe(200);
      ({ access_token: access, refresh_token: token } = renewed.json().data);
      expect((await me(access)).statusCode).toBe(200);
    }
    // 12 h 02 min after sign-in, with an access token issued 8 minutes ago: refused, and the session is over.
    advance(8);
    const ended = await me(access);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error).toEqual(messages.OperatorSessionExpired);
    expect((await refresh(token)).statusCode).toBe(401);
    // Signing in again (password and TOTP) opens a new session.
    advance(1);
    const again = await operatorSignIn();
    expect((await me(again.access)).statusCode).toBe(200);
  });

  it('gets refresh tokens that expire within the idle timeout', async () => {
    const advance = clockAt();
    const session = await operatorSignIn();
    advance(29);
    expect((await refresh(session.refresh)).statusCode).toBe(200);
    advance(1);
    const other = await operatorSignIn();
    advance(30);
    expect((await refresh(other.refresh)).statusCode).toBe(401);
  });
});

describe('a member’s session', () => {
  it('keeps its 30-day refresh token and no idle timeout', async () => {
    const member = await createMember(t, { verified: true });
    const advance = clockAt();
    advance(13 * 60);
    const renewed = await refresh(member.refreshToken);
    expect(renewed.statusCode).toBe(200);
    advance(29 * 24 * 60);
    expect((await refresh(renewed.json().data.refresh_token)).statusCode).toBe(200);
  });
});
