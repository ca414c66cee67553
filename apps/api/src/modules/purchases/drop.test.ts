import { fillMessage, messages } from '@parcelle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgeKeyInformation, createMember, createPaintingForSale } from '../../../test/factories';
import { sideConnection } from '../../../test/pg-side';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { CardEvent } from '../../adapters/payments/payments';
import { SANDBOX_CARD_OK, type SandboxCardPayments } from '../../adapters/payments/sandbox-card';
import { seedCatalogue } from '../../db/seed-catalogue';
import type { CatalogueChange } from '../catalogue/changes';
import { checkInvariants } from '../ledger/invariants';
import { handleCardEvent } from './payment-events';
import { finishPayment } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t.close());

const order = (paintingId: string, parts: number) => ({
  total_part: parts,
  payment_method: 'card',
  painting_id: paintingId,
  owner: 'J. D.',
});

describe('a hot drop', () => {
  it('announces each reservation and settlement of a work after its commit (catalogue changes)', async () => {
    const buyer = await createMember(t, { verified: true });
    const painting = await createPaintingForSale(t);
    const seen: CatalogueChange[] = [];
    const stop = t.ctx.catalogueChanges.onChange((change) => seen.push(change));
    try {
      const reserved = await t.call('POST', '/api/paintings/purchase', {
        token: buyer.accessToken,
        body: order(painting.id, 2),
      });
      expect(reserved.statusCode).toBe(200);
      expect(seen).toEqual([{ kind: 'sale', paintingId: painting.id }]);
      const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
        token: buyer.accessToken,
        body: { client_secret: reserved.json().data.payment_client_secret, card_number: '4242424242424242' },
      });
      expect(paid.statusCode).toBe(200);
      expect(seen).toEqual([
        { kind: 'sale', paintingId: painting.id },
        { kind: 'sale', paintingId: painting.id },
      ]);
    } finally {
      stop();
    }
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });

  it('announces a batch of settlements once, not once per payment', async () => {
    // Guard: payment-events.ts announces once per work of a settlement batch. Announced per payment again (in
    // finishPayment, for each outcome), three payments of one work tell it three times (checked: 3).
    const painting = await createPaintingForSale(t);
    const card = t.ctx.payments.card as SandboxCardPayments;
    const events: CardEvent[] = [];
    for (let i = 0; i < 3; i++) {
      const buyer = await createMember(t, { verified: true });
      await acknowledgeKeyInformation(t, buyer, painting.id);
      const reserved = await t.call('POST', '/api/paintings/purchase', {
        token: buyer.accessToken,
        body: order(painting.id, 1),
      });
      expect(reserved.statusCode).toBe(200);
      const confirmed = card.confirm(reserved.json().data.payment_client_secret, SANDBOX_CARD_OK);
      const event = confirmed && card.parseWebhook(Buffer.from(confirmed.body), confirmed.signature);
      if (!event) throw new Error('the sandbox did not confirm');
      events.push(event);
    }
    const seen: CatalogueChange[] = [];
    const stop = t.ctx.catalogueChanges.onChange((change) => seen.push(change));
    try {
      // Arriving together: the first settles alone, the two that came while it ran settle as the next batch.
      const outcomes = await Promise.all(
        events.map(async (event) => {
          const outcome = await handleCardEvent(t.ctx, event);
          await finishPayment(t.ctx, outcome);
          return outcome.kind;
        }),
      );
      expect(outcomes).toEqual(['settled', 'settled', 'settled']);
      expect(seen).toEqual([
        { kind: 'sale', paintingId: painting.id },
        { kind: 'sale', paintingId: painting.id },
      ]);
    } finally {
      stop();
    }
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });

  it('tells the member at once what is left: fewer parts than asked, or sold out', async () => {
    const buyer = await createMember(t, { verified: true });
    const painting = await createPaintingForSale(t, { widthCm: 1, heightCm: 1 });
    const tooMany = await t.call('POST', '/api/paintings/purchase', {
      token: buyer.accessToken,
      body: order(painting.id, 10),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toEqual(fillMessage('NotEnoughPartsLeft', { available: { en: '9', fr: '9' } }));
    const all = await t.call('POST', '/api/paintings/purchase', {
      token: buyer.accessToken,
      body: order(painting.id, 9),
    });
    expect(all.statusCode).toBe(200);
    const other = await createMember(t, { verified: true });
    const soldOut = await t.call('POST', '/api/paintings/purchase', {
      token: other.accessToken,
      body: order(painting.id, 1),
    });
    expect(soldOut.statusCode).toBe(400);
    expect(soldOut.json().error).toEqual(messages.PartsSoldOut);
  });

  it('a request never waits long for the painting row: lock_timeout, one retry, then 503 DropBusy in both languages', async () => {
    const buyer = await createMember(t, { verified: true });
    const painting = await createPaintingForSale(t);
    // Read and acknowledged before the row is held (the acknowledgement's key check would wait on FOR UPDATE).
    await acknowledgeKeyInformation(t, buyer, painting.id);
    const side = await sideConnection(t);
    try {
      await side.client.query('BEGIN');
      await side.client.query('SELECT id FROM paintings WHERE id = $1 FOR UPDATE', [painting.id]);
      const started = Date.now();
      const answer = await t.call('POST', '/api/paintings/purchase', {
        acknowledgeKeyInformation: false,
        token: buyer.accessToken,
        body: order(painting.id, 1),
      });
      const waited = Date.now() - started;
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.json().error).toEqual(messages.DropBusy);
      // Two attempts of 1.5 s each, and not much more.
      expect(waited).toBeGreaterThanOrEqual(3000);
      expect(waited).toBeLessThan(8000);
    } finally {
      await side.client.query('ROLLBACK');
      await side.close();
    }
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });
});
