import {
  type Currency,
  INVESTOR_WARNINGS,
  KNOWLEDGE_TEST_VERSION,
  type TInvestmentWarningCheck,
  type TInvestorProfile,
  type TSophisticationDocument,
} from '@parcelle/shared';
import type { InvestorConfig } from '../../config';
import type { Executor } from '../../db/client';
import { Rates } from '../fx/rates';
import { requestView } from './category';
import { documentsOfRequests } from './evidence';
import { type InvestorState, investmentWarningApplies, investorState, ratesFor, thresholdEurMinor } from './profile';

/** GET /user/investor: the member's category, test, simulation, what is missing, and the warnings' current texts. */
export async function investorProfile(
  db: Executor,
  rules: InvestorConfig,
  memberId: string,
): Promise<TInvestorProfile> {
  const state = await investorState(db, rules, memberId);
  const request = state.latestRequest;
  const documents = request ? (await documentsOfRequests(db, [request.id])).get(request.id) : undefined;
  return profileView(state, rules, await ratesFor(db, state, undefined), documents);
}

export function profileView(
  state: InvestorState,
  rules: InvestorConfig,
  rates: Rates | null,
  documents: TSophisticationDocument[] = [],
): TInvestorProfile {
  const { test, simulation } = state;
  return {
    protections: { ...rules.protections },
    category: state.category,
    sophistication: state.latestRequest ? requestView(state.latestRequest, documents) : null,
    knowledge_test: test
      ? {
          version: test.version,
          passed: test.passed,
          score: test.score,
          max_score: test.maxScore,
          taken_at: test.createdAt.toISOString(),
          valid_until: test.validUntil.toISOString(),
          expired: test.expired,
          warning_acknowledged: test.warningAcknowledged,
        }
      : null,
    loss_simulation: simulation
      ? {
          currency: simulation.currency,
          annual_income_minor: simulation.annualIncomeMinor,
          liquid_assets_minor: simulation.liquidAssetsMinor,
          annual_commitments_minor: simulation.annualCommitmentsMinor,
          net_worth_minor: simulation.netWorthMinor,
          loss_capacity_minor: simulation.lossCapacityMinor,
          created_at: simulation.createdAt.toISOString(),
          valid_until: simulation.validUntil.toISOString(),
          expired: simulation.expired,
        }
      : null,
    missing: state.missing,
    ready: state.missing.length === 0,
    investment_warning_threshold_minor: thresholdEurMinor(state, rules, rates),
    current_test_version: KNOWLEDGE_TEST_VERSION,
    warnings: {
      knowledge_test_risk_warning: { ...INVESTOR_WARNINGS.knowledge_test_risk_warning },
      investment_warning: { ...INVESTOR_WARNINGS.investment_warning },
    },
  };
}

/**
 * GET /user/investor/investment-warning: whether an investment of this amount would need the warning, and the
 * threshold in the amount's currency, so the buying screens show the warning before the request is sent. The server
 * checks again when the purchase arrives (gate.ts): this answer only informs.
 */
export async function checkInvestmentWarning(
  db: Executor,
  rules: InvestorConfig,
  memberId: string,
  query: { amount_minor: number; currency: Currency },
): Promise<TInvestmentWarningCheck> {
  const state = await investorState(db, rules, memberId);
  const rates = await ratesFor(db, state, query.currency);
  const threshold = thresholdEurMinor(state, rules, rates);
  const warning = { ...INVESTOR_WARNINGS.investment_warning };
  if (threshold === null) return { required: false, threshold_minor: null, currency: query.currency, warning };
  const inCurrency =
    query.currency === 'EURO' ? threshold : (rates ?? (await Rates.load(db))).convert(threshold, query.currency);
  return {
    required: await investmentWarningApplies(db, state, rules, query.amount_minor, query.currency),
    threshold_minor: inCurrency,
    currency: query.currency,
    warning,
  };
}
