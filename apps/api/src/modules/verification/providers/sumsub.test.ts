import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@parcelle/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, userRow } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { submitCase } from '../../../../test/verification';
import type { SumsubConfig } from '../../../config';
import {
  memberNotifications,
  verificationEvents,
  verificationProviderCases,
  verificationProviderEvents,
  verifications,
} from '../../../db/schema';
import { PROVIDER_CHECK_JOB, pollLateDecisions } from './provider-flow';
import { type WebhookAlgorithm, webhookDigest } from './sumsub-signature';
import { assertStubAllowed, loopbackOnly, startSumsubStub, webhookBody } from './sumsub-stub';

/**
 * The Sumsub adapter (issue 29, decisions 290–294) on PostgreSQL, against the local stub of Sumsub's API: the member's
 * session, the webhook's signature on the raw body, replays and duplicates, the decision read from the API and never
 * from the body, the poll when no webhook comes, and a late RED suspending an approved member.
 */
const WEBHOOK_SECRET = 'sumsub-webhook-secret-for-tests';
let stub: Awaited<ReturnType<typeof startSumsubStub>>;
let t: TestApp;

beforeAll(async () => {
  stub = await startSumsubStub({ appToken: 'sbx:parcelle-test', secretKey: 'sumsub-secret-key-for-tests' });
  const sumsub: SumsubConfig = {
    appToken: 'sbx:parcelle-test',
    secretKey: 'sumsub-secret-key-for-tests',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: stub.url,
    levelName: 'basic-kyc-level',
  };
  t = await createTestApp({
    verification: { provider: 'sumsub', sourceOfFundsMinor: 1_000_000, pollMinutes: 30, sumsub },
  });
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

const db = () => t.ctx.database.db;
const newcomer = () => createMember(t, { verified: true, approved: false });

async function memberId(email: string): Promise<string> {
  const row = await userRow(t, email);
  if (!row) throw new Error('no member');
  return row.id;
}

async function caseOf(email: string) {
  const [row] = await db()
    .select()
    .from(verifications)
    .where(eq(verifications.userId, await memberId(email)));
  return row;
}

async function lastEvent(caseId: string) {
  const [row] = await db()
    .select()
    .from(verificationEvents)
    .where(eq(verificationEvents.verificationId, caseId))
    .orderBy(desc(verificationEvents.seq))
    .limit(1);
  return row;
}

/** A member who submitted (in review, sent to Sumsub) and opened the hosted session: their applicant exists. */
async function memberAtSumsub(overrides: Record<string, unknown> = {}) {
  const member = await newcomer();
  await submitCase(t, member.accessToken, overrides);
  const session = await t.call('POST', '/api/user/verification/provider-session', { token: member.accessToken });
  expect(session.statusCode, session.body).toBe(200);
  const applicantId: string = session.json().data.applicant_id;
  const applicant = stub.applicants.get(applicantId);
  if (!applicant) throw new Error('the stub has no such applicant');
  return { member, applicantId, applicant };
}

function sendWebhook(body: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/verification/sumsub',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}

function signed(body: string, algorithm: WebhookAlgorithm = 'HMAC_SHA256_HEX', secret = WEBHOOK_SECRET) {
  return { 'x-payload-digest': webhookDigest(secret, body, algorithm), 'x-payload-digest-alg': algorithm };
}

const storedEvents = async (applicantId: string) =>
  db().select().from(verificationProviderEvents).where(eq(verificationProviderEvents.applicantId, applicantId));

const drainChecks = () => t.ctx.jobs.drain([PROVIDER_CHECK_JOB]);

describe('the hosted session', () => {
  it('is refused before sign-in and before the case is submitted', async () => {
    const anonymous = await t.call('POST', '/api/user/verification/provider-session');
    expect(anonymous.statusCode).toBe(401);
    const member = await newcomer();
    const early = await t.call('POST', '/api/user/verification/provider-session', { token: member.accessToken });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.fr).toBeTruthy();
  });

  it('creates the member’s own applicant (externalUserId = member id), signed, and answers a token and a link', async () => {
    const { member, applicantId, applicant } = await memberAtSumsub();
    expect(applicant.externalUserId).toBe(await memberId(member.email));
    expect(applicant.levelName).toBe('basic-kyc-level');
    const [link] = await db()
      .select()
      .from(verificationProviderCases)
      .where(eq(verificationProviderCases.applicantId, applicantId));
    expect(link?.externalUserId).toBe(await memberId(member.email));
    // Every call carried Sumsub's signature headers (the stub answers 401 to anything else).
    expect(stub.calls.at(-1)?.headers['x-app-token']).toBe('sbx:parcelle-test');
    // A second session reuses the applicant; another member gets their own.
    const again = await t.call('POST', '/api/user/verification/provider-session', { token: member.accessToken });
    expect(again.json().data).toMatchObject({ provider: 'sumsub', applicant_id: applicantId });
    expect(again.json().data.access_token).toMatch(/^_act-/);
    // The stub answers its own page for the hosted check (decision 347), on loopback.
    expect(again.json().data.url).toMatch(new RegExp(`^${stub.url}/_stub/websdk/[a-f0-9]+$`));
    const other = await memberAtSumsub();
    expect(other.applicantId).not.toBe(applicantId);
    expect(other.applicant.externalUserId).not.toBe(applicant.externalUserId);
  });

  it('answers 503 with both languages when Sumsub does not answer', async () => {
    const member = await newcomer();
    await submitCase(t, member.accessToken);
    stub.setUnavailable(true);
    try {
      const down = await t.call('POST', '/api/user/verification/provider-session', { token: member.accessToken });
      expect(down.statusCode).toBe(503);
      expect(down.json().error).toMatchObject({ en: expect.any(String), fr: expect.any(String) });
    } finally {
      stub.setUnavailable(false);
    }
  });
});

describe('the member’s step and the local hosted page (decisions 345–347)', () => {
  const state = async (token: string) =>
    (await t.call('GET', '/api/user/verification', { token })).json().data.provider as { name: string; step: string };

  it('names the provider and moves to_open → with_provider for the member’s own case only', async () => {
    const member = await newcomer();
    expect(await state(member.accessToken)).toEqual({ name: 'sumsub', step: 'none' });
    await submitCase(t, member.accessToken);
    expect(await state(member.accessToken)).toEqual({ name: 'sumsub', step: 'to_open' });
    // Another member's session opens their own applicant and leaves this member's step alone.
    const other = await newcomer();
    await submitCase(t, other.accessToken);
    const theirs = await t.call('POST', '/api/user/verification/provider-session', { token: other.accessToken });
    expect(theirs.statusCode).toBe(200);
    expect(stub.applicants.get(theirs.json().data.applicant_id)?.externalUserId).toBe(await memberId(other.email));
    expect(await state(member.accessToken)).toEqual({ name: 'sumsub', step: 'to_open' });
    expect(await state(other.accessToken)).toEqual({ name: 'sumsub', step: 'with_provider' });
  });

  it('answers a local link whose page sets the review, sends the signed webhook and returns the member', async () => {
    // A second stub, sending its webhooks to the app as Sumsub does (through a loopback relay to the injected app).
    const relayed: number[] = [];
    const relay = createHttpServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', async () => {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/webhooks/verification/sumsub',
          headers: {
            'content-type': 'application/json',
            'x-payload-digest': String(incoming.headers['x-payload-digest']),
            'x-payload-digest-alg': String(incoming.headers['x-payload-digest-alg']),
          },
          payload: Buffer.concat(chunks),
        });
        relayed.push(answer.statusCode);
        outgoing.writeHead(answer.statusCode).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
    const sending = await startSumsubStub({
      appToken: 'sbx:parcelle-test',
      secretKey: 'sumsub-secret-key-for-tests',
      webhook: { url: relayUrl, secret: WEBHOOK_SECRET },
    });
    const configured = t.ctx.config.verification.sumsub;
    if (!configured) throw new Error('no Sumsub config');
    const apiUrl = configured.apiUrl;
    configured.apiUrl = sending.url;
    try {
      const member = await newcomer();
      await submitCase(t, member.accessToken);
      const session = await t.call('POST', '/api/user/verification/provider-session', { token: member.accessToken });
      expect(session.statusCode, session.body).toBe(200);
      const url: string = session.json().data.url;
      expect(url.startsWith(`${sending.url}/_stub/websdk/`)).toBe(true);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('value="GREEN"');
      expect(html).toContain('value="RED_FINAL"');
      const chosen = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'answer=GREEN',
        redirect: 'manual',
      });
      expect(chosen.status).toBe(303);
      expect(chosen.headers.get('location')).toBe(`${t.ctx.config.publicUrl}/user/verification?from=provider`);
      expect(relayed).toEqual([200]);
      expect(await state(member.accessToken)).toEqual({ name: 'sumsub', step: 'with_provider' });
      await drainChecks();
      const after = (await t.call('GET', '/api/user/verification', { token: member.accessToken })).json().data;
      expect(after.state).toBe('approved');
      expect(after.provider).toEqual({ name: 'sumsub', step: 'decided' });
      // Decided: no session opens any more (409, both languages).
      const late = await t.call('POST', '/api/user/verification/provider-session', { token: member.accessToken });
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toEqual(messages.VerificationProviderNotAwaiting);
    } finally {
      configured.apiUrl = apiUrl;
      await sending.close();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    }
  });

  it('refuses the page to a caller naming the stub by another host, and an unknown link', async () => {
    const member = await newcomer();
    await submitCase(t, member.accessToken);
    const session = await t.call('POST', '/api/user/verification/provider-session', { token: member.accessToken });
    const url = new URL(session.json().data.url as string);
    const rebound = await new Promise<number>((resolve, reject) => {
      const asked = httpRequest(
        { host: '127.0.0.1', port: url.port, path: url.pathname, headers: { host: `parcelle.example:${url.port}` } },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        },
      );
      asked.on('error', reject);
      asked.end();
    });
    expect(rebound).toBe(403);
    expect((await fetch(`${stub.url}/_stub/websdk/0000`)).status).toBe(404);
    expect(loopbackOnly('127.0.0.1', 'localhost:8787')).toBe(true);
    expect(loopbackOnly('::1', '[::1]:8787')).toBe(true);
    expect(loopbackOnly('10.0.0.7', '127.0.0.1:8787')).toBe(false);
    expect(loopbackOnly('127.0.0.1', undefined)).toBe(false);
  });

  it('never starts in production (where config.ts also refuses a loopback SUMSUB_API_URL)', () => {
    expect(() => assertStubAllowed({ NODE_ENV: 'production' })).toThrow(/production/);
    expect(() => assertStubAllowed({ NODE_ENV: 'development' })).not.toThrow();
  });
});

