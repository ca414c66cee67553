import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let production: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  production = await createTestApp({ env: 'production' });
});
afterAll(async () => {
  await t.close();
  await production.close();
});

describe('POST /api/dev/wallet/credit', () => {
  it('credits a member wallet through the ledger; the profile shows the balance', async () => {
    const member = await createMember(t, { verified: true });
    const credit = await t.call('POST', '/api/dev/wallet/credit', {
      body: { email: member.email, currency: 'EURO', amount_minor: 12_345 },
    });
    expect(credit.statusCode).toBe(200);
    expect(credit.json().data.balance_minor).toBe(12_345);
    const profile = (await t.call('GET', '/api/user/profile', { token: member.accessToken })).json().data;
    expect(profile.user.wallet_amount).toEqual({ value: 123.45, minor: 12_345, curr: 'EURO' });
    expect(
      (
        await t.call('POST', '/api/dev/wallet/credit', {
          body: { email: 'nobody@example.com', currency: 'USD', amount_minor: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/api/dev/wallet/credit', {
          body: { email: member.email, currency: 'USD', amount_minor: -5 },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('does not exist in production', async () => {
    const response = await production.call('POST', '/api/dev/wallet/credit', {
      body: { email: 'a@example.com', currency: 'USD', amount_minor: 1 },
    });
    expect(response.statusCode).toBe(404);
  });
});
