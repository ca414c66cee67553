import { ZVerificationDeclaration } from '@parcelle/shared';
import { describe, expect, it } from 'vitest';
import { declaration } from '../../../test/verification';
import { RISK_RULE_VERSION, rateRisk } from './risk-rules';

/** Issue 29: the written risk rules, one scenario each. */
const rate = (overrides: Record<string, unknown> = {}) =>
  rateRisk(ZVerificationDeclaration.parse(declaration(overrides)));

describe('risk rating', () => {
  it('rates a French resident investing little as low, with the rules’ version', () => {
    expect(rate()).toEqual({ level: 'low', reasons: ['eea_and_small_amounts'], ruleVersion: RISK_RULE_VERSION });
  });

  it('rates a politically exposed person or a close associate as high', () => {
    expect(rate({ politically_exposed: true, pep_details: 'Senator' }).reasons).toEqual(['pep']);
    expect(rate({ pep_close_associate: true, pep_details: 'Spouse of a minister' })).toMatchObject({
      level: 'high',
      reasons: ['pep_close_associate'],
    });
  });

  it('rates any country of the member on the high-risk list as high, whichever field names it', () => {
    expect(rate({ birth_country: 'IR' }).reasons).toEqual(['high_risk_country:IR']);
    expect(rate({ address: { line1: '1 Main St', postal_code: '0000', city: 'Lagos', country: 'NG' } }).level).toBe(
      'high',
    );
  });

  it('rates by amount: standard from €15,000 a year, high from €100,000', () => {
    expect(rate({ expected_yearly_investment_minor: 1_499_999 }).level).toBe('low');
    expect(rate({ expected_yearly_investment_minor: 1_500_000 })).toMatchObject({
      level: 'standard',
      reasons: ['amount_standard'],
    });
    expect(rate({ expected_yearly_investment_minor: 10_000_000 }).reasons).toContain('amount_high');
  });

  it('rates an unexplained source of funds as high from €30,000 a year', () => {
    const other = { kind: 'other', details: 'Various' };
    expect(rate({ expected_yearly_investment_minor: 2_999_999, source_of_funds: other }).level).toBe('standard');
    expect(rate({ expected_yearly_investment_minor: 3_000_000, source_of_funds: other }).reasons).toEqual([
      'source_of_funds_unexplained',
    ]);
    const salary = { kind: 'salary', details: 'Engineer' };
    expect(rate({ expected_yearly_investment_minor: 3_000_000, source_of_funds: salary }).level).toBe('standard');
  });

  it('rates a country outside the EEA (not on the lists) as standard', () => {
    expect(rate({ nationality: 'US' })).toMatchObject({ level: 'standard', reasons: ['country_outside_eea:US'] });
    expect(rate({ nationality: 'CH' }).level).toBe('low');
  });
});