describe('the webhook’s signature, on the raw body', () => {
  it('accepts HMAC_SHA256_HEX and HMAC_SHA512_HEX digests of the exact bytes', async () => {
    const { applicantId, applicant } = await memberAtSumsub();
    const body = webhookBody(applicant, 'applicantPending');
    expect((await sendWebhook(body, signed(body))).statusCode).toBe(200);
    const other = webhookBody(applicant, 'applicantCreated');
    expect((await sendWebhook(other, signed(other, 'HMAC_SHA512_HEX'))).statusCode).toBe(200);
    expect(await storedEvents(applicantId)).toHaveLength(2);
  });

  it('refuses a bad, missing or other-algorithm signature, and stores nothing', async () => {
    const { applicantId, applicant } = await memberAtSumsub();
    const body = webhookBody(applicant, 'applicantReviewed');
    const bad = await sendWebhook(body, signed(body, 'HMAC_SHA256_HEX', 'another-secret'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ en: 'Invalid signature.', fr: 'Signature invalide.' });
    // The digest of other bytes (a re-serialised body) does not verify these.
    const reserialised = JSON.stringify(JSON.parse(body), null, 2);
    expect((await sendWebhook(reserialised, signed(body))).statusCode).toBe(400);
    expect((await sendWebhook(body, {})).statusCode).toBe(400);
    expect((await sendWebhook(body, { 'x-payload-digest': signed(body)['x-payload-digest'] })).statusCode).toBe(400);
    const sha1 = { 'x-payload-digest': signed(body)['x-payload-digest'], 'x-payload-digest-alg': 'HMAC_SHA1_HEX' };
    expect((await sendWebhook(body, sha1)).statusCode).toBe(400);
    expect(await storedEvents(applicantId)).toEqual([]);
  });
});

