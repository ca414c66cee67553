import type { SumsubConfig } from '../../../config';
import { signRequest } from './sumsub-signature';

/** The provider did not answer as expected (network, timeout, 5xx, an unexpected body): try again later. */
export class ProviderUnavailable extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

/** A review as Sumsub's API reports it (GET /resources/applicants/{id}/one, its `review`). */
export type SumsubReview = {
  applicantId: string;
  externalUserId: string | null;
  /** init, pending, prechecked, queued, completed, onHold. */
  reviewStatus: string;
  reviewId: string | null;
  reviewAnswer: 'GREEN' | 'RED' | null;
  reviewRejectType: 'FINAL' | 'RETRY' | null;
};

type Json = Record<string, unknown>;

/**
 * Sumsub's REST API, called with `fetch` and signed per request (X-App-Token, X-App-Access-Ts, X-App-Access-Sig):
 * only the five calls the adapter needs, so the SDK is not a dependency. `apiUrl` is https://api.sumsub.com, or the
 * local stub outside production (config.ts refuses any other address).
 */
export class SumsubClient {
  constructor(
    private readonly config: SumsubConfig,
    private readonly options: { timeoutMs?: number; now?: () => number } = {},
  ) {}

  private async request(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    body?: Json,
  ): Promise<{ status: number; json: Json }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const ts = Math.floor((this.options.now?.() ?? Date.now()) / 1000);
    let response: Response;
    try {
      response = await fetch(`${this.config.apiUrl}${pathWithQuery}`, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          'X-App-Token': this.config.appToken,
          'X-App-Access-Ts': String(ts),
          'X-App-Access-Sig': signRequest(this.config.secretKey, ts, method, pathWithQuery, text),
        },
        ...(body === undefined ? {} : { body: text }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch {
      throw new ProviderUnavailable(`Sumsub ${method} ${pathWithQuery.split('?')[0]}: no answer`);
    }
    const json = (await response.json().catch(() => ({}))) as Json;
    return { status: response.status, json };
  }

  private expectOk(answer: { status: number; json: Json }, what: string): Json {
    if (answer.status >= 200 && answer.status < 300) return answer.json;
    throw new ProviderUnavailable(`Sumsub ${what}: HTTP ${answer.status}`, answer.status);
  }

  /** The member's applicant: created with `externalUserId` = the member's id, or the existing one (409). */
  async applicantFor(externalUserId: string): Promise<string> {
    const level = encodeURIComponent(this.config.levelName);
    const created = await this.request('POST', `/resources/applicants?levelName=${level}`, { externalUserId });
    if (created.status === 409) {
      const existing = this.expectOk(
        await this.request('GET', `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`),
        'applicant by external id',
      );
      return stringOf(existing.id, 'applicant id');
    }
    return stringOf(this.expectOk(created, 'create applicant').id, 'applicant id');
  }

  /**
   * An access token for the WebSDK and the same flow as a link (both for `ttlSeconds`). The link sends the member back
   * to `returnUrl` when they finish, whatever the outcome (Sumsub's `redirect`; the decision still comes from the API).
   */
  async session(
    externalUserId: string,
    ttlSeconds: number,
    returnUrl: string,
  ): Promise<{ accessToken: string; url: string }> {
    const common = { userId: externalUserId, levelName: this.config.levelName, ttlInSecs: ttlSeconds };
    const token = this.expectOk(await this.request('POST', '/resources/accessTokens/sdk', common), 'access token');
    const link = this.expectOk(
      await this.request('POST', '/resources/sdkIntegrations/levels/-/websdkLink', {
        ...common,
        redirect: { successUrl: returnUrl, rejectUrl: returnUrl },
      }),
      'WebSDK link',
    );
    return { accessToken: stringOf(token.token, 'access token'), url: stringOf(link.url, 'WebSDK link') };
  }

  /** The applicant's current review, read from the API: the only source of a decision. */
  async review(applicantId: string): Promise<SumsubReview> {
    const applicant = this.expectOk(
      await this.request('GET', `/resources/applicants/${encodeURIComponent(applicantId)}/one`),
      'applicant',
    );
    const review = (applicant.review ?? {}) as Json;
    const result = (review.reviewResult ?? {}) as Json;
    const answer = result.reviewAnswer;
    const rejectType = result.reviewRejectType;
    return {
      applicantId: stringOf(applicant.id, 'applicant id'),
      externalUserId: typeof applicant.externalUserId === 'string' ? applicant.externalUserId : null,
      reviewStatus: typeof review.reviewStatus === 'string' ? review.reviewStatus : 'init',
      reviewId: typeof review.reviewId === 'string' ? review.reviewId : null,
      reviewAnswer: answer === 'GREEN' || answer === 'RED' ? answer : null,
      reviewRejectType: rejectType === 'FINAL' || rejectType === 'RETRY' ? rejectType : null,
    };
  }
}

function stringOf(value: unknown, what: string): string {
  if (typeof value === 'string' && value.length > 0) return value;
  throw new ProviderUnavailable(`Sumsub answered without ${what}`);
}
