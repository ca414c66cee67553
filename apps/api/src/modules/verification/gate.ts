import { type MessageKey, mayMoveMoney, VERIFICATION_PAGE, type VerificationState } from '@parcelle/shared';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { stateOfMember } from './state';

/** What a gated member must do next, by the state their case is in. */
const GATE_MESSAGES: Record<VerificationState, MessageKey> = {
  not_started: 'VerificationRequired',
  collecting: 'VerificationIncompleteGate',
  submitted: 'VerificationPending',
  in_review: 'VerificationPending',
  resubmission_requested: 'VerificationResubmissionNeeded',
  rejected: 'VerificationRejected',
  suspended: 'VerificationSuspended',
  closed: 'VerificationSuspended',
  approved: 'VerificationRequired',
};

/** The refusal of a gate: 403, the step's message in both languages, the step's name and the page that resolves it. */
export class VerificationGateError extends AppError {
  readonly step = 'identity_verification';
  readonly page = VERIFICATION_PAGE;
  constructor(readonly state: VerificationState) {
    super(403, GATE_MESSAGES[state]);
    this.name = 'VerificationGateError';
  }
}

/**
 * The gate of every path where money or parts enter or leave a member (issue 29): purchases by every method, asks,
 * bids, accepting an order, withdrawals and payout-account changes. Passes for an approved member only; anything else
 * (not started, in review, rejected, suspended after a sanctions hit…) is a 403 that names the step. Called before the
 * step-up code is checked, so a member who cannot act does not spend a code.
 */
export async function requireVerified(db: Executor, memberId: string): Promise<void> {
  assertVerified(await stateOfMember(db, memberId));
}

/** The gate on a state already read (`stateOfMember`, or `verificationStateColumn` in a purchase's one read). */
export function assertVerified(state: VerificationState): void {
  if (!mayMoveMoney(state)) throw new VerificationGateError(state);
}