describe('decisions', () => {
  it('approves a low-risk case on the GREEN read from the API, once, whatever replays and duplicates follow', async () => {
    const { member, applicantId, applicant } = await memberAtSumsub();
    await stub.review(applicantId, 'GREEN');
    const body = webhookBody(applicant, 'applicantReviewed', 'GREEN');
    const first = await sendWebhook(body, signed(body));
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const duplicate = await sendWebhook(body, signed(body));
    expect(duplicate.json()).toEqual({ received: true, duplicate: true });
    await drainChecks();
    const row = await caseOf(member.email);
    expect(row?.state).toBe('approved');
    expect(await lastEvent(row?.id ?? '')).toMatchObject({ actor: 'system', reasonCode: 'provider_approved' });
    expect(await storedEvents(applicantId)).toHaveLength(1);
    // A replay later, and another event reporting the same review, change nothing.
    expect((await sendWebhook(body, signed(body))).json().duplicate).toBe(true);
    const same = webhookBody(applicant, 'applicantReviewed', 'GREEN');
    await sendWebhook(same, signed(same));
    await drainChecks();
    const approvals = await db()
      .select()
      .from(verificationEvents)
      .where(and(eq(verificationEvents.verificationId, row?.id ?? ''), eq(verificationEvents.toState, 'approved')));
    expect(approvals).toHaveLength(1);
    const told = await db()
      .select()
      .from(memberNotifications)
      .where(eq(memberNotifications.userId, await memberId(member.email)));
    expect(told.map((n) => n.payload)).toContainEqual(expect.objectContaining({ decision: 'approved' }));
  });

  it('takes the decision from the API, never from the body: a body saying GREEN while the API says RED rejects', async () => {
    const { member, applicantId, applicant } = await memberAtSumsub();
    await stub.review(applicantId, 'RED', 'FINAL');
    const lie = webhookBody(applicant, 'applicantReviewed', 'GREEN');
    await sendWebhook(lie, signed(lie));
    await drainChecks();
    const row = await caseOf(member.email);
    expect(row?.state).toBe('rejected');
    expect(await lastEvent(row?.id ?? '')).toMatchObject({ reasonCode: 'provider_rejected' });
  });

  it('does nothing while the API says the review is not completed, whatever the body says', async () => {
    const { member, applicantId, applicant } = await memberAtSumsub();
    await stub.review(applicantId, 'pending');
    const lie = webhookBody(applicant, 'applicantReviewed', 'GREEN');
    await sendWebhook(lie, signed(lie));
    await drainChecks();
    expect((await caseOf(member.email))?.state).toBe('in_review');
  });

  it('asks for more on RED RETRY', async () => {
    const { member, applicantId, applicant } = await memberAtSumsub();
    await stub.review(applicantId, 'RED', 'RETRY');
    const body = webhookBody(applicant, 'applicantReviewed', 'RED');
    await sendWebhook(body, signed(body));
    await drainChecks();
    const row = await caseOf(member.email);
    expect(row?.state).toBe('resubmission_requested');
    expect(await lastEvent(row?.id ?? '')).toMatchObject({ reasonCode: 'provider_resubmission' });
  });

  it('leaves a high-risk case GREEN at Sumsub in the compliance queue', async () => {
    const { member, applicantId, applicant } = await memberAtSumsub({
      politically_exposed: true,
      pep_details: 'Mayor of a town since 2020',
    });
    expect((await caseOf(member.email))?.riskLevel).toBe('high');
    await stub.review(applicantId, 'GREEN');
    const body = webhookBody(applicant, 'applicantReviewed');
    await sendWebhook(body, signed(body));
    await drainChecks();
    const row = await caseOf(member.email);
    expect(row?.state).toBe('in_review');
    expect(await lastEvent(row?.id ?? '')).toMatchObject({ reasonCode: 'provider_approved_needs_review' });
  });

  it('leaves a possible sanctions hit GREEN at Sumsub in the compliance queue', async () => {
    const { member, applicantId, applicant } = await memberAtSumsub({
      legal_first_name: 'Balanescu',
      legal_last_name: 'Gheorghe',
      birth_date: '1966-07-21',
      nationality: 'RO',
    });
    await stub.review(applicantId, 'GREEN');
    const body = webhookBody(applicant, 'applicantReviewed');
    await sendWebhook(body, signed(body));
    await drainChecks();
    expect((await caseOf(member.email))?.state).toBe('in_review');
  });

  it('ignores an applicant whose API record names another member', async () => {
    const { member, applicantId, applicant } = await memberAtSumsub();
    await stub.review(applicantId, 'GREEN');
    applicant.externalUserId = crypto.randomUUID();
    const body = webhookBody(applicant, 'applicantReviewed');
    await sendWebhook(body, signed(body));
    await drainChecks();
    expect((await caseOf(member.email))?.state).toBe('in_review');
  });

  it('suspends an approved member on a later RED (provider_late_decision)', async () => {
    const { member, applicantId, applicant } = await memberAtSumsub();
    await stub.review(applicantId, 'GREEN');
    const green = webhookBody(applicant, 'applicantReviewed');
    await sendWebhook(green, signed(green));
    await drainChecks();
    expect((await caseOf(member.email))?.state).toBe('approved');
    await stub.review(applicantId, 'RED', 'FINAL');
    const red = webhookBody(applicant, 'applicantReviewed', 'RED');
    await sendWebhook(red, signed(red));
    await drainChecks();
    const row = await caseOf(member.email);
    expect(row?.state).toBe('suspended');
    expect(await lastEvent(row?.id ?? '')).toMatchObject({ actor: 'system', reasonCode: 'provider_late_decision' });
  });
});

describe('the poll', () => {
  it('asks Sumsub for a decision whose webhook never came, once the case waited longer than the setting', async () => {
    const { member, applicantId } = await memberAtSumsub();
    await stub.review(applicantId, 'GREEN');
    // Not yet due: nothing is asked.
    const soon = await pollLateDecisions(t.ctx, new Date(Date.now() + 5 * 60_000));
    expect((await caseOf(member.email))?.state).toBe('in_review');
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await pollLateDecisions(t.ctx, later)).toBeGreaterThan(soon);
    expect((await caseOf(member.email))?.state).toBe('approved');
    // Decided: the next poll leaves it alone.
    const [link] = await db()
      .select()
      .from(verificationProviderCases)
      .where(eq(verificationProviderCases.applicantId, applicantId));
    expect(link?.decidedAt).not.toBeNull();
  });
});
