import { messages } from '@parcelle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createPaintingForSale, fundWallet, proveIdentity, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedCatalogue } from '../../db/seed-catalogue';

/** Spec §6, issue 12: money and payout calls need a verified email; the server says so, in both languages. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t.close());

describe('a member whose email is not verified', () => {
  it('is refused purchase, wallet code, listing, withdrawal, bank and PayPal with 403', async () => {
    const member = await createMember(t);
    const id = (await userRow(t, member.email))?.id ?? '';
    await fundWallet(t, id, 'EURO', 10_000);
    const painting = await createPaintingForSale(t);
    const purchase = { total_part: 1, payment_method: 'card', painting_id: painting.id, owner: 'Camille Martin' };
    const calls: [method: 'POST' | 'PATCH', url: string, body?: unknown][] = [
      ['POST', '/api/paintings/purchase', purchase],
      ['POST', '/api/paintings/purchase/code'],
      ['POST', '/api/paintings/sale', { total_part: 1, painting_id: painting.id }],
      ['POST', '/api/member/withdrawal/code'],
      [
        'POST',
        '/api/member/withdrawal/store',
        { payment_method: 'bank', account: 'x', amount: 5, verification_code: '123456' },
      ],
      ['POST', '/api/user/bank', { account_owner: 'Camille Martin', iban: 'FR7630006000011234567890189' }],
      ['PATCH', '/api/user/paypal', { email: 'camille@example.com' }],
    ];
    for (const [method, url, body] of calls) {
      const response = await t.call(method, url, { token: member.accessToken, body: body ?? {} });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(response.json().error).toEqual(messages.EmailNotVerified);
    }
  });

  it('is let through once verified', async () => {
    const member = await createMember(t, { verified: true });
    const currentChannelCode = await proveIdentity(t, member);
    const bank = await t.call('POST', '/api/user/bank', {
      token: member.accessToken,
      body: {
        account_owner: 'Camille Martin',
        iban: 'FR7630006000011234567890189',
        current_channel_code: currentChannelCode,
      },
    });
    expect(bank.statusCode).toBe(200);
    // A second member: the first one's withdrawals now wait 48 hours after the bank change.
    const other = await createMember(t, { verified: true });
    const code = await t.call('POST', '/api/member/withdrawal/code', { token: other.accessToken });
    expect(code.statusCode).toBe(200);
  });
});
