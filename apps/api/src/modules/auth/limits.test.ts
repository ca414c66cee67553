import { messages } from '@parcelle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember } from '../../../test/factories';
import { createTestApp, solvedCaptcha, type TestApp } from '../../../test/test-app';
import { delayAfterAttempts, SIGN_IN_THROTTLE } from './sign-in-throttle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitAuthPerMinute: 1000 });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let ipSequence = 0;
/** A new client address for each call: the attacker of these tests rotates IPs. */
const freshIp = () => `198.51.${Math.floor(++ipSequence / 250)}.${(ipSequence % 250) + 1}`;

const signIn = (body: Record<string, unknown>, ip = freshIp()) => t.call('POST', '/api/auth/token', { ip, body });

/** Moves the clock the limits read (only Date: timers, the database and the server run as usual). */
function clockAt(start = Date.now()) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  let now = start;
  return (seconds: number) => {
    now += seconds * 1000;
    vi.setSystemTime(now);
  };
}

describe('per-IP route limit', () => {
  it('answers 429 in both languages once an IP exceeds the sign-in limit', async () => {
    const strict = await createTestApp({ rateLimitAuthPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await strict.call('POST', '/api/auth/token', {
          ip: '203.0.113.7',
          body: { email: `x${i}@example.com`, password: 'Wrong!pass1' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json().error).toEqual(messages.TooManyRequests);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('failed sign-ins slow down, never lock', () => {
  it('the delay curve: none for the first attempts, then 1 s, 2 s, 4 s… up to 60 s', () => {
    const rule = SIGN_IN_THROTTLE.account;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => delayAfterAttempts(n, rule) / 1000)).toEqual([
      0, 0, 1, 2, 4, 8, 16, 32, 60, 60,
    ]);
  });

  it('makes each further attempt on an account wait longer (429 with Retry-After), then asks for a captcha', async () => {
    const member = await createMember(t);
    const advance = clockAt();
    const wrong = { email: member.email, password: 'Wrong!pass1' };
    for (let i = 0; i < 3; i++) expect((await signIn(wrong)).statusCode).toBe(401);

    const early = await signIn(wrong);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    expect(early.json().error).toEqual(messages.SignInWait);
    expect(early.json().error.fr).toContain('Veuillez patienter');
    advance(1);
    expect((await signIn(wrong)).statusCode).toBe(401);

    const earlyAgain = await signIn(wrong);
    expect(earlyAgain.statusCode).toBe(429);
    expect(earlyAgain.headers['retry-after']).toBe('2');
    advance(2);
    expect((await signIn(wrong)).statusCode).toBe(401);

    // Five failures: from now on the request itself must carry a captcha, whatever the wait.
    advance(60);
    const noCaptcha = await signIn({ email: member.email, password: member.password });
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json()).toMatchObject({ error: messages.CaptchaRequired, field: 'captcha' });
  });

  it('lets the owner in with the right password and a captcha, however many failures others piled up', async () => {
    const member = await createMember(t);
    const advance = clockAt();
    const wrong = { email: member.email, password: 'Wrong!pass1' };
    let failures = 0;
    // An attacker from many IPs, waiting out each delay and solving each captcha, for 12 failures.
    while (failures < 12) {
      const response = await signIn({ ...wrong, captcha: await solvedCaptcha(t) });
      if (response.statusCode === 401) failures += 1;
      else expect(response.statusCode).toBe(429);
      advance(1);
    }
    // Right password without the captcha: asked for it (never "locked").
    const bare = await signIn({ email: member.email, password: member.password }, '192.0.2.10');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toEqual(messages.CaptchaRequired);
    // Right password with a captcha, at once: in.
    const owner = await signIn(
      { email: member.email, password: member.password, captcha: await solvedCaptcha(t) },
      '192.0.2.10',
    );
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.access_token).toBeTruthy();
    // A success clears the account's failures: the next sign-in needs no captcha.
    const next = await signIn({ email: member.email, password: member.password }, '192.0.2.10');
    expect(next.statusCode).toBe(200);
  });

  it('refuses a wrong or replayed captcha on sign-in', async () => {
    const member = await createMember(t);
    const captcha = await solvedCaptcha(t);
    const first = await signIn({ email: member.email, password: member.password, captcha });
    expect(first.statusCode).toBe(200);
    const replay = await signIn({ email: member.email, password: member.password, captcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: messages.CaptchaFailed, field: 'captcha' });
    const garbage = await signIn({ email: member.email, password: member.password, captcha: 'garbage' });
    expect(garbage.statusCode).toBe(400);
  });

  it('slows one IP trying many accounts, captcha or not, with growing delays', async () => {
    const advance = clockAt();
    const ip = '203.0.113.50';
    const attempt = async (n: number) =>
      signIn({ email: `spray${n}@example.com`, password: 'Spring!2026', captcha: await solvedCaptcha(t) }, ip);
    let n = 0;
    for (; n < SIGN_IN_THROTTLE.ip.delayAfter; n++) expect((await attempt(n)).statusCode).toBe(401);
    const waits: string[] = [];
    for (let step = 0; step < 8; step++) {
      const refused = await attempt(n);
      expect(refused.statusCode).toBe(429);
      waits.push(String(refused.headers['retry-after']));
      advance(Number(refused.headers['retry-after']));
      expect((await attempt(n++)).statusCode).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '60', '60']);
    // Another IP is not slowed by this one.
    expect((await signIn({ email: 'someone@example.com', password: 'Wrong!pass1' })).statusCode).toBe(401);
  });

  it('lets no more guesses through in a burst than in a sequence', async () => {
    const member = await createMember(t);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => signIn({ email: member.email, password: 'Wrong!pass1' })),
    );
    const statuses = burst.map((response) => response.statusCode);
    // Three free attempts and the one that starts the first delay; the others are told to wait.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      SIGN_IN_THROTTLE.account.delayAfter + 1,
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
  });
});
