import type { RiskLevel, RiskReason, TVerificationDeclaration } from '@parcelle/shared';

/**
 * The written rules of the risk rating (issue 29; Code monétaire et financier L.561-4-1 and L.561-10), in one place so
 * that a compliance officer can read, review and change them. Every rating is stored with RISK_RULE_VERSION: change
 * the version whenever a list or a threshold below changes, so that each case says which rules rated it.
 *
 * - high: a politically exposed person or a family member or close associate of one (L.561-10, 2°); any country of the
 *   member (nationality, residence, tax residence, birth) on the high-risk list; an expected yearly investment from
 *   HIGH_AMOUNT_MINOR; a source of funds that needs explaining (`other`) from SOURCE_OF_FUNDS_SCRUTINY_MINOR.
 * - low: every country of the member in the EU/EEA (or on LOW_RISK_COUNTRIES), an expected yearly investment under
 *   LOW_AMOUNT_MINOR, and nothing of the above.
 * - standard: everything else.
 *
 * High risk needs enhanced due diligence evidence and the approval of two different compliance operators.
 */
export const RISK_RULE_VERSION = '2026-11-28.1';

/**
 * Jurisdictions with strategic AML/CFT deficiencies: the FATF's "call for action" list and its "increased monitoring"
 * list, with the EU's list of high-risk third countries (Delegated Regulation (EU) 2016/1675 as amended), as the
 * compliance officer read them on the version's date. Review at each FATF plenary (February, June, October).
 */
export const HIGH_RISK_COUNTRIES: ReadonlySet<string> = new Set([
  // FATF call for action
  'KP',
  'IR',
  'MM',
  // FATF increased monitoring and the EU list
  'AF',
  'BF',
  'BO',
  'CD',
  'CM',
  'DZ',
  'HT',
  'KE',
  'LA',
  'LB',
  'ML',
  'MZ',
  'NA',
  'NG',
  'NP',
  'SS',
  'SY',
  'TZ',
  'VE',
  'VN',
  'VG',
  'YE',
  'MC',
  'CI',
  'AO',
  'ZA',
]);

/** The European Economic Area: the EU's 27 with Iceland, Liechtenstein and Norway (one AML rulebook). */
export const EEA_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
]);

/** Outside the EU/EEA, countries whose AML regimes the officer treats as equivalent (none more for now). */
export const LOW_RISK_COUNTRIES: ReadonlySet<string> = new Set(['CH', 'GB']);

/** Expected yearly investment (EUR cents) from which a case is high risk. */
export const HIGH_AMOUNT_MINOR = 10_000_000;
/** Below this expected yearly investment (EUR cents), a case may be low risk. */
export const LOW_AMOUNT_MINOR = 1_500_000;
/** From this expected yearly investment, a source of funds of kind `other` is high risk. */
export const SOURCE_OF_FUNDS_SCRUTINY_MINOR = 3_000_000;

export type RiskAssessment = { level: RiskLevel; reasons: RiskReason[]; ruleVersion: string };

export function rateRisk(declaration: TVerificationDeclaration): RiskAssessment {
  const countries = [
    ...new Set([
      declaration.nationality,
      declaration.address.country,
      declaration.tax_residence,
      declaration.birth_country,
    ]),
  ];
  const high: RiskReason[] = [];
  if (declaration.politically_exposed) high.push('pep');
  if (declaration.pep_close_associate) high.push('pep_close_associate');
  for (const country of countries) if (HIGH_RISK_COUNTRIES.has(country)) high.push(`high_risk_country:${country}`);
  if (declaration.expected_yearly_investment_minor >= HIGH_AMOUNT_MINOR) high.push('amount_high');
  if (
    declaration.source_of_funds?.kind === 'other' &&
    declaration.expected_yearly_investment_minor >= SOURCE_OF_FUNDS_SCRUTINY_MINOR
  ) {
    high.push('source_of_funds_unexplained');
  }
  if (high.length > 0) return { level: 'high', reasons: high, ruleVersion: RISK_RULE_VERSION };
  const standard: RiskReason[] = [];
  for (const country of countries) {
    if (!EEA_COUNTRIES.has(country) && !LOW_RISK_COUNTRIES.has(country))
      standard.push(`country_outside_eea:${country}`);
  }
  if (declaration.expected_yearly_investment_minor >= LOW_AMOUNT_MINOR) standard.push('amount_standard');
  if (standard.length > 0) return { level: 'standard', reasons: standard, ruleVersion: RISK_RULE_VERSION };
  return { level: 'low', reasons: ['eea_and_small_amounts'], ruleVersion: RISK_RULE_VERSION };
}
