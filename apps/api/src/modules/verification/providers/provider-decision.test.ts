import { describe, expect, it } from 'vitest';
import { providerOutcome } from './provider-decision';

/** What a review read from the provider's API does to a case (decision 292), one rule per line. */
const completed = (answer: 'GREEN' | 'RED', rejectType: 'FINAL' | 'RETRY' | null = null) => ({
  reviewStatus: 'completed',
  reviewAnswer: answer,
  reviewRejectType: rejectType,
});
const clean = { risk: 'standard' as const, sanctionsHit: false };

describe('providerOutcome', () => {
  it('approves GREEN in review for low and standard risk only, without a possible hit', () => {
    expect(providerOutcome('in_review', completed('GREEN'), clean)).toBe('approve');
    expect(providerOutcome('in_review', completed('GREEN'), { risk: 'low', sanctionsHit: false })).toBe('approve');
    expect(providerOutcome('in_review', completed('GREEN'), { risk: 'high', sanctionsHit: false })).toBe(
      'needs_review',
    );
    expect(providerOutcome('in_review', completed('GREEN'), { risk: 'low', sanctionsHit: true })).toBe('needs_review');
    expect(providerOutcome('in_review', completed('GREEN'), { risk: null, sanctionsHit: false })).toBe('needs_review');
  });

  it('rejects RED FINAL, asks for more on RED RETRY, suspends an approved member on RED', () => {
    expect(providerOutcome('in_review', completed('RED', 'FINAL'), clean)).toBe('reject');
    expect(providerOutcome('in_review', completed('RED', 'RETRY'), clean)).toBe('resubmit');
    expect(providerOutcome('approved', completed('RED', 'FINAL'), clean)).toBe('suspend');
    expect(providerOutcome('approved', completed('RED', 'RETRY'), clean)).toBe('suspend');
  });

  it('does nothing before the review is completed, or to a case elsewhere', () => {
    for (const status of ['init', 'pending', 'queued', 'onHold']) {
      expect(
        providerOutcome('in_review', { reviewStatus: status, reviewAnswer: null, reviewRejectType: null }, clean),
      ).toBe('none');
    }
    expect(providerOutcome('approved', completed('GREEN'), clean)).toBe('none');
    for (const state of ['collecting', 'rejected', 'suspended', 'closed', 'resubmission_requested'] as const) {
      expect(providerOutcome(state, completed('RED', 'FINAL'), clean)).toBe('none');
      expect(providerOutcome(state, completed('GREEN'), clean)).toBe('none');
    }
  });
});
