import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCardEvent } from '../../../test/card-webhook';
import { createMember, createPaintingForSale, userRow } from '../../../test/factories';
import { createTestApp, createTestAppOn, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_OK, type SandboxCardPayments } from '../../adapters/payments/sandbox-card';
import { paintings, purchases } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';
import { memberHolding } from '../parts/register';
import { releaseExpired } from './release-reservation';

/**
 * A server killed between the reservation and the payment: the database keeps the pending purchase; the next
 * server releases it when it expires, and a payment that still arrives later takes the same parts again (they are
 * still available) and settles once — no part and no cent is lost or duplicated.
 */
let first: TestApp;
beforeAll(async () => {
  first = await createTestApp();
  await seedCatalogue(first.ctx.database.db, first.ctx.storage, { media: false });
});
afterAll(() => first.close());

describe('a server killed between reservation and payment', () => {
  it('leaves nothing lost: the next server releases the parts and settles a late payment once', async () => {
    const member = await createMember(first, { verified: true });
    const memberId = (await userRow(first, member.email))?.id ?? '';
    const painting = await createPaintingForSale(first, { pricePerPartMinor: 700 });
    const reserved = await first.call('POST', '/api/paintings/purchase', {
      token: member.accessToken,
      body: { total_part: 6, payment_method: 'card', painting_id: painting.id, owner: 'K. S.', currency: 'EURO' },
    });
    expect(reserved.statusCode).toBe(200);
    const data = reserved.json().data;
    // The buyer's card is charged while the server is down: the provider will deliver the event later.
    const event = (first.ctx.payments.card as SandboxCardPayments).confirm(data.payment_client_secret, SANDBOX_CARD_OK);
    if (!event) throw new Error('no event');

    // "Kill" the first server: its process state is gone, the database stays.
    await first.app.close();
    const second = await createTestAppOn(first.ctx.database, { serverSecret: first.ctx.config.serverSecret });
    try {
      const db = second.ctx.database.db;
      const [pending] = await db.select().from(purchases).where(eq(purchases.reference, data.reference_id));
      expect(pending?.status).toBe('pending');
      expect(await checkInvariants(db)).toEqual([]);

      // The new server's reservation job runs past the expiry.
      expect(await releaseExpired(db, new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(1);
      const [released] = await db.select().from(paintings).where(eq(paintings.id, painting.id));
      expect(released?.soldParts).toBe(0);

      // The provider retries its event: it is honoured once; the parts are still there, so the purchase settles.
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await sendCardEvent(second.app, event);
        expect(response.statusCode).toBe(200);
      }
      const wallet = await accountFor(db, 'member_wallet', 'EURO', memberId);
      expect(await balanceOf(db, wallet)).toBe(0);
      const [settled] = await db.select().from(purchases).where(eq(purchases.reference, data.reference_id));
      expect(settled?.status).toBe('paid');
      expect(await memberHolding(db, memberId, painting.id)).toEqual({ primary: 6, secondary: 0 });
      expect(await checkInvariants(db)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
