import {
  INVESTOR_WARNINGS,
  KNOWLEDGE_QUESTIONS,
  KNOWLEDGE_TEST_MAX_SCORE,
  KNOWLEDGE_TEST_PASS_MARK,
  KNOWLEDGE_TEST_VERSION,
  type Language,
  type TKnowledgeTestRequest,
  type TWarningAcknowledgement,
} from '@parcelle/shared';
import type { InvestorConfig } from '../../config';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { recordConsent } from './consents';
import { investorState, RISK_WARNING_KIND } from './profile';
import { investorKnowledgeTests } from './schema';

/**
 * The answer key of each version of the questionnaire, kept on the server only (decision 303): the client sends the
 * options chosen, never a score. A new version of the questions gets its own key here.
 */
const ANSWER_KEYS: Record<string, Record<string, string>> = {
  [KNOWLEDGE_TEST_VERSION]: {
    total_loss: 'all',
    illiquidity: 'if_buyer',
    deposit_guarantee: 'no',
    secondary_market: 'unsold',
    concentration: 'small',
    past_returns: 'no',
  },
};

/** The score of a set of answers to the current version: one point per scored question answered right. */
export function scoreAnswers(answers: Record<string, string>): { score: number; passed: boolean } {
  const key = ANSWER_KEYS[KNOWLEDGE_TEST_VERSION] ?? {};
  let score = 0;
  for (const question of KNOWLEDGE_QUESTIONS) {
    if (question.kind === 'knowledge' && answers[question.id] === key[question.id]) score += 1;
  }
  return { score, passed: score >= KNOWLEDGE_TEST_PASS_MARK };
}

/**
 * Records a knowledge test taken (issue 30): only the current version is accepted; the answers are kept as given,
 * with the version, the language and the score. A failed test then needs the risk warning's acknowledgement.
 */
export async function takeKnowledgeTest(
  db: Executor,
  memberId: string,
  language: Language,
  request: TKnowledgeTestRequest,
) {
  if (request.version !== KNOWLEDGE_TEST_VERSION) throw new AppError(409, 'KnowledgeTestOutdated');
  const answers = Object.fromEntries(KNOWLEDGE_QUESTIONS.map((q) => [q.id, request.answers[q.id] ?? '']));
  const { score, passed } = scoreAnswers(answers);
  const [row] = await db
    .insert(investorKnowledgeTests)
    .values({
      userId: memberId,
      version: KNOWLEDGE_TEST_VERSION,
      language,
      answers,
      score,
      maxScore: KNOWLEDGE_TEST_MAX_SCORE,
      passed,
    })
    .returning();
  if (!row) throw new Error('knowledge test not recorded');
  return row;
}

/**
 * The member acknowledges the risk warning shown after a failed test (art. 21(5)): recorded in the consent log against
 * that test. Refused when there is no failed, current test to acknowledge, or when the text read is not the current one.
 */
export async function acknowledgeRiskWarning(
  db: Executor,
  rules: InvestorConfig,
  member: { id: string; language: Language },
  request: TWarningAcknowledgement,
  sessionId: string | null,
) {
  const warning = INVESTOR_WARNINGS.knowledge_test_risk_warning;
  if (request.version !== warning.version) throw new AppError(409, 'WarningOutdated');
  const state = await investorState(db, rules, member.id);
  const test = state.test;
  if (!test || test.passed || test.expired) throw new AppError(409, 'WarningNotApplicable');
  if (test.warningAcknowledged) return;
  const language = request.language ?? member.language;
  await recordConsent(db, {
    memberId: member.id,
    kind: RISK_WARNING_KIND,
    textVersion: warning.version,
    text: warning[language],
    language,
    sessionId,
    reference: test.id,
  });
}
