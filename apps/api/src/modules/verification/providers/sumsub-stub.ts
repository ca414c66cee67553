import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { signRequest, type WebhookAlgorithm, webhookDigest } from './sumsub-signature';

/**
 * A local stand-in for Sumsub's API (issue 29, decision 293), for the tests and for development: 127.0.0.1 only, the
 * adapter pointed at it by SUMSUB_API_URL (config.ts accepts a loopback address outside production only). It checks
 * every request's signature as Sumsub does (401 otherwise), keeps applicants in memory and plays the calls the adapter
 * makes, plus Sumsub's sandbox call that sets a review (`POST /resources/applicants/{id}/status/testCompleted`).
 * With `webhook` set it sends the `applicantReviewed` webhook of each review, signed, to the app — what Sumsub does.
 * For development by hand, `POST /_stub/members/<member id>/review` (unsigned; not Sumsub's) sets a review too.
 *
 * Development: `npm run sumsub:stub -w apps/api` (SUMSUB_APP_TOKEN, SUMSUB_SECRET_KEY, SUMSUB_WEBHOOK_SECRET and
 * SUMSUB_STUB_PORT from the environment), then set SUMSUB_API_URL=http://127.0.0.1:<port> for the app.
 */
export type StubReview = {
  reviewStatus: 'init' | 'pending' | 'completed';
  reviewId: string | null;
  reviewAnswer: 'GREEN' | 'RED' | null;
  reviewRejectType: 'FINAL' | 'RETRY' | null;
};
export type StubApplicant = { id: string; externalUserId: string; levelName: string; review: StubReview };
export type StubCall = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

export type SumsubStubOptions = {
  appToken: string;
  secretKey: string;
  /** Sends each review's webhook to the app (development); tests usually send their own. */
  webhook?: { url: string; secret: string; algorithm?: WebhookAlgorithm };
  port?: number;
};

/** Seconds a signed request's timestamp may differ from the stub's clock (Sumsub refuses stale signatures too). */
const CLOCK_SKEW_SECONDS = 300;

