import { describe, expect, it } from 'vitest';
import { EXIT_VOTE_TERMS, exitReturnBps, exitShareFeeMinor, tallyExitVote } from './exit';

const terms = { quorumBps: EXIT_VOTE_TERMS.quorumBps, majorityBps: EXIT_VOTE_TERMS.majorityBps };

describe('tallyExitVote', () => {
  it('meets the quorum at exactly half of the parts, not one part less', () => {
    const half = tallyExitVote(
      [
        { parts: 5, choice: 'accept' },
        { parts: 5, choice: null },
      ],
      terms,
    );
    expect(half).toMatchObject({ castParts: 5, eligibleParts: 10, quorumMet: true, accepted: true });
    const less = tallyExitVote(
      [
        { parts: 4, choice: 'accept' },
        { parts: 6, choice: null },
      ],
      terms,
    );
    expect(less).toMatchObject({ quorumMet: false, majorityMet: true, accepted: false });
  });

  it('weighs by parts: one holder of 7 outvotes three holders of 1', () => {
    const tally = tallyExitVote(
      [
        { parts: 7, choice: 'reject' },
        { parts: 1, choice: 'accept' },
        { parts: 1, choice: 'accept' },
        { parts: 1, choice: 'accept' },
      ],
      terms,
    );
    expect(tally).toMatchObject({ acceptParts: 3, rejectParts: 7, majorityMet: false, accepted: false });
  });

  it('needs two thirds of the votes cast by default: 6 667 of 10 000 passes, 6 666 does not', () => {
    const vote = (accept: number) =>
      tallyExitVote(
        [
          { parts: accept, choice: 'accept' },
          { parts: 10_000 - accept, choice: 'reject' },
        ],
        terms,
      );
    expect(vote(6667).accepted).toBe(true);
    expect(vote(6666).accepted).toBe(false);
  });

  it('accepts nothing when nobody voted', () => {
    expect(tallyExitVote([{ parts: 3, choice: null }], terms).accepted).toBe(false);
    expect(tallyExitVote([], terms).accepted).toBe(false);
  });
});

describe('exit fee and return', () => {
  it('takes a share in basis points, half-even', () => {
    expect(exitShareFeeMinor(100_001, 250)).toBe(2500);
    expect(exitShareFeeMinor(100_020, 250)).toBe(2500); // 2 500.5 → even
    expect(exitShareFeeMinor(100_060, 250)).toBe(2502); // 2 501.5 → even
  });

  it('measures the return from the first sale price, in basis points', () => {
    expect(exitReturnBps(1000, 1500)).toBe(5000);
    expect(exitReturnBps(1000, 750)).toBe(-2500);
    expect(() => exitReturnBps(0, 10)).toThrow(RangeError);
  });
});
