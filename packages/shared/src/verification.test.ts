import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canTransitionVerification,
  documentFileProblem,
  EDITABLE_VERIFICATION_STATES,
  mayMoveMoney,
  RISK_LEVEL_LABELS,
  RISK_RULE_LABELS,
  riskReasonText,
  VERIFICATION_ACTORS,
  VERIFICATION_DOCUMENT_LIMITS,
  VERIFICATION_MISSING_LABELS,
  VERIFICATION_REASON_CODES,
  VERIFICATION_REASON_LABELS,
  VERIFICATION_STATE_LABELS,
  VERIFICATION_STATES,
  VERIFICATION_TRANSITIONS,
  VerificationState,
} from './verification';

/** Issue 29: the verification states and their one transition table. */
/**
 * An attempted move: any state by any actor, a try at approved straight away, or (`pick`) one of the moves the table
 * allows from wherever the case stands — so that runs also walk the long paths to approval and beyond.
 */
type Attempt = { to: VerificationState; by: (typeof VERIFICATION_ACTORS)[number] } | { pick: number };
const attempt: fc.Arbitrary<Attempt> = fc.oneof(
  fc.record({ to: fc.constantFrom(...VERIFICATION_STATES), by: fc.constantFrom(...VERIFICATION_ACTORS) }),
  fc.record({ to: fc.constant(VerificationState.Approved), by: fc.constantFrom(...VERIFICATION_ACTORS) }),
  fc.record({ pick: fc.nat() }),
  fc.record({ pick: fc.nat() }),
);

/** The move an attempt makes from `from` (a `pick` among the table's moves from there, or the attempt itself). */
function resolve(from: VerificationState, tried: Attempt) {
  if (!('pick' in tried)) return tried;
  const options = VERIFICATION_TRANSITIONS.filter((step) => step.from === from);
  const step = options[tried.pick % Math.max(1, options.length)];
  if (!step) return { to: from, by: 'member' as const };
  return { to: step.to, by: step.by[tried.pick % step.by.length] ?? 'member' };
}

/** Walks the table from not_started, trying each attempt; answers the states visited. */
function walk(attempts: Attempt[]): VerificationState[] {
  const visited: VerificationState[] = [VerificationState.NotStarted];
  for (const tried of attempts) {
    const from = visited.at(-1) ?? VerificationState.NotStarted;
    const { to, by } = resolve(from, tried);
    if (canTransitionVerification(from, to, by)) visited.push(to);
  }
  return visited;
}

describe('the verification state machine', () => {
  it('never reaches approved without passing in_review first (any sequence of attempts, any actor)', () => {
    let reachedApproved = 0;
    fc.assert(
      fc.property(fc.array(attempt, { maxLength: 60 }), (attempts) => {
        const visited = walk(attempts);
        const approvedAt = visited.indexOf(VerificationState.Approved);
        if (approvedAt >= 0) {
          reachedApproved += 1;
          expect(visited.slice(0, approvedAt)).toContain(VerificationState.InReview);
        }
      }),
      { numRuns: 2000 },
    );
    expect(reachedApproved).toBeGreaterThan(100);
  });

  it('lets no member approve, reject or reinstate themself, and no one leave rejected or closed', () => {
    for (const step of VERIFICATION_TRANSITIONS) {
      if (step.by.includes('member')) {
        expect([VerificationState.Collecting, VerificationState.Submitted]).toContain(step.to);
      }
      expect([VerificationState.Rejected, VerificationState.Closed]).not.toContain(step.from);
    }
  });

  it('moves money only when approved', () => {
    expect(VERIFICATION_STATES.filter(mayMoveMoney)).toEqual([VerificationState.Approved]);
  });

  it('lets the member edit only before submission or when sent back', () => {
    expect([...EDITABLE_VERIFICATION_STATES].sort()).toEqual(['collecting', 'not_started', 'resubmission_requested']);
  });
});

describe('the words of verification', () => {
  it('names every state, missing item, reason code and risk level in both languages', () => {
    const tables = [
      VERIFICATION_STATE_LABELS,
      VERIFICATION_MISSING_LABELS,
      VERIFICATION_REASON_LABELS,
      RISK_LEVEL_LABELS,
      RISK_RULE_LABELS,
    ];
    for (const table of tables) {
      for (const words of Object.values(table)) {
        expect(words.en.trim()).not.toBe('');
        expect(words.fr.trim()).not.toBe('');
      }
    }
    expect(Object.keys(VERIFICATION_REASON_LABELS).sort()).toEqual([...new Set(VERIFICATION_REASON_CODES)].sort());
  });
});

describe('the risk rating in words', () => {
  it('names a rule, and a country in the reader’s language', () => {
    expect(riskReasonText('pep', 'en')).toBe('Politically exposed person');
    expect(riskReasonText('high_risk_country:IR', 'en')).toBe('High-risk country: Islamic Republic of Iran');
    expect(riskReasonText('country_outside_eea:US', 'fr')).toBe(
      "Pays hors de l’Espace économique européen\u00a0: États-Unis d'Amérique",
    );
  });

  it('shows a reason it does not know as recorded', () => {
    expect(riskReasonText('rule_of_a_later_version', 'fr')).toBe('rule_of_a_later_version');
  });
});

describe('documentFileProblem', () => {
  const max = VERIFICATION_DOCUMENT_LIMITS.maxBytes;
  it('names what is wrong by size and declared type, and lets a file without a type through to the server', () => {
    expect(documentFileProblem({ size: 0, type: 'image/png' })).toBe('empty');
    expect(documentFileProblem({ size: max + 1, type: 'image/png' })).toBe('too_large');
    expect(documentFileProblem({ size: max, type: 'image/png' })).toBeNull();
    expect(documentFileProblem({ size: 10, type: 'application/x-msdownload' })).toBe('wrong_type');
    expect(documentFileProblem({ size: 10, type: '' })).toBeNull();
    expect(documentFileProblem({ size: 10, type: 'application/pdf' })).toBeNull();
  });
});
