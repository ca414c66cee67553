import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZKnowledgeTestRequest, ZLossSimulationRequest, ZSophisticationRequest } from './contracts/investor';
import {
  INVESTMENT_WARNING_RULE,
  INVESTOR_WARNINGS,
  investmentWarningThresholdMinor,
  KNOWLEDGE_QUESTIONS,
  lossCapacityMinor,
  needsInvestmentWarning,
  netWorthMinor,
  validUntil,
} from './investor';

const rule = INVESTMENT_WARNING_RULE;

describe('the per-investment warning threshold: max(€1,000, 5 % of net worth)', () => {
  it('is €1,000 for a net worth up to €20,000, then 5 %', () => {
    expect(investmentWarningThresholdMinor(0, rule)).toBe(100_000);
    expect(investmentWarningThresholdMinor(-5_000_000, rule)).toBe(100_000);
    expect(investmentWarningThresholdMinor(2_000_000, rule)).toBe(100_000);
    expect(investmentWarningThresholdMinor(2_000_020, rule)).toBe(100_001);
    expect(investmentWarningThresholdMinor(10_000_000, rule)).toBe(500_000);
  });

  it('warns strictly above the threshold, never at it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000_000 }), (netWorth) => {
        const threshold = investmentWarningThresholdMinor(netWorth, rule);
        expect(threshold).toBeGreaterThanOrEqual(rule.floorMinor);
        expect(needsInvestmentWarning(threshold, netWorth, rule)).toBe(false);
        expect(needsInvestmentWarning(threshold + 1, netWorth, rule)).toBe(true);
        expect(needsInvestmentWarning(threshold - 1, netWorth, rule)).toBe(false);
      }),
    );
  });

  it('never falls as the net worth grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (a, d) => {
        expect(investmentWarningThresholdMinor(a + d, rule)).toBeGreaterThanOrEqual(
          investmentWarningThresholdMinor(a, rule),
        );
      }),
    );
  });
});

describe('the loss simulation', () => {
  it('net worth = income + liquid assets − commitments; the capacity to bear loss is 10 %, never negative', () => {
    expect(netWorthMinor({ incomeMinor: 4_000_000, liquidAssetsMinor: 7_000_000, commitmentsMinor: 1_000_000 })).toBe(
      10_000_000,
    );
    expect(lossCapacityMinor(10_000_000)).toBe(1_000_000);
    expect(lossCapacityMinor(19)).toBe(1);
    expect(lossCapacityMinor(-100)).toBe(0);
  });

  it('takes integer minor units only', () => {
    const base = { annual_income_minor: 1, liquid_assets_minor: 0, annual_commitments_minor: 0 };
    expect(ZLossSimulationRequest.safeParse(base).success).toBe(true);
    expect(ZLossSimulationRequest.safeParse({ ...base, annual_income_minor: 1.5 }).success).toBe(false);
    expect(ZLossSimulationRequest.safeParse({ ...base, liquid_assets_minor: -1 }).success).toBe(false);
  });
});

describe('the questionnaire and warnings', () => {
  it('every question, option and warning exists in both languages', () => {
    for (const question of KNOWLEDGE_QUESTIONS) {
      expect(question.text.en && question.text.fr && question.help.en && question.help.fr).toBeTruthy();
      for (const option of question.options) expect(option.text.en && option.text.fr).toBeTruthy();
    }
    for (const warning of Object.values(INVESTOR_WARNINGS))
      expect(warning.en && warning.fr && warning.version).toBeTruthy();
  });

  it('asks every question: an unanswered or unknown option is refused', () => {
    const answers = Object.fromEntries(KNOWLEDGE_QUESTIONS.map((q) => [q.id, q.options[0]?.id ?? '']));
    expect(ZKnowledgeTestRequest.safeParse({ version: 'v', answers }).success).toBe(true);
    const { experience: _gone, ...missing } = answers;
    expect(ZKnowledgeTestRequest.safeParse({ version: 'v', answers: missing }).success).toBe(false);
    expect(ZKnowledgeTestRequest.safeParse({ version: 'v', answers: { ...answers, total_loss: 'x' } }).success).toBe(
      false,
    );
  });

  it('a sophistication request needs two distinct criteria and the declaration', () => {
    const ok = { criteria: ['income_or_portfolio', 'market_transactions'], statement: 'x'.repeat(20), accepted: true };
    expect(ZSophisticationRequest.safeParse(ok).success).toBe(true);
    expect(
      ZSophisticationRequest.safeParse({ ...ok, criteria: ['income_or_portfolio', 'income_or_portfolio'] }).success,
    ).toBe(false);
    expect(ZSophisticationRequest.safeParse({ ...ok, accepted: false }).success).toBe(false);
  });
});

it('validity runs in calendar months', () => {
  expect(validUntil(new Date('2026-01-31T10:00:00Z'), 24).toISOString()).toBe('2028-01-31T10:00:00.000Z');
});
