import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { acknowledgeKeyInformation, createMember, createPaintingForSale } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedCatalogue } from '../../db/seed-catalogue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t?.close());

describe('the purchases a process has in flight (decision 601)', () => {
  it('counts a card purchase in its reservation and in its settlement, and out at each answer', async () => {
    // Guard: service.ts and payment-events.ts give their turns `ctx.purchasesInFlight`. Without it nothing is
    // counted, and the confirmations never yield to a drop.
    const buyer = await createMember(t, { verified: true });
    const painting = await createPaintingForSale(t);
    await acknowledgeKeyInformation(t, buyer, painting.id);
    const change = vi.spyOn(t.ctx.purchasesInFlight, 'change');
    try {
      const reserved = await t.call('POST', '/api/paintings/purchase', {
        acknowledgeKeyInformation: false,
        token: buyer.accessToken,
        body: { total_part: 1, payment_method: 'card', painting_id: painting.id, owner: 'J. D.' },
      });
      expect(reserved.statusCode).toBe(200);
      expect(change.mock.calls).toEqual([[1], [-1]]);
      const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
        token: buyer.accessToken,
        body: { client_secret: reserved.json().data.payment_client_secret, card_number: '4242424242424242' },
      });
      expect(paid.statusCode).toBe(200);
      expect(change.mock.calls).toEqual([[1], [-1], [1], [-1]]);
      expect(t.ctx.purchasesInFlight.size).toBe(0);
    } finally {
      change.mockRestore();
    }
  });
});
