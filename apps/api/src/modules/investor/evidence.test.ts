import { messages, SOPHISTICATION_MAX_DOCUMENTS } from '@parcelle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { executable, multipart, pdf, photo } from '../../../test/verification';
import { auditLog, users } from '../../db/schema';
import { sweepEvidenceDocuments } from './evidence';
import { sophisticationDocuments } from './schema';

/**
 * The evidence of a sophistication request (decisions 328–329) on PostgreSQL: attached by the member to their own
 * pending request with the identity documents' checks, read back by the member and by compliance and admin operators
 * (each operator view audited), by nobody else; the decision still works with it; the retention sweep deletes it.
 */
let t: TestApp;
let compliance: Awaited<ReturnType<typeof createOperator>>;
let support: Awaited<ReturnType<typeof createOperator>>;
let admin: Awaited<ReturnType<typeof createOperator>>;

type Member = Awaited<ReturnType<typeof createMember>> & { id: string };
async function newMember(): Promise<Member> {
  const created = await createMember(t, { verified: true, investorReady: false });
  return { ...created, id: (await userRow(t, created.email))?.id ?? '' };
}

async function askSophistication(member: Member): Promise<string> {
  const asked = await t.call('POST', '/api/user/investor/sophistication', {
    token: member.accessToken,
    body: {
      criteria: ['income_or_portfolio', 'market_transactions'],
      statement: 'Income of €80,000 a year; 12 trades a quarter on Euronext.',
      accepted: true,
    },
  });
  expect(asked.statusCode).toBe(200);
  return asked.json().data.sophistication.id;
}

