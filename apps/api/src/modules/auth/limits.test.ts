import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitAuthPerMinute: 3, accountAttemptLimit: 3 });
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('answers 429 in both languages once an IP exceeds the sign-in limit', async () => {
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.call('POST', '/api/auth/token', {
        ip,
        body: { email: 'x@example.com', password: 'Wrong!pass1' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().error).toEqual({
          en: 'Too many attempts. Please try again later.',
          fr: 'Trop de tentatives. Veuillez réessayer plus tard.',
        });
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('slows password guessing on one account even from many IPs', async () => {
    const member = await createMember(t, { overrides: {} });
    for (let i = 0; i < 3; i++) {
      const response = await t.call('POST', '/api/auth/token', {
        ip: `198.51.100.${i + 1}`,
        body: { email: member.email, password: 'Wrong!pass1' },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await t.call('POST', '/api/auth/token', {
      ip: '198.51.100.50',
      body: { email: member.email, password: member.password },
    });
    expect(blocked.statusCode).toBe(429);
  });
});