export async function startSumsubStub(options: SumsubStubOptions) {
  const applicants = new Map<string, StubApplicant>();
  const calls: StubCall[] = [];
  let unavailable = false;

  const byExternal = (externalUserId: string) =>
    [...applicants.values()].find((applicant) => applicant.externalUserId === externalUserId);

  /** Sets an applicant's review as Sumsub's reviewers would; sends its webhook when configured. */
  async function review(
    applicantId: string,
    answer: 'GREEN' | 'RED' | 'pending',
    rejectType: 'FINAL' | 'RETRY' | null = null,
  ): Promise<StubReview> {
    const applicant = applicants.get(applicantId);
    if (!applicant) throw new Error(`no applicant ${applicantId}`);
    applicant.review =
      answer === 'pending'
        ? { reviewStatus: 'pending', reviewId: null, reviewAnswer: null, reviewRejectType: null }
        : {
            reviewStatus: 'completed',
            reviewId: randomUUID(),
            reviewAnswer: answer,
            reviewRejectType: answer === 'RED' ? (rejectType ?? 'FINAL') : null,
          };
    if (options.webhook && answer !== 'pending') {
      const body = webhookBody(applicant, 'applicantReviewed');
      const algorithm = options.webhook.algorithm ?? 'HMAC_SHA256_HEX';
      await fetch(options.webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-payload-digest': webhookDigest(options.webhook.secret, body, algorithm),
          'x-payload-digest-alg': algorithm,
        },
        body,
      }).catch(() => undefined);
    }
    return applicant.review;
  }

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = incoming.url ?? '/';
      const method = incoming.method ?? 'GET';
      calls.push({ method, path, headers: incoming.headers, body });
      const send = (status: number, json: unknown) => {
        outgoing.writeHead(status, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify(json));
      };
      if (unavailable) return send(503, { description: 'Service unavailable', code: 503 });
      // Development only, not Sumsub's: plays its reviewers for a member, unsigned (the stub listens on loopback).
      // POST /_stub/members/<member id>/review {"reviewAnswer":"GREEN"|"RED","reviewRejectType":"FINAL"|"RETRY"}
      const reviewer = /^\/_stub\/members\/([^/]+)\/review$/.exec(path)?.[1];
      if (method === 'POST' && reviewer) {
        const applicant = byExternal(decodeURIComponent(reviewer));
        if (!applicant) return send(404, { description: 'No applicant for this member yet', code: 404 });
        const asked = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
        void review(
          applicant.id,
          asked.reviewAnswer === 'RED' ? 'RED' : 'GREEN',
          asked.reviewRejectType === 'RETRY' ? 'RETRY' : 'FINAL',
        ).then((done) => send(200, done));
        return;
      }
      const ts = Number(incoming.headers['x-app-access-ts']);
      const signature = incoming.headers['x-app-access-sig'];
      if (
        incoming.headers['x-app-token'] !== options.appToken ||
        !Number.isInteger(ts) ||
        Math.abs(Date.now() / 1000 - ts) > CLOCK_SKEW_SECONDS ||
        signature !== signRequest(options.secretKey, ts, method, path, body)
      ) {
        return send(401, { description: 'Request signature mismatch', code: 401, correlationId: randomUUID() });
      }
      const parsed = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
      const url = new URL(path, 'http://stub');
      const idIn = (pattern: RegExp) => {
        const found = pattern.exec(url.pathname)?.[1];
        return found === undefined ? null : decodeURIComponent(found);
      };
      const byExternalPath = method === 'GET' ? idIn(/^\/resources\/applicants\/-;externalUserId=([^/]+)\/one$/) : null;
      const byIdPath = method === 'GET' ? idIn(/^\/resources\/applicants\/([^/;]+)\/one$/) : null;
      const reviewPath = method === 'POST' ? idIn(/^\/resources\/applicants\/([^/]+)\/status\/testCompleted$/) : null;
      if (method === 'POST' && url.pathname === '/resources/applicants') {
        const externalUserId = String(parsed.externalUserId ?? '');
        if (!externalUserId) return send(400, { description: 'externalUserId is required', code: 400 });
        if (byExternal(externalUserId)) {
          return send(409, {
            description: `Applicant with external user id '${externalUserId}' already exists`,
            code: 409,
          });
        }
        const applicant: StubApplicant = {
          id: randomUUID().replace(/-/g, '').slice(0, 24),
          externalUserId,
          levelName: url.searchParams.get('levelName') ?? '',
          review: { reviewStatus: 'init', reviewId: null, reviewAnswer: null, reviewRejectType: null },
        };
        applicants.set(applicant.id, applicant);
        return send(201, applicantJson(applicant));
      }
      if (byExternalPath !== null) {
        const applicant = byExternal(byExternalPath);
        return applicant ? send(200, applicantJson(applicant)) : send(404, { description: 'Not found', code: 404 });
      }
      if (byIdPath !== null) {
        const applicant = applicants.get(byIdPath);
        return applicant ? send(200, applicantJson(applicant)) : send(404, { description: 'Not found', code: 404 });
      }
      if (method === 'POST' && url.pathname === '/resources/accessTokens/sdk') {
        return send(200, { token: `_act-sbx-jwt-${randomUUID()}`, userId: parsed.userId });
      }
      if (method === 'POST' && url.pathname === '/resources/sdkIntegrations/levels/-/websdkLink') {
        return send(200, { url: `https://in.sumsub.com/websdk/p/sbx_${randomUUID().replace(/-/g, '')}` });
      }
      if (reviewPath !== null) {
        const id = reviewPath;
        if (!applicants.has(id)) return send(404, { description: 'Not found', code: 404 });
        const answer = parsed.reviewAnswer === 'RED' ? 'RED' : 'GREEN';
        const rejectType = parsed.reviewRejectType === 'RETRY' ? 'RETRY' : 'FINAL';
        void review(id, answer, rejectType).then(() => send(200, { ok: 1 }));
        return;
      }
      return send(404, { description: 'Not found', code: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    applicants,
    calls,
    byExternal,
    review,
    /** While true, every call answers 503 (a provider outage). */
    setUnavailable(value: boolean) {
      unavailable = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function applicantJson(applicant: StubApplicant) {
  const { review } = applicant;
  return {
    id: applicant.id,
    externalUserId: applicant.externalUserId,
    createdAt: new Date().toISOString().replace('T', ' ').slice(0, 19),
    type: 'individual',
    review: {
      reviewId: review.reviewId,
      levelName: applicant.levelName,
      reviewStatus: review.reviewStatus,
      ...(review.reviewAnswer
        ? {
            reviewResult: {
              reviewAnswer: review.reviewAnswer,
              ...(review.reviewRejectType
                ? { reviewRejectType: review.reviewRejectType, rejectLabels: ['FORGERY'] }
                : {}),
            },
          }
        : {}),
    },
  };
}

/** A webhook body as Sumsub sends it; `reviewResult` may say anything: the adapter never reads it. */
export function webhookBody(
  applicant: Pick<StubApplicant, 'id' | 'externalUserId' | 'levelName'>,
  type: string,
  reviewAnswer: 'GREEN' | 'RED' = 'GREEN',
): string {
  return JSON.stringify({
    applicantId: applicant.id,
    inspectionId: applicant.id,
    correlationId: randomUUID(),
    levelName: applicant.levelName,
    externalUserId: applicant.externalUserId,
    type,
    sandboxMode: true,
    reviewStatus: 'completed',
    reviewResult: { reviewAnswer },
    createdAtMs: new Date().toISOString().replace('T', ' ').replace('Z', ''),
  });
}

// `npm run sumsub:stub -w apps/api`: the stub for development, until stopped.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const need = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  const port = Number(process.env.SUMSUB_STUB_PORT ?? 8787);
  const webhookUrl = process.env.SUMSUB_STUB_WEBHOOK_URL ?? 'http://127.0.0.1:3000/api/webhooks/verification/sumsub';
  const stub = await startSumsubStub({
    appToken: need('SUMSUB_APP_TOKEN'),
    secretKey: need('SUMSUB_SECRET_KEY'),
    webhook: { url: webhookUrl, secret: need('SUMSUB_WEBHOOK_SECRET') },
    port,
  });
  console.log(`Sumsub stub on ${stub.url} (webhooks to ${webhookUrl}); set SUMSUB_API_URL=${stub.url}`);
  console.log(
    `Review a member's applicant: curl -X POST ${stub.url}/_stub/members/<member id>/review -d '{"reviewAnswer":"GREEN"}'`,
  );
}
