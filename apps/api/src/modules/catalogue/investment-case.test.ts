import { messages } from '@parcelle/shared';
import { MAX_PARTS_PER_PURCHASE } from '@parcelle/shared/contracts/purchases';
import { partsForAmount, primarySteps } from '@parcelle/shared/invest-amount';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog, paintings } from '../../db/schema';
import { seedCatalogue, stableId } from '../../db/seed-catalogue';

/** Issue 17: a work's investment case in the public detail, edited by operators; buying by amount agrees with it. */
let t: TestApp;
let catalogue: string;
let support: string;
const VERMILION = stableId('painting:vermilion-breath');
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  catalogue = (await createOperator(t, 'catalogue')).accessToken;
  support = (await createOperator(t, 'support')).accessToken;
});
afterAll(() => t.close());

const detailOf = async (id: string, currency = 'EURO') => {
  const response = await t.call('GET', `/api/paintings/detail?painting_id=${id}&currency=${currency}`);
  expect(response.statusCode).toBe(200);
  return response.json().data.paintings;
};

describe('the investment case of a work', () => {
  it('is in the public detail of every seeded work: fees, custody, insurer, holding period, appraisals', async () => {
    const detail = await detailOf(VERMILION);
    // €4.60 a part: 5 % of it is the entry fee included in the price; 60 × 80 cm; value €198,720.
    expect(detail).toMatchObject({
      entry_fee_minor: 23,
      storage_cost_yearly_minor: 99_600,
      insurance_cost_yearly_minor: 49_680,
      exit_fee_minor: null,
      exit_share_bps: 250,
      custody_place: {
        en: 'Bonded art store, Pantin (Greater Paris)',
        fr: 'Entrepôt d’art sous douane, Pantin (Grand Paris)',
      },
      insurer: expect.stringContaining('Fine Art Insurance'),
      target_holding_years: 5,
    });
    expect(detail.appraisals.length).toBeGreaterThanOrEqual(8);
    expect(detail.appraisals[0]).toEqual(detail.latest_valuation);
    const dates = detail.appraisals.map((a: { valued_on: string }) => a.valued_on);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const appraisal of detail.appraisals) {
      expect(Number.isInteger(appraisal.value_minor)).toBe(true);
      expect(appraisal.appraiser).not.toBe('');
      expect(appraisal.method.en).not.toBe('');
      expect(appraisal.method.fr).not.toBe('');
      expect(appraisal.method.fr).not.toBe(appraisal.method.en);
    }
  });

  it('lists a correction in place of the appraisal it corrects', async () => {
    const before = await detailOf(VERMILION);
    const [listed] = (await t.call('GET', `/api/admin/paintings/${VERMILION}/valuations`, { token: support }))
      .json()
      .data.valuations.filter((v: { valued_on: string }) => v.valued_on === before.appraisals[1].valued_on);
    const corrected = await t.call('POST', `/api/admin/valuations/${listed.id}/correct`, {
      token: catalogue,
      body: {
        valued_on: listed.valued_on,
        value_minor: listed.value_minor + 100,
        currency: 'EURO',
        appraiser: 'Cabinet Correction',
        method_en: 'Comparable sales, corrected',
        method_fr: 'Ventes comparables, corrigé',
      },
    });
    expect(corrected.statusCode).toBe(200);
    const after = await detailOf(VERMILION);
    expect(after.appraisals).toHaveLength(before.appraisals.length);
    expect(after.appraisals[1]).toMatchObject({
      appraiser: 'Cabinet Correction',
      value_minor: listed.value_minor + 100,
    });
    expect(after.appraisals[0]).toEqual(before.appraisals[0]);
  });

  it('is edited by a catalogue operator (audited, public at once) and refused to support', async () => {
    const body = {
      entry_fee_minor: 40,
      storage_cost_yearly_minor: 150_000,
      insurance_cost_yearly_minor: 60_000,
      exit_share_bps: 300,
      custody_place_en: 'Free-port art store, Geneva',
      custody_place_fr: 'Entrepôt d’art en port franc, Genève',
      insurer: 'Another Insurer',
      target_holding_years: 9,
    };
    const refused = await t.call('PATCH', `/api/admin/paintings/${VERMILION}`, { token: support, body });
    expect(refused.statusCode).toBe(403);
    const member = await createMember(t, { verified: true });
    expect(
      (await t.call('PATCH', `/api/admin/paintings/${VERMILION}`, { token: member.accessToken, body })).statusCode,
    ).toBe(403);
    expect((await detailOf(VERMILION)).entry_fee_minor).toBe(23);

    const edited = await t.call('PATCH', `/api/admin/paintings/${VERMILION}`, { token: catalogue, body });
    expect(edited.statusCode).toBe(200);
    expect(await detailOf(VERMILION)).toMatchObject({
      entry_fee_minor: 40,
      storage_cost_yearly_minor: 150_000,
      exit_share_bps: 300,
      custody_place: { en: body.custody_place_en, fr: body.custody_place_fr },
      insurer: 'Another Insurer',
      target_holding_years: 9,
    });
    const entries = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, VERMILION), eq(auditLog.action, 'painting.update')));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.before).toMatchObject({ entry_fee_minor: 23, target_holding_years: 5 });
    expect(entries[0]?.after).toMatchObject({ entry_fee_minor: 40, target_holding_years: 9 });
  });

  it('refuses an entry fee above the price of a part, in both languages, writing nothing', async () => {
    const above = await t.call('PATCH', `/api/admin/paintings/${VERMILION}`, {
      token: catalogue,
      body: { entry_fee_minor: 461, insurer: 'Not written' },
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().error).toEqual(messages.EntryFeeAbovePrice);
    const cheaper = await t.call('PATCH', `/api/admin/paintings/${VERMILION}`, {
      token: catalogue,
      body: { price_per_part_minor: 30 },
    });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().error).toEqual(messages.EntryFeeAbovePrice);
    const [row] = await t.ctx.database.db.select().from(paintings).where(eq(paintings.id, VERMILION));
    expect(row).toMatchObject({ pricePerPartMinor: 460, insurer: 'Another Insurer' });
  });
});

describe('buying by amount', () => {
  it('the server quotes the parts an amount buys at exactly what the shared rule says, never above the amount', async () => {
    const buyer = await createMember(t, { verified: true });
    for (const currency of ['EURO', 'USD'] as const) {
      const detail = await detailOf(VERMILION, currency);
      const price = Math.round(detail.price_per_part.value * 100);
      const available = detail.total_part - detail.sold_out_part;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: price, max: 2_000_000 }), async (amount) => {
          const quote = partsForAmount(amount, primarySteps(available, price), MAX_PARTS_PER_PURCHASE);
          const response = await t.call('POST', '/api/paintings/validate', {
            token: buyer.accessToken,
            body: {
              total_part: quote.parts,
              payment_method: 'card',
              painting_id: VERMILION,
              owner: 'Jeanne Dupont',
              currency,
            },
          });
          expect(response.statusCode).toBe(200);
          const total = Math.round(response.json().data.total.value * 100);
          expect(total).toBe(quote.spentMinor);
          expect(total).toBeLessThanOrEqual(amount);
          expect(amount - total).toBeLessThan(price);
        }),
        { numRuns: 12 },
      );
    }
  });
});
