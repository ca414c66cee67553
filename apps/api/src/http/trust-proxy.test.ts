import { describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../../test/test-app';
import { loadConfig } from '../config';

const production = { ...PRODUCTION_ENV, DATA_DIR: '/tmp/parcelle-trust-proxy-test' } as const;

describe('TRUST_PROXY', () => {
  it('refuses `true` in production with a start-up error that says what to set', () => {
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true is refused in production.*TRUST_PROXY=1/s,
    );
  });

  it('takes a hop count, or the proxies’ addresses and ranges', () => {
    const test = { NODE_ENV: 'test', DATA_DIR: '/tmp/parcelle-trust-proxy-test' } as const;
    expect(loadConfig({ ...test }).trustProxy).toBe(false);
    expect(loadConfig({ ...test, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...test, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ ...test, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8 ,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    // Outside production `true` still works (a laptop behind a dev proxy).
    expect(loadConfig({ ...test, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ ...test, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: yes is neither/);
    expect(() => loadConfig({ ...test, TRUST_PROXY: '10.0.0.1/40' })).toThrow(/TRUST_PROXY/);
  });

  /** Seven calls through the proxy at 10.0.0.1, each with a new made-up address first in X-Forwarded-For. */
  async function rotating(t: TestApp, client: string, remoteAddress = '10.0.0.1') {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await t.call('GET', '/api/captcha/challenge', {
        ip: remoteAddress,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}, ${client}` },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it.each([
    ['a hop count', 1],
    ['the proxy’s address', ['10.0.0.1']],
  ] as const)(
    'with %s, only the hop the proxy added counts: a rotating X-Forwarded-For escapes no limit',
    async (_name, trustProxy) => {
      // GET /api/captcha/challenge allows twice the auth budget: 6 a minute per client IP.
      const t = await createTestApp({ rateLimitAuthPerMinute: 3, trustProxy: trustProxy as number | string[] });
      try {
        expect(await rotating(t, '198.51.100.7')).toEqual([200, 200, 200, 200, 200, 200, 429]);
        // Another client behind the same proxy has its own budget.
        const other = await t.call('GET', '/api/captcha/challenge', {
          ip: '10.0.0.1',
          headers: { 'x-forwarded-for': '198.51.100.8' },
        });
        expect(other.statusCode).toBe(200);
      } finally {
        await t.close();
      }
    },
  );

  it('ignores X-Forwarded-For from an address that is not the proxy', async () => {
    const t = await createTestApp({ rateLimitAuthPerMinute: 3, trustProxy: ['10.0.0.1'] });
    try {
      // A client reaching the app directly cannot pose as many: it is its socket address that counts.
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await t.call('GET', '/api/captcha/challenge', {
          ip: '192.0.2.44',
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
