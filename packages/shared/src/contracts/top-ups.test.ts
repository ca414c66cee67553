import { describe, expect, it } from 'vitest';
import { topUpAmountProblem, topUpFormSchema } from './deposits';

/** Issue 31: the one rule of a top-up's amount, shared by the API and the finance page's form. */
const limits = { min_minor: 1_000, max_minor: 500_000, available_minor: 20_000 };

describe('topUpAmountProblem', () => {
  it('names what is wrong, bounds included, and nothing when the amount may be paid', () => {
    expect(topUpAmountProblem(999, limits)).toBe('TopUpBelowMinimum');
    expect(topUpAmountProblem(1_000, limits)).toBeNull();
    expect(topUpAmountProblem(20_000, limits)).toBeNull();
    expect(topUpAmountProblem(20_001, limits)).toBe('TopUpDailyLimit');
    expect(topUpAmountProblem(500_001, { ...limits, available_minor: 1_000_000 })).toBe('TopUpAboveMaximum');
    expect(topUpAmountProblem(12.5, limits)).toBe('TopUpAmountInvalid');
    expect(topUpAmountProblem(0, limits)).toBe('TopUpAmountInvalid');
  });
});

describe('topUpFormSchema', () => {
  const schema = topUpFormSchema(limits);
  it('turns the typed amount into minor units, with a comma or a point', () => {
    expect(schema.parse({ method: 'card', amount: '49,90' })).toEqual({ method: 'card', amount: 4_990 });
    expect(schema.parse({ method: 'paypal', amount: '10' })).toEqual({ method: 'paypal', amount: 1_000 });
  });
  it('refuses with the catalogue key the API would answer', () => {
    const issue = (amount: string) => schema.safeParse({ method: 'card', amount }).error?.issues[0]?.message;
    expect(issue('9.99')).toBe('TopUpBelowMinimum');
    expect(issue('200.01')).toBe('TopUpDailyLimit');
    expect(issue('1,234.50')).toBe('TopUpAmountInvalid');
    expect(issue('')).toBe('TopUpAmountInvalid');
  });
  it('asks no amount for a bank transfer', () => {
    expect(schema.parse({ method: 'bank_transfer' })).toEqual({ method: 'bank_transfer' });
  });
});
