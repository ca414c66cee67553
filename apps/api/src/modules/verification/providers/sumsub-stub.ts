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
 * The WebSDK link it answers is its own page (`/_stub/websdk/<id>`, decision 347): the developer plays the member at
 * Sumsub, picks GREEN or RED, the stub sends the signed webhook and returns to the link's `redirect` address, so the
 * member's page works end to end without network. Every `/_stub/` route answers a loopback caller addressing the
 * stub by a loopback name only (403 otherwise, so a rebound DNS name cannot reach it), and the command refuses
 * NODE_ENV=production.
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
/** A WebSDK link the stub answered: whose, and where its page returns the member. */
export type StubLink = {
  externalUserId: string;
  successUrl: string | null;
  rejectUrl: string | null;
  expiresAt: number;
};

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The stub's own development routes (`/_stub/…`) answer only a caller on this machine that names the stub by a
 * loopback host: the stub binds 127.0.0.1, and the Host check stops a DNS-rebinding page from reaching it by a name.
 */
export function loopbackOnly(remoteAddress: string | undefined, host: string | undefined): boolean {
  if (!remoteAddress || !LOOPBACK_ADDRESSES.has(remoteAddress)) return false;
  const name = (host ?? '').replace(/:\d+$/, '').toLowerCase();
  return LOOPBACK_HOSTS.has(name);
}

/** The stub is a development tool: never started in production (config.ts refuses a loopback SUMSUB_API_URL there). */
export function assertStubAllowed(env: Record<string, string | undefined>): void {
  if (env.NODE_ENV === 'production') {
    throw new Error('The Sumsub stub is for development and tests; it does not start with NODE_ENV=production');
  }
}

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
  const links = new Map<string, StubLink>();
  const calls: StubCall[] = [];
  let baseUrl = '';
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
      })
        // Said, not swallowed: an undelivered webhook leaves the app to its poll, minutes later (a journey's
        // member then waits in review with nothing in any log to say why).
        .then((answer) => {
          if (!answer.ok)
            console.error(`[sumsub stub] the webhook to ${options.webhook?.url} answered ${answer.status}`);
        })
        .catch((error: Error) =>
          console.error(`[sumsub stub] the webhook to ${options.webhook?.url} failed: ${error.message}`),
        );
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
      if (path.startsWith('/_stub/') && !loopbackOnly(incoming.socket.remoteAddress, incoming.headers.host)) {
        return send(403, { description: 'The stub answers loopback only', code: 403 });
      }
      // Development only, not Sumsub's: the page behind a WebSDK link (decision 347).
      const linkId = /^\/_stub\/websdk\/([A-Za-z0-9]+)$/.exec(path)?.[1];
      if (linkId) {
        const link = links.get(linkId);
        const applicant = link ? byExternal(link.externalUserId) : undefined;
        const html = (status: number, page: string) => {
          outgoing.writeHead(status, {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
          });
          outgoing.end(page);
        };
        if (!link || !applicant || link.expiresAt < Date.now()) {
          return html(404, websdkPage({ expired: true, action: '', externalUserId: '' }));
        }
        if (method === 'GET') {
          return html(200, websdkPage({ expired: false, action: path, externalUserId: link.externalUserId }));
        }
        if (method === 'POST') {
          const choice = new URLSearchParams(body).get('answer');
          const [answer, rejectType] =
            choice === 'RED_RETRY'
              ? (['RED', 'RETRY'] as const)
              : choice === 'RED_FINAL'
                ? (['RED', 'FINAL'] as const)
                : choice === 'GREEN'
                  ? (['GREEN', null] as const)
                  : [null, null];
          if (!answer) return html(400, websdkPage({ expired: false, action: path, externalUserId: '' }));
          // The webhook is sent before the member is sent back, as Sumsub's would be by then.
          void review(applicant.id, answer, rejectType).then(() => {
            const back = answer === 'GREEN' ? link.successUrl : link.rejectUrl;
            if (!back) return html(200, websdkPage({ expired: false, action: '', externalUserId: '', done: true }));
            outgoing.writeHead(303, { location: back });
            outgoing.end();
          });
          return;
        }
        return send(405, { description: 'Method not allowed', code: 405 });
      }
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
        // Sumsub answers a page of its own; the stub answers its page standing in for it (decision 347).
        const id = randomUUID().replace(/-/g, '');
        const redirect = (parsed.redirect ?? {}) as Record<string, unknown>;
        const ttl = Number(parsed.ttlInSecs ?? 1800);
        links.set(id, {
          externalUserId: String(parsed.userId ?? ''),
          successUrl: typeof redirect.successUrl === 'string' ? redirect.successUrl : null,
          rejectUrl: typeof redirect.rejectUrl === 'string' ? redirect.rejectUrl : null,
          expiresAt: Date.now() + (Number.isFinite(ttl) ? ttl : 1800) * 1000,
        });
        return send(200, { url: `${baseUrl}/_stub/websdk/${id}` });
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
  baseUrl = url;
  return {
    url,
    applicants,
    links,
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

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The stub's stand-in for Sumsub's hosted check: a developer's page, in English and French, never a member's. */
function websdkPage(options: { expired: boolean; action: string; externalUserId: string; done?: boolean }): string {
  const body = options.expired
    ? '<p>This link is unknown or expired. / Ce lien est inconnu ou expiré.</p>'
    : options.done
      ? '<p>Review set; the webhook was sent. / Examen fixé\u00a0; le webhook est envoyé.</p>'
      : `<p>Development stand-in for Sumsub’s identity check of member <code>${escapeHtml(options.externalUserId)}</code>.
Pick the review Sumsub’s reviewers would give; the stub sends the signed webhook and takes you back.</p>
<p lang="fr">Remplaçant de développement du contrôle d’identité de Sumsub. Choisissez l’examen que rendraient ses
examinateurs\u00a0; le bouchon envoie le webhook signé et vous ramène.</p>
<form method="post" action="${escapeHtml(options.action)}">
<button name="answer" value="GREEN">GREEN — approved / approuvé</button>
<button name="answer" value="RED_RETRY">RED RETRY — new documents / nouveaux documents</button>
<button name="answer" value="RED_FINAL">RED FINAL — rejected / refusé</button>
</form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Sumsub stub</title><style>body{font:16px system-ui;max-width:40rem;margin:3rem auto;padding:0 1rem}
button{display:block;margin:.75rem 0;padding:.75rem 1rem;font:inherit}</style></head>
<body><h1>Sumsub (local stub)</h1>${body}</body></html>`;
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
  assertStubAllowed(process.env);
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
  console.log('The member page’s “continue” opens this stub’s page, where GREEN or RED is picked.');
  console.log(
    `Review a member's applicant: curl -X POST ${stub.url}/_stub/members/<member id>/review -d '{"reviewAnswer":"GREEN"}'`,
  );
}
