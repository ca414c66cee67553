import { describe, expect, it } from 'vitest';
import { FIELD_OF, issueText, ZDividendForm } from './dividend-form';

const base = {
  painting_id: '3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
  year: '2025',
  currency: 'EURO' as const,
  mode: 'total' as const,
  amount: '1234.56',
  record_date: '',
};

describe('the dividend form, parsed into POST /api/admin/dividends', () => {
  it('sends a total in exact minor units, or an amount per part, never both', () => {
    expect(ZDividendForm.parse(base)).toEqual({
      painting_id: base.painting_id,
      year: 2025,
      currency: 'EURO',
      total_amount_minor: 123456,
    });
    expect(ZDividendForm.parse({ ...base, mode: 'perPart', amount: '0,07' })).toEqual({
      painting_id: base.painting_id,
      year: 2025,
      currency: 'EURO',
      amount_per_part_minor: 7,
    });
  });

  it('turns the record date into an instant', () => {
    const parsed = ZDividendForm.parse({ ...base, record_date: '2025-12-31T23:00' });
    expect(parsed.record_date).toBe(new Date('2025-12-31T23:00').toISOString());
  });

  it('refuses an amount that is not a decimal with at most two places, or not above zero, on the amount field', () => {
    for (const amount of ['', '12.345', '1,234.5', 'abc', '0']) {
      const result = ZDividendForm.safeParse({ ...base, amount });
      expect(result.success, amount).toBe(false);
      const issue = result.error?.issues[0];
      expect(FIELD_OF[String(issue?.path[0])], amount).toBe('amount');
      expect(issueText(issue?.message, 'fr')).not.toBe('');
    }
  });

  it('checks the painting and the year with the shared contract, in its messages', () => {
    const result = ZDividendForm.safeParse({ ...base, painting_id: 'not-a-uuid', year: '1999' });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => FIELD_OF[String(issue.path[0])]);
    expect(fields).toEqual(expect.arrayContaining(['painting_id', 'year']));
    const painting = result.error?.issues.find((issue) => issue.path[0] === 'painting_id');
    expect(issueText(painting?.message, 'en')).toMatch(/painting/i);
  });
});
