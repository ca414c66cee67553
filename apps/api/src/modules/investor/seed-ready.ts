import { KNOWLEDGE_QUESTIONS, KNOWLEDGE_TEST_VERSION, type Language } from '@parcelle/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { takeKnowledgeTest } from './knowledge-test';
import { simulateLoss } from './loss-simulation';
import { investorKnowledgeTests, investorLossSimulations } from './schema';

/** The answers that pass the current questionnaire (the seeded path answers it like a member who understood). */
const PASSING: Record<string, string> = {
  experience: 'few',
  objective: 'diversification',
  total_loss: 'all',
  illiquidity: 'if_buyer',
  deposit_guarantee: 'no',
  secondary_market: 'unsold',
  concentration: 'small',
  past_returns: 'no',
};

/**
 * Development seed and tests (issue 30): a member made ready to invest along the real path — the current knowledge
 * test taken and passed (scored by the server like any other), and a loss simulation declared: by default a yearly
 * income of 200,000 in the member's currency and nothing else, so the per-investment warning starts above 10,000 (5 %).
 * Append-only records like any member's. Idempotent: a member with a passed test and a simulation is left as is.
 */
export async function seedInvestorReady(
  tx: Executor,
  member: { id: string; language: Language; currency: 'USD' | 'EURO' },
  options: { netWorthMinor?: number } = {},
): Promise<void> {
  const [passed] = await tx
    .select({ id: investorKnowledgeTests.id })
    .from(investorKnowledgeTests)
    .where(and(eq(investorKnowledgeTests.userId, member.id), eq(investorKnowledgeTests.passed, true)))
    .limit(1);
  const [simulated] = await tx
    .select({ id: investorLossSimulations.id })
    .from(investorLossSimulations)
    .where(eq(investorLossSimulations.userId, member.id))
    .limit(1);
  if (passed && simulated) return;
  const answers = Object.fromEntries(KNOWLEDGE_QUESTIONS.map((q) => [q.id, PASSING[q.id] ?? q.options[0]?.id ?? '']));
  const test = await takeKnowledgeTest(tx, member.id, member.language, { version: KNOWLEDGE_TEST_VERSION, answers });
  if (!test.passed) throw new Error('the seeded answers no longer pass the current questionnaire');
  await simulateLoss(tx, member.id, member.currency, {
    annual_income_minor: options.netWorthMinor ?? 20_000_000,
    liquid_assets_minor: 0,
    annual_commitments_minor: 0,
  });
}
