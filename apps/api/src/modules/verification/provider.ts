import type { AppConfig, VerificationProviderName } from '../../config';
import type { Executor } from '../../db/client';
import type { VerificationCase } from './state';

/**
 * Who checks a submitted case (issue 29). Providers sit behind this one interface; `manual`, the default, is the
 * console's compliance queue. A hosted provider (Sumsub, Onfido or Persona) would open its flow session here, and
 * its decisions arrive later as the system's transitions (fetched from its API, never taken from a webhook's body).
 */
export interface VerificationProvider {
  readonly name: VerificationProviderName;
  /**
   * Takes a submitted case, inside the submission's transaction. Answers where the case goes next: `review` (the
   * console's queue) is the only answer of the manual provider.
   */
  receive(tx: Executor, submitted: VerificationCase): Promise<{ next: 'review' }>;
}

/** The manual provider: nothing leaves the platform; a compliance operator reviews every case in the console. */
export class ManualVerificationProvider implements VerificationProvider {
  readonly name = 'manual' as const;
  async receive(): Promise<{ next: 'review' }> {
    return { next: 'review' };
  }
}

/**
 * The provider VERIFICATION_PROVIDER names. This build carries the manual provider only: naming another stops the
 * start with a clear line (config.ts already refused a production start without its keys), never a silent fallback.
 */
export function verificationProviderFor(config: AppConfig): VerificationProvider {
  if (config.verification.provider === 'manual') return new ManualVerificationProvider();
  throw new Error(
    `VERIFICATION_PROVIDER=${config.verification.provider}: this build has no adapter for it; use VERIFICATION_PROVIDER=manual`,
  );
}
