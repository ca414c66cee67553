import type { AppConfig } from '../../config';
import type { ProviderAnswer, VerificationProvider } from './providers/interface';
import { SumsubVerificationProvider } from './providers/sumsub';

export type { ProviderAnswer, VerificationProvider } from './providers/interface';

/** The manual provider: nothing leaves the platform; a compliance operator reviews every case in the console. */
export class ManualVerificationProvider implements VerificationProvider {
  readonly name = 'manual' as const;
  async receive(): Promise<ProviderAnswer> {
    return { next: 'review' };
  }
}

/**
 * The provider VERIFICATION_PROVIDER names. Naming one this build has no adapter for, or Sumsub without its keys, stops
 * the start with a clear line (config.ts already refused a production start without the keys), never a silent
 * fallback to manual.
 */
export function verificationProviderFor(config: AppConfig): VerificationProvider {
  const { provider, sumsub } = config.verification;
  if (provider === 'manual') return new ManualVerificationProvider();
  if (provider === 'sumsub') {
    if (!sumsub) {
      throw new Error(
        'VERIFICATION_PROVIDER=sumsub needs SUMSUB_APP_TOKEN, SUMSUB_SECRET_KEY and SUMSUB_WEBHOOK_SECRET (or VERIFICATION_PROVIDER=manual)',
      );
    }
    return new SumsubVerificationProvider(sumsub);
  }
  throw new Error(
    `VERIFICATION_PROVIDER=${provider}: this build has no adapter for it; use VERIFICATION_PROVIDER=sumsub or manual`,
  );
}
