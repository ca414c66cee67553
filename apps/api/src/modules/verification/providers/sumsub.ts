import type { SumsubConfig } from '../../../config';
import type { Executor } from '../../../db/client';
import { verificationProviderCases } from '../../../db/schema';
import type { VerificationCase } from '../state';
import type { ProviderAnswer, VerificationProvider } from './interface';
import { SumsubClient, type SumsubReview } from './sumsub-client';
import { verifyWebhookDigest } from './sumsub-signature';

/** A webhook whose signature verified, as the adapter reads it: only what routes it; never a decision. */
export type ProviderWebhook = { type: string; applicantId: string | null };

/** How long a session's access token and link stay usable. */
export const SESSION_TTL_SECONDS = 30 * 60;

/**
 * Sumsub as the verification provider (issue 29, decisions 290–294). At submission the case is recorded as sent to
 * Sumsub (`verification_provider_cases`) and waits in review; the member's first session creates the applicant
 * (`externalUserId` = the member's id); its webhooks are verified on the raw body and only name the applicant, whose
 * review is then read from Sumsub's API (`review`) and applied by provider-decision.ts.
 */
export class SumsubVerificationProvider implements VerificationProvider {
  readonly name = 'sumsub' as const;
  readonly client: SumsubClient;

  constructor(
    readonly config: SumsubConfig,
    options: { timeoutMs?: number } = {},
  ) {
    this.client = new SumsubClient(config, options);
  }

  /** Records the case as sent to Sumsub (again, after a resubmission: the decision of the last round is cleared). */
  async receive(tx: Executor, submitted: VerificationCase): Promise<ProviderAnswer> {
    const now = new Date();
    await tx
      .insert(verificationProviderCases)
      .values({ verificationId: submitted.id, provider: this.name, externalUserId: submitted.userId, sentAt: now })
      .onConflictDoUpdate({
        target: verificationProviderCases.verificationId,
        set: { provider: this.name, sentAt: now, decidedAt: null },
      });
    return { next: 'provider' };
  }

  /** The applicant of a member, created on first use. */
  applicantFor(memberId: string): Promise<string> {
    return this.client.applicantFor(memberId);
  }

  /** The member's hosted check; `returnUrl` is where the hosted page sends them back (decision 346). */
  async session(memberId: string, returnUrl: string): Promise<{ accessToken: string; url: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
    return { ...(await this.client.session(memberId, SESSION_TTL_SECONDS, returnUrl)), expiresAt };
  }

  /** Verifies a webhook on its raw bytes (throws WebhookSignatureError), then reads which applicant it is about. */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderWebhook {
    const one = (name: string) => {
      const value = headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    verifyWebhookDigest(this.config.webhookSecret, rawBody, one('x-payload-digest'), one('x-payload-digest-alg'));
    const body = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
    return {
      type: typeof body.type === 'string' ? body.type.slice(0, 100) : 'unknown',
      applicantId: typeof body.applicantId === 'string' ? body.applicantId.slice(0, 100) : null,
    };
  }

  review(applicantId: string): Promise<SumsubReview> {
    return this.client.review(applicantId);
  }
}
