import {
  type Currency,
  type InvestorCategory,
  type InvestorStep,
  investmentWarningThresholdMinor,
  validUntil,
} from '@parcelle/shared';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { InvestorConfig } from '../../config';
import { type Executor, queryRows } from '../../db/client';
import { Rates } from '../fx/rates';
import { investorConsents, investorKnowledgeTests, investorLossSimulations, sophisticationRequests } from './schema';

export const RISK_WARNING_KIND = 'knowledge_test_risk_warning';
export const INVESTMENT_WARNING_KIND = 'investment_warning';

export type KnowledgeTestRow = typeof investorKnowledgeTests.$inferSelect;
export type LossSimulationRow = typeof investorLossSimulations.$inferSelect;
export type SophisticationRow = typeof sophisticationRequests.$inferSelect;

/**
 * Where a member stands (issue 30), computed at read time from the latest records: the category from an approval's
 * `valid_until` (an expired approval is non-sophisticated at once, whether or not the daily job has recorded it), the
 * test and simulation from their date and the configured validity. Nothing here writes.
 */
export type InvestorState = {
  memberId: string;
  category: InvestorCategory;
  latestRequest: SophisticationRow | null;
  test: (KnowledgeTestRow & { validUntil: Date; expired: boolean; warningAcknowledged: boolean }) | null;
  simulation: (LossSimulationRow & { validUntil: Date; expired: boolean }) | null;
  missing: InvestorStep[];
  /** Whether the per-investment warning applies to this member at all (on, and non-sophisticated). */
  warns: boolean;
};

export async function investorState(
  db: Executor,
  rules: InvestorConfig,
  memberId: string,
  now: Date = new Date(),
): Promise<InvestorState> {
  // One round trip (the gate sits on every purchase, decision 254's budget).
  const rows = await queryRows<{ state: InvestorStateRow | null }>(
    db,
    sql`SELECT ${investorStateColumn(memberId, now.toISOString())} AS state`,
  );
  return investorStateOf(rows[0]?.state ?? null, rules, memberId, now);
}

/** What `investorStateColumn` answers (one JSON value). */
export type InvestorStateRow = {
  approved: boolean;
  request: Record<string, unknown> | null;
  test: Record<string, unknown> | null;
  simulation: Record<string, unknown> | null;
  acknowledged: boolean;
};

/**
 * The records a member's investor state is computed from, as one JSON column of a statement (`investorState`, or a
 * purchase's one read of its gates, decision 487): the live approval, the latest request, test and simulation, and
 * whether the latest test's risk warning was acknowledged. `memberId` and `now` (an ISO timestamp) are values or a
 * prepared statement's placeholders.
 */
export function investorStateColumn(memberId: string | Placeholder | SQL, now: string | Placeholder): SQL {
  const latest = <T>(table: T, alias: string) =>
    sql`(SELECT row_to_json(${sql.raw(alias)}) FROM (SELECT * FROM ${table} WHERE user_id = ${memberId} ORDER BY created_at DESC, id DESC LIMIT 1) ${sql.raw(alias)})`;
  return sql`json_build_object(
      'approved', EXISTS (SELECT 1 FROM ${sophisticationRequests} WHERE user_id = ${memberId} AND state = 'approved'
        AND valid_until > ${now}::timestamptz),
      'request', ${latest(sophisticationRequests, 'r')},
      'test', ${latest(investorKnowledgeTests, 'k')},
      'simulation', ${latest(investorLossSimulations, 's')},
      'acknowledged', EXISTS (SELECT 1 FROM ${investorConsents} c WHERE c.user_id = ${memberId}
        AND c.kind = ${RISK_WARNING_KIND}
        AND c.reference = (SELECT id::text FROM ${investorKnowledgeTests} WHERE user_id = ${memberId}
          ORDER BY created_at DESC, id DESC LIMIT 1)))`;
}

/** The investor state of what `investorStateColumn` read (null: a statement that found no member). */
export function investorStateOf(
  row: InvestorStateRow | null,
  rules: InvestorConfig,
  memberId: string,
  now: Date,
): InvestorState {
  const approved = rules.protections.category && row?.approved === true;
  const latestRequest = row?.request ? requestRow(row.request) : undefined;
  const test = row?.test ? testRow(row.test) : undefined;
  const simulation = row?.simulation ? simulationRow(row.simulation) : undefined;
  const warningAcknowledged = test !== undefined && !test.passed && row?.acknowledged === true;
  const category: InvestorCategory = approved ? 'sophisticated' : 'non_sophisticated';
  const dated = <T extends { createdAt: Date }>(row: T) => {
    const until = validUntil(row.createdAt, rules.validityMonths);
    return { ...row, validUntil: until, expired: until <= now };
  };
  const testState = test ? { ...dated(test), warningAcknowledged } : null;
  const simulationState = simulation ? dated(simulation) : null;
  const missing: InvestorStep[] = [];
  // The crowdfunding regulation's assessments concern non-sophisticated investors only (art. 21).
  if (category === 'non_sophisticated') {
    if (rules.protections.knowledge_test) {
      if (!testState || testState.expired) missing.push('investor_knowledge_test');
      else if (!testState.passed && !testState.warningAcknowledged) missing.push('investor_risk_warning');
    }
    if (rules.protections.loss_simulation && (!simulationState || simulationState.expired)) {
      missing.push('investor_loss_simulation');
    }
  }
  return {
    memberId,
    category,
    latestRequest: latestRequest ?? null,
    test: testState,
    simulation: simulationState,
    missing,
    warns: rules.protections.investment_warning && category === 'non_sophisticated',
  };
}

