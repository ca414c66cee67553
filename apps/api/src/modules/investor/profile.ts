import {
  type InvestorCategory,
  type InvestorStep,
  investmentWarningThresholdMinor,
  validUntil,
} from '@parcelle/shared';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { InvestorConfig } from '../../config';
import type { Executor } from '../../db/client';
import { Rates } from '../catalogue/rates';
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
  const [approved] = rules.protections.category
    ? await db
        .select({ id: sophisticationRequests.id })
        .from(sophisticationRequests)
        .where(
          and(
            eq(sophisticationRequests.userId, memberId),
            eq(sophisticationRequests.state, 'approved'),
            gt(sophisticationRequests.validUntil, now),
          ),
        )
        .limit(1)
    : [];
  const [latestRequest] = await db
    .select()
    .from(sophisticationRequests)
    .where(eq(sophisticationRequests.userId, memberId))
    .orderBy(desc(sophisticationRequests.createdAt))
    .limit(1);
  const [test] = await db
    .select()
    .from(investorKnowledgeTests)
    .where(eq(investorKnowledgeTests.userId, memberId))
    .orderBy(desc(investorKnowledgeTests.createdAt))
    .limit(1);
  const [simulation] = await db
    .select()
    .from(investorLossSimulations)
    .where(eq(investorLossSimulations.userId, memberId))
    .orderBy(desc(investorLossSimulations.createdAt))
    .limit(1);
  let warningAcknowledged = false;
  if (test && !test.passed) {
    const [consent] = await db
      .select({ id: investorConsents.id })
      .from(investorConsents)
      .where(
        and(
          eq(investorConsents.userId, memberId),
          eq(investorConsents.kind, RISK_WARNING_KIND),
          eq(investorConsents.reference, test.id),
        ),
      )
      .limit(1);
    warningAcknowledged = consent !== undefined;
  }
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
