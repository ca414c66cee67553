import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Cache-Control on authenticated answers (issue 26)', () => {
  it('answers every personal read with no-store, and its failures too', async () => {
    const member = await createMember(t, { verified: true });
    for (const url of [
      '/api/user/profile',
      '/api/member/portfolio',
      '/api/member/finance/history',
      '/api/user/bank',
      '/api/paintings/bids?limit=3&offset=0',
      '/api/user/two-factor',
    ]) {
      const response = await t.call('GET', url, { token: member.accessToken });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.call('GET', '/api/user/profile', { token: 'not-a-token' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('keeps no-store on the tokens answered at sign-in', async () => {
    const member = await createMember(t, { verified: true });
    const signIn = await t.call('POST', '/api/auth/token', {
      body: { email: member.email, password: member.password, device_token: 'd', device_type: 'web' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
  });
});