/**
 * The per-investment warning's threshold in EUR minor units (decision 306): max(floor, bps of the net worth declared
 * in the latest simulation, converted to euros at the day's rate); the floor alone without a simulation. Null when the
 * warning does not apply to the member.
 */
export function thresholdEurMinor(state: InvestorState, rules: InvestorConfig, rates: Rates | null): number | null {
  if (!state.warns) return null;
  const simulation = state.simulation;
  let netWorthEur = 0;
  if (simulation && simulation.netWorthMinor > 0) {
    if (simulation.currency === 'EURO') netWorthEur = simulation.netWorthMinor;
    // Without any EUR→USD rate a dollar net worth cannot be weighed: the floor alone applies (the stricter answer).
    else if (rates?.known) netWorthEur = rates.toEuro(simulation.netWorthMinor, simulation.currency);
  }
  return investmentWarningThresholdMinor(netWorthEur, {
    floorMinor: rules.warningFloorMinor,
    netWorthBps: rules.warningNetWorthBps,
  });
}

function requireRates(rates: Rates | null): Rates {
  if (!rates) throw new Error('rates are needed to convert a dollar amount');
  return rates;
}

/** Loads the day's rates only when a dollar amount is involved (EUR needs none). */
export async function ratesFor(db: Executor, state: InvestorState, currency: string | undefined) {
  return currency === 'USD' || state.simulation?.currency === 'USD' ? Rates.load(db) : null;
}

/** An amount in EUR minor units (a dollar amount at the day's rate). */
export function amountInEur(amountMinor: number, currency: 'USD' | 'EURO', rates: Rates | null): number {
  return currency === 'EURO' ? amountMinor : requireRates(rates).toEuro(amountMinor, currency);
}

// row_to_json answers snake_case keys, timestamps as text and bigints as numbers: back to the tables' row types.
const date = (value: unknown) => (value == null ? null : new Date(String(value)));
const num = (value: unknown) => Number(value);

function requestRow(json: Record<string, unknown>): SophisticationRow {
  return {
    id: String(json.id),
    userId: String(json.user_id),
    criteria: json.criteria as string[],
    statement: String(json.statement),
    state: json.state as SophisticationRow['state'],
    decidedBy: (json.decided_by as string | null) ?? null,
    decidedAt: date(json.decided_at),
    validUntil: date(json.valid_until),
    reason: (json.reason as string | null) ?? null,
    createdAt: new Date(String(json.created_at)),
  };
}

function testRow(json: Record<string, unknown>): KnowledgeTestRow {
  return {
    id: String(json.id),
    userId: String(json.user_id),
    version: String(json.version),
    language: json.language as KnowledgeTestRow['language'],
    answers: json.answers as Record<string, string>,
    score: num(json.score),
    maxScore: num(json.max_score),
    passed: json.passed === true,
    createdAt: new Date(String(json.created_at)),
  };
}

function simulationRow(json: Record<string, unknown>): LossSimulationRow {
  return {
    id: String(json.id),
    userId: String(json.user_id),
    currency: json.currency as LossSimulationRow['currency'],
    annualIncomeMinor: num(json.annual_income_minor),
    liquidAssetsMinor: num(json.liquid_assets_minor),
    annualCommitmentsMinor: num(json.annual_commitments_minor),
    netWorthMinor: num(json.net_worth_minor),
    lossCapacityMinor: num(json.loss_capacity_minor),
    createdAt: new Date(String(json.created_at)),
  };
}

/**
 * Whether an investment needs the per-investment warning (decision 306): strictly above the member's threshold. The
 * usual answers need no exchange rate — a euro amount at or under the floor, or an amount at or under the share of a
 * net worth declared in the same currency — so the purchase path reads the rates only when a dollar amount is weighed.
 */
export async function investmentWarningApplies(
  db: Executor,
  state: InvestorState,
  rules: InvestorConfig,
  amountMinor: number,
  currency: Currency,
): Promise<boolean> {
  if (!state.warns) return false;
  if (currency === 'EURO' && amountMinor <= rules.warningFloorMinor) return false;
  const simulation = state.simulation;
  if (
    simulation &&
    simulation.currency === currency &&
    simulation.netWorthMinor > 0 &&
    amountMinor <= Math.floor((simulation.netWorthMinor * rules.warningNetWorthBps) / 10_000)
  ) {
    return false;
  }
  const rates = await ratesFor(db, state, currency);
  const threshold = thresholdEurMinor(state, rules, rates);
  return threshold !== null && amountInEur(amountMinor, currency, rates) > threshold;
}
