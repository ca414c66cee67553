import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { Rates } from '../fx/rates';
import type { PartsMovements } from './parts-movements';
import { yearlyCsv, yearlyPdf, yearlyReport } from './yearly-statement';

/** Issue 17: the fees of the year in the yearly statement (an exit's fee share, kept from its payout). */
const work = { paintingId: 'w-1', titleEn: 'Harbour', titleFr: 'Port' };
const movements: PartsMovements = {
  acquisitions: [
    {
      ...work,
      source: 'purchase',
      reference: 'PUR-1',
      at: new Date('2025-03-01T10:00:00Z'),
      quantity: 10,
      costMinor: 1_000,
      currency: 'EURO',
    },
  ],
  disposals: [
    {
      ...work,
      source: 'secondary-sale',
      reference: 'SALE-1',
      at: new Date('2026-02-01T10:00:00Z'),
      quantity: 4,
      proceedsMinor: 480,
      feeMinor: 0,
      currency: 'EURO',
    },
    {
      ...work,
      source: 'exit-payout',
      reference: 'EXIT-1',
      at: new Date('2026-06-01T10:00:00Z'),
      quantity: 6,
      proceedsMinor: 1_170,
      feeMinor: 30,
      currency: 'EURO',
    },
  ],
  dividends: [],
};
const rates = new Rates([{ day: '2025-01-01', rate: '1.1' }]);

describe('the fees of the yearly statement', () => {
  it('lists each exit fee share of the year, none for a sale between members, and totals them', () => {
    const report = yearlyReport(movements, 2026, 'EURO', rates);
    expect(report.fees.map((fee) => [fee.reference, fee.quantity, fee.amountMinor])).toEqual([['EXIT-1', 6, 30]]);
    expect(report.totals.feesMinor).toBe(30);
    // The sale lines stay net of the fee: the payout is what the member received.
    expect(report.sales.map((sale) => [sale.reference, sale.amountMinor, sale.costMinor])).toEqual([
      ['SALE-1', 480, 400],
      ['EXIT-1', 1_170, 600],
    ]);
    expect(yearlyReport(movements, 2025, 'EURO', rates).fees).toEqual([]);
  });

  it('converts a fee at the rate of its day into the currency shown', () => {
    expect(yearlyReport(movements, 2026, 'USD', rates).totals.feesMinor).toBe(33);
  });

  it('writes the fees in the CSV and the PDF, in English and in French', async () => {
    const report = yearlyReport(movements, 2026, 'EURO', rates);
    const rows = (lang: 'en' | 'fr') =>
      yearlyCsv(report, lang)
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n')
        .map((line) => line.split(';'));
    expect(rows('en').filter((row) => row[0]?.includes('Fees'))).toEqual([
      ['Fees', 'EXIT-1', '2026-06-01T10:00:00.000Z', 'Harbour', '6', '0.30', '', '', 'EUR'],
      ['Total — Fees', '', '', '', '', '0.30', '', '', 'EUR'],
    ]);
    expect(
      rows('fr')
        .find((row) => row[0] === 'Frais')
        ?.slice(1, 6),
    ).toEqual(['EXIT-1', '2026-06-01T10:00:00.000Z', 'Port', '6', '0.30']);
    for (const lang of ['en', 'fr'] as const) {
      const pdf = await yearlyPdf({ report, lang, memberName: 'Rosa Bonheur', generatedAt: new Date('2026-12-31') });
      expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    }
  });
});
