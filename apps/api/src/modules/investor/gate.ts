import {
  type Currency,
  INVESTOR_PAGE,
  INVESTOR_WARNINGS,
  type InvestorStep,
  type Language,
  type MessageKey,
  type TRiskWarningConsent,
} from '@parcelle/shared';
import type { InvestorConfig } from '../../config';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { type ConsentInput, recordConsent } from './consents';
import { INVESTMENT_WARNING_KIND, type InvestorState, investmentWarningApplies, investorState } from './profile';

/** The investor gate's refusal (issue 30): 403, the step named, the page that resolves it (the verification gate's shape). */
export class InvestorGateError extends AppError {
  readonly page = INVESTOR_PAGE;
  constructor(
    readonly step: InvestorStep,
    key: MessageKey,
  ) {
    super(403, key);
    this.name = 'InvestorGateError';
  }
}

function refusal(state: InvestorState): InvestorGateError | null {
  const step = state.missing[0];
  if (!step) return null;
  if (step === 'investor_knowledge_test') {
    return new InvestorGateError(
      step,
      state.test?.expired ? 'InvestorKnowledgeTestExpired' : 'InvestorKnowledgeTestRequired',
    );
  }
  if (step === 'investor_risk_warning') return new InvestorGateError(step, 'InvestorRiskWarningRequired');
  return new InvestorGateError(
    'investor_loss_simulation',
    state.simulation?.expired ? 'InvestorLossSimulationExpired' : 'InvestorLossSimulationRequired',
  );
}

/**
 * What buys (`primary_purchase`, `bid`, `accept` of an ask) need (decision 304). Selling (`ask`, and accepting a bid)
 * is never held back by these protections: they protect the buyer, and keeping a member from leaving an investment
 * would harm them.
 */
export type InvestorAction = 'primary_purchase' | 'bid' | 'accept' | 'ask';

export type InvestmentConsent = {
  /** The consent that travelled with the request, if any. */
  consent?: TRiskWarningConsent | undefined;
  /** The member's language (the warning's language when the consent does not say). */
  language: Language;
  sessionId?: string | null;
  /** What the consent concerns (the painting, the listing…). */
  reference?: string | null;
  /** false: check only (POST /paintings/validate), nothing recorded. */
  record?: boolean;
};

/**
 * The investor gate (issue 30), called right after `requireVerified` on every buying path. Refuses (403, with the step
 * and the page) a member whose test, risk warning or loss simulation is missing or expired; with an amount, also an
 * investment above the member's threshold without the warning's consent — which it then records in the consent log
 * (on `db`: the purchase's transaction when called inside it). Answers the member's state for a later
 * `confirmInvestmentWarning` when the amount is only known inside the transaction.
 */
export async function requireInvestorReady(
  db: Executor,
  memberId: string,
  options: {
    action: InvestorAction;
    rules: InvestorConfig;
    amountMinor?: number;
    currency?: Currency;
  } & Partial<InvestmentConsent>,
): Promise<InvestorState | null> {
  if (options.action === 'ask') return null;
  const state = await investorState(db, options.rules, memberId);
  assertInvestorReady(state);
  if (options.amountMinor !== undefined && options.currency) {
    await confirmInvestmentWarning(db, state, options.rules, {
      amountMinor: options.amountMinor,
      currency: options.currency,
      consent: options.consent,
      language: options.language ?? 'en',
      sessionId: options.sessionId ?? null,
      reference: options.reference ?? null,
      record: options.record ?? true,
    });
  }
  return state;
}

/** The gate of a buy on a state already read (`investorState`, or a purchase's one read of its gates, decision 487). */
export function assertInvestorReady(state: InvestorState): void {
  const refused = refusal(state);
  if (refused) throw refused;
}

/**
 * The per-investment warning (Regulation (EU) 2020/1503 art. 21(7)): an investment strictly above the member's
 * threshold needs the current warning's consent, recorded each time with the amount. Below or at the threshold, or for
 * a member the warning does not concern, nothing is asked and nothing recorded.
 */
export async function confirmInvestmentWarning(
  tx: Executor,
  state: InvestorState | null,
  rules: InvestorConfig,
  input: { amountMinor: number; currency: Currency } & InvestmentConsent,
): Promise<void> {
  const consent = await investmentWarningConsent(tx, state, rules, input);
  if (consent && input.record !== false) await recordConsent(tx, consent);
}

/**
 * The check of `confirmInvestmentWarning` alone: refuses a missing or outdated consent where the warning applies and
 * answers the consent to record (null where none is asked), so a batch of purchases records its consents together
 * (`recordConsents`) in the transaction that records the purchases.
 */
export async function investmentWarningConsent(
  tx: Executor,
  state: InvestorState | null,
  rules: InvestorConfig,
  input: { amountMinor: number; currency: Currency } & InvestmentConsent,
): Promise<ConsentInput | null> {
  if (!state || !(await investmentWarningApplies(tx, state, rules, input.amountMinor, input.currency))) return null;
  const warning = INVESTOR_WARNINGS.investment_warning;
  if (!input.consent) throw new InvestorGateError('investment_warning', 'InvestmentWarningRequired');
  if (input.consent.version !== warning.version) throw new InvestorGateError('investment_warning', 'WarningOutdated');
  const language = input.consent.language ?? input.language;
  return {
    memberId: state.memberId,
    kind: INVESTMENT_WARNING_KIND,
    textVersion: warning.version,
    text: warning[language],
    language,
    sessionId: input.sessionId ?? null,
    reference: input.reference ?? null,
    amountMinor: input.amountMinor,
    currency: input.currency,
  };
}
