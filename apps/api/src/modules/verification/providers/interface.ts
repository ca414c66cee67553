import type { VerificationProviderName } from '../../../config';
import type { Executor } from '../../../db/client';
import type { VerificationCase } from '../state';

/**
 * Where a submitted case goes: `review`, the console's queue (the manual provider); `provider`, a hosted provider's
 * check, whose decision arrives later (fetched from its API, never taken from a webhook's body).
 */
export type ProviderAnswer = { next: 'review' | 'provider' };

/**
 * Who checks a submitted case (issue 29). Providers sit behind this one interface; `manual`, the default, is the
 * console's compliance queue; `sumsub` (providers/sumsub.ts) is a hosted provider.
 */
export interface VerificationProvider {
  readonly name: VerificationProviderName;
  /** Takes a submitted case, inside the submission's transaction, and answers where it goes next. */
  receive(tx: Executor, submitted: VerificationCase): Promise<ProviderAnswer>;
}