function upload(member: Member, requestId: string, bytes: Buffer, type = 'application/pdf') {
  const { payload, headers } = multipart([{ name: 'file', filename: 'evidence.pdf', type, bytes }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/user/investor/sophistication/${requestId}/documents`,
    headers: { ...headers, authorization: `Bearer ${member.accessToken}` },
    payload,
  });
}

const download = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await createTestApp();
  compliance = await createOperator(t, 'compliance');
  support = await createOperator(t, 'support');
  admin = await createOperator(t, 'admin');
});
afterAll(() => t.close());

describe('attaching evidence to a sophistication request', () => {
  it('accepts a PDF and a photo on the member’s own pending request, listed on their profile', async () => {
    const member = await newMember();
    const requestId = await askSophistication(member);
    const first = await upload(member, requestId, await pdf());
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toEqual(messages.SophisticationDocumentSaved);
    const second = await upload(member, requestId, await photo(1200, 800, 'png'), 'image/png');
    expect(second.statusCode).toBe(200);
    const documents = second.json().data.sophistication.documents;
    expect(documents.map((d: { content_type: string }) => d.content_type)).toEqual(['application/pdf', 'image/png']);
    expect(documents[0]).toEqual({
      id: expect.any(String),
      content_type: 'application/pdf',
      size_bytes: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      uploaded_at: expect.any(String),
    });
    // Encrypted at rest: the stored bytes are not the file.
    const [stored] = await t.ctx.database.db
      .select()
      .from(sophisticationDocuments)
      .where(eq(sophisticationDocuments.id, documents[0].id));
    expect(stored?.contentEncrypted.includes(Buffer.from('%PDF-'))).toBe(false);
  });

  it('refuses a file by its content (an executable named .pdf), an empty upload and a file over 10 MB', async () => {
    const member = await newMember();
    const requestId = await askSophistication(member);
    const exe = await upload(member, requestId, executable());
    expect(exe.statusCode).toBe(400);
    expect(exe.json().error).toEqual(messages.VerificationDocumentType);
    const none = await upload(member, requestId, Buffer.alloc(0));
    expect(none.statusCode).toBe(400);
    const large = await upload(member, requestId, Buffer.concat([await pdf(), Buffer.alloc(10 * 1024 * 1024)]));
    expect(large.statusCode).toBe(413);
    expect(large.json().error).toEqual(messages.VerificationDocumentTooLarge);
    const tiny = await upload(member, requestId, await photo(300, 200), 'image/jpeg');
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().error).toEqual(messages.VerificationDocumentTooSmall);
    const stored = await t.ctx.database.db
      .select({ id: sophisticationDocuments.id })
      .from(sophisticationDocuments)
      .where(eq(sophisticationDocuments.requestId, requestId));
    expect(stored).toHaveLength(0);
  });

  it('answers 404 for another member’s request and an unknown one, as if it did not exist', async () => {
    const owner = await newMember();
    const intruder = await newMember();
    const requestId = await askSophistication(owner);
    const theirs = await upload(intruder, requestId, await pdf());
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toEqual(messages.SophisticationRequestNotFound);
    const unknown = await upload(intruder, '00000000-0000-4000-8000-000000000000', await pdf());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(theirs.json());
  });

  it('refuses a file once the request is decided, and beyond the limit per request', async () => {
    const member = await newMember();
    const requestId = await askSophistication(member);
    const file = await pdf();
    for (let i = 0; i < SOPHISTICATION_MAX_DOCUMENTS; i++) {
      expect((await upload(member, requestId, file)).statusCode).toBe(200);
    }
    const extra = await upload(member, requestId, file);
    expect(extra.statusCode).toBe(409);
    expect(extra.json().error).toEqual(messages.SophisticationDocumentsFull);

    const other = await newMember();
    const decidedId = await askSophistication(other);
    const rejected = await t.call('POST', `/api/admin/investor/sophistication-requests/${decidedId}/decide`, {
      token: compliance.accessToken,
      body: { decision: 'reject', reason: 'No evidence of the income.' },
    });
    expect(rejected.statusCode).toBe(200);
    const late = await upload(other, decidedId, file);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual(messages.SophisticationAlreadyDecided);
  });
});

describe('reading the evidence', () => {
  it('is open to the owner and to compliance and admin operators (audited), to nobody else', async () => {
    const owner = await newMember();
    const stranger = await newMember();
    const requestId = await askSophistication(owner);
    const file = await pdf();
    const uploaded = await upload(owner, requestId, file);
    const documentId: string = uploaded.json().data.sophistication.documents[0].id;
    const memberUrl = `/api/user/investor/sophistication/${requestId}/documents/${documentId}`;
    const adminUrl = `/api/admin/investor/sophistication-requests/${requestId}/documents/${documentId}`;

    const own = await download(owner.accessToken, memberUrl);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-security-policy']).toContain('sandbox');
    expect(own.rawPayload.equals(file)).toBe(true);

    // Another member: 404 on the member's route, and the console refuses them (not an operator).
    expect((await download(stranger.accessToken, memberUrl)).statusCode).toBe(404);
    expect((await download(stranger.accessToken, adminUrl)).statusCode).toBe(403);
    // The right request is needed: the document under another request's id is not found.
    const otherRequest = await askSophistication(stranger);
    expect(
      (await download(owner.accessToken, `/api/user/investor/sophistication/${otherRequest}/documents/${documentId}`))
        .statusCode,
    ).toBe(404);
    expect((await t.call('GET', memberUrl)).statusCode).toBe(401);

    // An operator without the role: 403, and nothing opened or audited.
    const bySupport = await download(support.accessToken, adminUrl);
    expect(bySupport.statusCode).toBe(403);
    expect(bySupport.json().error).toEqual(messages.OperatorRoleForbidden);

    const byCompliance = await download(compliance.accessToken, adminUrl);
    expect(byCompliance.statusCode).toBe(200);
    expect(byCompliance.rawPayload.equals(file)).toBe(true);
    const byAdmin = await download(admin.accessToken, adminUrl);
    expect(byAdmin.statusCode).toBe(200);

    const audited = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'investor_evidence.document_view'), eq(auditLog.targetId, owner.id)));
    const operatorIds = [(await userRow(t, admin.email))?.id, (await userRow(t, compliance.email))?.id];
    expect(audited.map((entry) => entry.actorId).sort()).toEqual(operatorIds.sort());
    expect(audited[0]?.details).toMatchObject({ request_id: requestId, document_id: documentId });
  });
});

describe('the decision with evidence', () => {
  it('shows compliance the documents in the queue, and approves as before', async () => {
    const member = await newMember();
    const requestId = await askSophistication(member);
    await upload(member, requestId, await pdf());
    const queue = await t.call('GET', '/api/admin/investor/sophistication-requests?state=pending', {
      token: compliance.accessToken,
    });
    const listed = queue.json().data.items.find((item: { id: string }) => item.id === requestId);
    expect(listed.documents).toHaveLength(1);
    const approved = await t.call('POST', `/api/admin/investor/sophistication-requests/${requestId}/decide`, {
      token: compliance.accessToken,
      body: { decision: 'approve' },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ state: 'approved', documents: [{ content_type: 'application/pdf' }] });
    const after = (await t.call('GET', '/api/user/investor', { token: member.accessToken })).json().data;
    expect(after).toMatchObject({ category: 'sophisticated', sophistication: { state: 'approved' } });
    expect(after.sophistication.documents).toHaveLength(1);
  });
});

describe('retention (decision 329)', () => {
  it('deletes the evidence five years after the account was closed, and keeps it before', async () => {
    const closedLongAgo = await newMember();
    const closedRecently = await newMember();
    for (const member of [closedLongAgo, closedRecently]) {
      await upload(member, await askSophistication(member), await pdf());
    }
    const now = new Date();
    const sixYears = new Date(now);
    sixYears.setUTCFullYear(now.getUTCFullYear() - 6);
    const fourYears = new Date(now);
    fourYears.setUTCFullYear(now.getUTCFullYear() - 4);
    await t.ctx.database.db.update(users).set({ disabledAt: sixYears }).where(eq(users.id, closedLongAgo.id));
    await t.ctx.database.db.update(users).set({ disabledAt: fourYears }).where(eq(users.id, closedRecently.id));
    expect(await sweepEvidenceDocuments(t.ctx.database.db, now)).toBe(1);
    const left = async (member: Member) =>
      (
        await t.ctx.database.db
          .select({ id: sophisticationDocuments.id })
          .from(sophisticationDocuments)
          .where(eq(sophisticationDocuments.userId, member.id))
      ).length;
    expect(await left(closedLongAgo)).toBe(0);
    expect(await left(closedRecently)).toBe(1);
    expect(await sweepEvidenceDocuments(t.ctx.database.db, now)).toBe(0);
  });
});
