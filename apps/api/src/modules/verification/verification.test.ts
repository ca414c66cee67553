import { createHash, randomUUID } from 'node:crypto';
import { messages } from '@parcelle/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator, lastMessageTo, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { caseIdOf, declaration, executable, pdf, photo, submitCase, uploadDocument } from '../../../test/verification';
import {
  auditLog,
  memberNotifications,
  users,
  verificationDocuments,
  verificationEvents,
  verifications,
} from '../../db/schema';
import { DEMO_MEMBER, seed } from '../../db/seed';
import { suspendBySystem } from './decide';
import { openDocument } from './documents';
import { sweepVerificationRecords } from './retention';
import { RISK_RULE_VERSION } from './risk-rules';
import { type ScreenedPerson, submitVerification } from './submit-verification';

/**
 * Identity verification (issue 29) on PostgreSQL: the member's side (declaration, documents checked by content and
 * encrypted at rest, submission), the compliance side (queue, case, documents for the compliance role only, audited
 * views, decisions told to the member in their language), four eyes on high risk, the export and the retention job.
 */
let t: TestApp;
let compliance: Awaited<ReturnType<typeof createOperator>>;
let secondCompliance: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  compliance = await createOperator(t, 'compliance');
  secondCompliance = await createOperator(t, 'compliance');
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
const newcomer = (language: 'en' | 'fr' = 'en') =>
  createMember(t, { verified: true, approved: false, overrides: { lang: language } });
const status = async (token: string) => (await t.call('GET', '/api/user/verification', { token })).json().data;
const decide = (caseId: string, action: string, body: Record<string, unknown>, token = compliance.accessToken) =>
  t.call('POST', `/api/admin/verifications/${caseId}/${action}`, { token, body });

describe('the member’s side', () => {
  it('starts not started, says what is missing, and saves the declaration (collecting)', async () => {
    const member = await newcomer();
    const fresh = await status(member.accessToken);
    expect(fresh).toMatchObject({
      state: 'not_started',
      verified: false,
      declaration: null,
      documents: [],
      missing: ['declared_data', 'identity_front', 'identity_back', 'proof_of_address'],
      can_edit: true,
      can_submit: false,
      source_of_funds_threshold_minor: 1_000_000,
    });
    const saved = await t.call('PUT', '/api/user/verification', {
      token: member.accessToken,
      body: declaration({ identity_document_type: 'passport' }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toEqual(messages.VerificationSaved);
    expect(saved.json().data).toMatchObject({
      state: 'collecting',
      missing: ['identity_front', 'proof_of_address'],
    });
    const [event] = await db()
      .select()
      .from(verificationEvents)
      .innerJoin(verifications, eq(verifications.id, verificationEvents.verificationId))
      .where(eq(verifications.userId, (await userRow(t, member.email))?.id ?? ''));
    expect(event?.verification_events).toMatchObject({
      fromState: 'not_started',
      toState: 'collecting',
      actor: 'member',
      reasonCode: 'member_started',
    });
  });

  it('asks for the source of funds from the configured amount, and PEP details when declared', async () => {
    const member = await newcomer();
    const large = await t.call('PUT', '/api/user/verification', {
      token: member.accessToken,
      body: declaration({ expected_yearly_investment_minor: 1_000_000 }),
    });
    expect(large.json().data.missing).toContain('source_of_funds');
    const explained = await t.call('PUT', '/api/user/verification', {
      token: member.accessToken,
      body: declaration({
        expected_yearly_investment_minor: 1_000_000,
        source_of_funds: { kind: 'savings', details: 'Savings from my salary since 2015' },
      }),
    });
    expect(explained.json().data.missing).not.toContain('source_of_funds');
    const pep = await t.call('PUT', '/api/user/verification', {
      token: member.accessToken,
      body: declaration({ politically_exposed: true }),
    });
    expect(pep.statusCode).toBe(400);
    expect(pep.json()).toMatchObject({ error: messages.VerificationPepDetailsRequired, field: 'pep_details' });
    const bad = await t.call('PUT', '/api/user/verification', {
      token: member.accessToken,
      body: declaration({ nationality: 'France' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('nationality');
  });

  it('checks documents by content: a .exe renamed .pdf, a text file and a tiny picture are refused', async () => {
    const member = await newcomer();
    const renamed = await uploadDocument(t, member.accessToken, 'identity_front', executable(), {
      filename: 'passport.pdf',
      type: 'application/pdf',
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ error: messages.VerificationDocumentType, field: 'file' });
    const text = await uploadDocument(
      t,
      member.accessToken,
      'identity_front',
      Buffer.from('just some text, not a document'),
      {
        filename: 'id.jpg',
      },
    );
    expect(text.json().error).toEqual(messages.VerificationDocumentType);
    const truncated = (await pdf()).subarray(0, 200);
    const broken = await uploadDocument(t, member.accessToken, 'proof_of_address', truncated, {
      filename: 'bill.pdf',
      type: 'application/pdf',
    });
    expect(broken.json().error).toEqual(messages.VerificationDocumentInvalid);
    const tiny = await uploadDocument(t, member.accessToken, 'identity_front', await photo(300, 200, 'png'));
    expect(tiny.json().error).toEqual(messages.VerificationDocumentTooSmall);
    const badKind = await uploadDocument(t, member.accessToken, 'selfie', await photo());
    expect(badKind.json()).toMatchObject({ error: messages.VerificationDocumentKindInvalid, field: 'kind' });
    const large = await uploadDocument(t, member.accessToken, 'identity_front', Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(large.statusCode).toBe(413);
    expect((await status(member.accessToken)).documents).toEqual([]);
    // A real PNG and a real JPEG pass (the declared type does not matter: the bytes do).
    const png = await uploadDocument(t, member.accessToken, 'identity_front', await photo(900, 600, 'png'), {
      filename: 'front.jpeg',
      type: 'image/jpeg',
    });
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().data.documents).toMatchObject([
      { kind: 'identity_front', content_type: 'image/png', width: 900, height: 600 },
    ]);
  });

  it('encrypts documents at rest, bound to the member and the document; nothing is public', async () => {
    const member = await newcomer();
    const bytes = await photo(1000, 700);
    expect((await uploadDocument(t, member.accessToken, 'identity_front', bytes)).statusCode).toBe(200);
    const userId = (await userRow(t, member.email))?.id ?? '';
    const [stored] = await db().select().from(verificationDocuments).where(eq(verificationDocuments.userId, userId));
    if (!stored) throw new Error('no document stored');
    expect(stored.contentEncrypted.includes(bytes.subarray(0, 64))).toBe(false);
    expect(openDocument(t.ctx.config.serverSecret, userId, stored.id, stored.contentEncrypted).equals(bytes)).toBe(
      true,
    );
    expect(() => openDocument(t.ctx.config.serverSecret, userId, randomUUID(), stored.contentEncrypted)).toThrow();
    // A replaced document is kept, marked replaced; the member's list shows the current one.
    expect((await uploadDocument(t, member.accessToken, 'identity_front', await photo(1100, 700))).statusCode).toBe(
      200,
    );
    const rows = await db().select().from(verificationDocuments).where(eq(verificationDocuments.userId, userId));
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.replacedAt === null)).toHaveLength(1);
    expect((await status(member.accessToken)).documents).toHaveLength(1);
  });

  it('refuses an incomplete submission; a complete one goes to review with its risk rating and version', async () => {
    const member = await newcomer();
    const early = await t.call('POST', '/api/user/verification/submit', { token: member.accessToken });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toEqual(messages.VerificationIncomplete);
    const submitted = await submitCase(t, member.accessToken);
    expect(submitted).toMatchObject({ state: 'in_review', missing: [], can_edit: false, can_submit: false });
    const userId = (await userRow(t, member.email))?.id ?? '';
    const [row] = await db().select().from(verifications).where(eq(verifications.userId, userId));
    expect(row).toMatchObject({ riskLevel: 'low', riskRuleVersion: RISK_RULE_VERSION });
    const events = await db()
      .select()
      .from(verificationEvents)
      .where(eq(verificationEvents.verificationId, row?.id ?? ''))
      .orderBy(verificationEvents.seq);
    expect(events.slice(-2).map((event) => [event.toState, event.actor, event.reasonCode])).toEqual([
      ['submitted', 'member', 'member_submitted'],
      ['in_review', 'system', 'provider_review'],
    ]);
    // Sent: nothing more can be changed by the member.
    const late = await t.call('PUT', '/api/user/verification', { token: member.accessToken, body: declaration() });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual(messages.VerificationNotEditable);
    expect((await uploadDocument(t, member.accessToken, 'identity_back', await photo())).statusCode).toBe(409);
    // The in-house provider (the default): the state names it, with no hosted step, and no session opens (404).
    expect(submitted.provider).toEqual({ name: 'manual', step: 'none' });
    const session = await t.call('POST', '/api/user/verification/provider-session', { token: member.accessToken });
    expect(session.statusCode).toBe(404);
    expect(session.json().error).toEqual(messages.VerificationProviderNotUsed);
  });

  it('keeps the history append-only in the database', async () => {
    const [event] = await db().select().from(verificationEvents).limit(1);
    await expect(
      db()
        .update(verificationEvents)
        .set({ message: 'rewritten' })
        .where(eq(verificationEvents.id, event?.id ?? '')),
    ).rejects.toThrow();
    await expect(
      db()
        .delete(verificationEvents)
        .where(eq(verificationEvents.id, event?.id ?? '')),
    ).rejects.toThrow();
  });
});

describe('the compliance side', () => {
  it('lists the queue with filters, sorting and paging on the server', async () => {
    const first = await newcomer();
    await submitCase(t, first.accessToken);
    const pep = await newcomer();
    await submitCase(t, pep.accessToken, { politically_exposed: true, pep_details: 'Mayor of a town since 2020' });
    const queue = await t.call('GET', '/api/admin/verifications?state=in_review&sort=submitted_at&order=asc', {
      token: compliance.accessToken,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const rows = queue.json().data.verifications;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row: { state: string }) => row.state === 'in_review')).toBe(true);
    const submitted = rows.map((row: { submitted_at: string }) => row.submitted_at);
    expect([...submitted].sort()).toEqual(submitted);
    const high = (await t.call('GET', '/api/admin/verifications?risk=high', { token: compliance.accessToken })).json()
      .data;
    expect(high.verifications.map((row: { member: { email: string } }) => row.member.email)).toContain(pep.email);
    expect(high.verifications.every((row: { risk: string }) => row.risk === 'high')).toBe(true);
    const page = (
      await t.call('GET', '/api/admin/verifications?limit=1&offset=1', { token: compliance.accessToken })
    ).json().data;
    expect(page.verifications).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const old = (
      await t.call('GET', '/api/admin/verifications?older_than_days=30', { token: compliance.accessToken })
    ).json().data;
    expect(old.verifications).toEqual([]);
    const bad = await t.call('GET', '/api/admin/verifications?sort=password_hash', { token: compliance.accessToken });
    expect(bad.statusCode).toBe(400);
  });

  it('shows the case: declared data, documents listed, history', async () => {
    const member = await newcomer();
    await submitCase(t, member.accessToken);
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    const response = await t.call('GET', `/api/admin/verifications/${caseId}`, { token: compliance.accessToken });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      state: 'in_review',
      risk: 'low',
      declaration: { legal_last_name: 'Martin', address: { city: 'Paris' } },
      risk_assessment: { level: 'low', rule_version: RISK_RULE_VERSION },
      awaiting_second_approval: false,
    });
    expect(data.documents.map((document: { kind: string }) => document.kind).sort()).toEqual([
      'identity_back',
      'identity_front',
      'proof_of_address',
    ]);
    expect(data.history.map((event: { to_state: string }) => event.to_state)).toEqual([
      'collecting',
      'submitted',
      'in_review',
    ]);
  });

  it('opens documents to the compliance role only (role matrix), and audits every view', async () => {
    const member = await newcomer();
    await submitCase(t, member.accessToken);
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    const documents = (
      await t.call('GET', `/api/admin/verifications/${caseId}`, { token: compliance.accessToken })
    ).json().data.documents;
    const proof = documents.find((document: { kind: string }) => document.kind === 'proof_of_address');
    const url = `/api/admin/verifications/${caseId}/documents/${proof.id}`;
    for (const role of ['admin', 'finance', 'support', 'catalogue'] as const) {
      const other = await createOperator(t, role);
      const refused = await t.call('GET', url, { token: other.accessToken });
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().error).toEqual(messages.OperatorRoleForbidden);
      const decision = await decide(caseId, 'approve', { reason_code: 'documents_verified' }, other.accessToken);
      expect(decision.statusCode, role).toBe(403);
    }
    // A member, even the document's owner, never reaches the operators' route.
    expect((await t.call('GET', url, { token: member.accessToken })).statusCode).toBe(403);
    const before = await db().select().from(auditLog).where(eq(auditLog.action, 'verification.document_view'));
    const view = await t.call('GET', url, { token: compliance.accessToken });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const after = await db().select().from(auditLog).where(eq(auditLog.action, 'verification.document_view'));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      actorId: (await userRow(t, compliance.email))?.id,
      targetId: caseId,
      details: {
        document_id: proof.id,
        kind: 'proof_of_address',
        sha256: createHash('sha256').update(view.rawPayload).digest('hex'),
      },
    });
    // Another case's id with this document: not found.
    const elsewhere = await newcomer();
    await submitCase(t, elsewhere.accessToken);
    const otherCase = await caseIdOf(t, compliance.accessToken, elsewhere.email);
    const mixed = await t.call('GET', `/api/admin/verifications/${otherCase}/documents/${proof.id}`, {
      token: compliance.accessToken,
    });
    expect(mixed.statusCode).toBe(404);
  });

  it('approves a standard case: audited, the member told in their language in the app and by email', async () => {
    const member = await newcomer('fr');
    await submitCase(t, member.accessToken);
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    const approved = await decide(caseId, 'approve', { reason_code: 'documents_verified', message: 'Bienvenue.' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toEqual(messages.VerificationApprovedDone);
    expect(approved.json().data.state).toBe('approved');
    expect(await status(member.accessToken)).toMatchObject({
      state: 'approved',
      verified: true,
      last_decision: { state: 'approved', reason_code: 'documents_verified', message: 'Bienvenue.' },
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'verification.approve'), eq(auditLog.targetId, caseId)));
    expect(entry).toMatchObject({ before: { state: 'in_review' }, after: { state: 'approved' } });
    const mail = await lastMessageTo(t, member.email);
    expect(mail?.subject).toContain('Votre identité est vérifiée');
    expect(mail?.text).toContain('Bienvenue.');
    const inbox = (await t.call('GET', '/api/member/notifications', { token: member.accessToken })).json().data;
    expect(inbox.notifications[0]).toMatchObject({
      kind: 'verification_decided',
      payload: { decision: 'approved', reason_code: 'documents_verified' },
    });
    // Approved cannot be approved again, nor rejected.
    expect((await decide(caseId, 'reject', { reason_code: 'document_forged', message: 'x' })).statusCode).toBe(409);
  });

  it('asks for more (the member edits and submits again) and rejects, with a message required', async () => {
    const member = await newcomer();
    await submitCase(t, member.accessToken);
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    const silent = await decide(caseId, 'request-resubmission', {
      reason_code: 'document_unreadable',
      message: ' ',
      document_kinds: ['identity_back'],
    });
    expect(silent.statusCode).toBe(400);
    expect(silent.json().error).toEqual(messages.VerificationMessageRequired);
    const asked = await decide(caseId, 'request-resubmission', {
      reason_code: 'document_unreadable',
      message: 'The back of your ID card is blurred: please send a sharper photo.',
      document_kinds: ['identity_back'],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const waiting = await status(member.accessToken);
    expect(waiting).toMatchObject({
      state: 'resubmission_requested',
      can_edit: true,
      can_submit: false,
      documents_to_resend: ['identity_back'],
    });
    expect((await lastMessageTo(t, member.email))?.text).toContain('sharper photo');
    expect((await uploadDocument(t, member.accessToken, 'identity_back', await photo(1300, 900))).statusCode).toBe(200);
    expect(await status(member.accessToken)).toMatchObject({
      state: 'collecting',
      can_submit: true,
      documents_to_resend: [],
    });
    const again = await t.call('POST', '/api/user/verification/submit', { token: member.accessToken });
    expect(again.json().data.state).toBe('in_review');
    const rejected = await decide(caseId, 'reject', {
      reason_code: 'identity_not_established',
      message: 'The documents do not match.',
    });
    expect(rejected.json().data.state).toBe('rejected');
    expect((await t.call('POST', '/api/user/verification/submit', { token: member.accessToken })).statusCode).toBe(409);
  });

  it('suspends an approved member and then reinstates or closes (only from suspended)', async () => {
    const member = await newcomer();
    await submitCase(t, member.accessToken);
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    expect((await decide(caseId, 'close', { reason_code: 'relationship_ended', message: 'x' })).statusCode).toBe(409);
    await decide(caseId, 'approve', { reason_code: 'documents_verified' });
    const suspended = await decide(caseId, 'suspend', {
      reason_code: 'adverse_information',
      message: 'We need to review your account.',
    });
    expect(suspended.json().data.state).toBe('suspended');
    expect((await status(member.accessToken)).verified).toBe(false);
    const reinstated = await decide(caseId, 'approve', { reason_code: 'hit_cleared' });
    expect(reinstated.json().data.state).toBe('approved');
    await decide(caseId, 'suspend', { reason_code: 'sanctions_possible_hit', message: 'Review.' });
    const closed = await decide(caseId, 'close', { reason_code: 'sanctions_confirmed', message: 'Closed.' });
    expect(closed.json().data.state).toBe('closed');
    const [row] = await db().select().from(verifications).where(eq(verifications.id, caseId));
    expect(row?.closedAt).toBeInstanceOf(Date);
  });
});

describe('four eyes on high risk', () => {
  it('needs a second, different compliance operator; the database refuses one operator twice', async () => {
    const member = await newcomer();
    await submitCase(t, member.accessToken, { nationality: 'IR' });
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    const [row] = await db().select().from(verifications).where(eq(verifications.id, caseId));
    expect(row).toMatchObject({ riskLevel: 'high', riskReasons: ['high_risk_country:IR'] });

    const first = await decide(caseId, 'approve', { reason_code: 'enhanced_due_diligence_complete' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toEqual(messages.VerificationFirstApprovalDone);
    expect(first.json().data).toMatchObject({ state: 'in_review', awaiting_second_approval: true });
    expect((await status(member.accessToken)).verified).toBe(false);
    const queue = (
      await t.call('GET', '/api/admin/verifications?awaiting_second_approval=true', { token: compliance.accessToken })
    ).json().data;
    expect(queue.verifications.map((entry: { id: string }) => entry.id)).toContain(caseId);

    const same = await decide(caseId, 'approve', { reason_code: 'enhanced_due_diligence_complete' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toEqual(messages.VerificationSecondApproverRequired);
    // The database itself: approved by the first approver alone is refused.
    const firstId = (await userRow(t, compliance.email))?.id ?? '';
    await expect(
      db().update(verifications).set({ state: 'approved', approvedBy: firstId }).where(eq(verifications.id, caseId)),
    ).rejects.toMatchObject({ cause: { constraint: 'verifications_four_eyes' } });
    await expect(
      db()
        .update(verifications)
        .set({ state: 'approved', firstApprovedBy: null, approvedBy: firstId })
        .where(eq(verifications.id, caseId)),
    ).rejects.toMatchObject({ cause: { constraint: 'verifications_high_risk_two_approvals' } });

    const second = await decide(
      caseId,
      'approve',
      { reason_code: 'enhanced_due_diligence_complete' },
      secondCompliance.accessToken,
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ state: 'approved', awaiting_second_approval: false });
    expect((await status(member.accessToken)).verified).toBe(true);
    const history = second.json().data.history.map((event: { reason_code: string }) => event.reason_code);
    expect(history.slice(-2)).toEqual(['first_approval', 'enhanced_due_diligence_complete']);
  });

  it('an operator cannot decide on their own verification', async () => {
    const operator = await createOperator(t, 'compliance');
    // The operator's own case (approved as every test member is), suspended by a colleague, then theirs to judge.
    const caseId = await caseIdOf(t, compliance.accessToken, operator.email);
    await decide(caseId, 'suspend', { reason_code: 'adverse_information', message: 'Check.' });
    const own = await decide(caseId, 'approve', { reason_code: 'hit_cleared' }, operator.accessToken);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toEqual(messages.VerificationOwnCase);
  });
});

describe('a request for new documents names the kinds to send again (decision 411)', () => {
  it('refuses a request without kinds, with an unknown or repeated kind, or one the case does not use', async () => {
    const member = await newcomer();
    await submitCase(t, member.accessToken, { identity_document_type: 'passport' });
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    const body = { reason_code: 'document_unreadable', message: 'Please send it again.' };
    const none = await decide(caseId, 'request-resubmission', body);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toEqual(messages.VerificationDocumentKindsRequired);
    const empty = await decide(caseId, 'request-resubmission', { ...body, document_kinds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual(messages.VerificationDocumentKindsRequired);
    const unknown = await decide(caseId, 'request-resubmission', { ...body, document_kinds: ['selfie'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual(messages.VerificationDocumentKindInvalid);
    const twice = await decide(caseId, 'request-resubmission', {
      ...body,
      document_kinds: ['identity_front', 'identity_front'],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toEqual(messages.VerificationDocumentKindInvalid);
    // A passport has no back: the case does not use that document.
    const back = await decide(caseId, 'request-resubmission', { ...body, document_kinds: ['identity_back'] });
    expect(back.statusCode).toBe(400);
    expect(back.json().error).toEqual(messages.VerificationDocumentKindNotUsed);
    expect(back.json().error.fr).toBe('Ce dossier n’utilise pas ce document\u00a0: un passeport n’a pas de verso.');
    expect((await status(member.accessToken)).state).toBe('in_review');
  });

  it('stores the kinds with the move, audits them, tells the member in their language and holds the case until each is sent', async () => {
    const member = await newcomer('fr');
    await submitCase(t, member.accessToken);
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    const asked = await decide(caseId, 'request-resubmission', {
      reason_code: 'document_unreadable',
      message: 'Les deux photos sont floues.',
      document_kinds: ['identity_back', 'proof_of_address'],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // The case page's history carries them.
    expect(asked.json().data.history.at(-1)).toMatchObject({
      to_state: 'resubmission_requested',
      reason_code: 'document_unreadable',
      document_kinds: ['identity_back', 'proof_of_address'],
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'verification.request_resubmission'), eq(auditLog.targetId, caseId)));
    expect(entry?.details).toEqual({
      reason_code: 'document_unreadable',
      document_kinds: ['identity_back', 'proof_of_address'],
    });
    const mail = await lastMessageTo(t, member.email);
    expect(mail?.text.replace(/\u00a0/g, ' ')).toContain(
      'Veuillez renvoyer :\n\n• Le verso de votre carte d’identité\n\n• Un justificatif de domicile de moins de 3 mois',
    );
    expect(mail?.text).toContain('Les deux photos sont floues.');

    const waiting = await status(member.accessToken);
    expect(waiting).toMatchObject({
      state: 'resubmission_requested',
      missing: [],
      can_submit: false,
      documents_to_resend: ['identity_back', 'proof_of_address'],
      last_decision: {
        state: 'resubmission_requested',
        message: 'Les deux photos sont floues.',
        document_kinds: ['identity_back', 'proof_of_address'],
      },
    });
    const early = await t.call('POST', '/api/user/verification/submit', { token: member.accessToken });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toEqual(messages.VerificationIncomplete);

    // One sent again: the other is still asked for, and the case still held.
    expect((await uploadDocument(t, member.accessToken, 'identity_back', await photo(1300, 900))).statusCode).toBe(200);
    expect(await status(member.accessToken)).toMatchObject({
      state: 'collecting',
      can_submit: false,
      documents_to_resend: ['proof_of_address'],
    });
    expect((await t.call('POST', '/api/user/verification/submit', { token: member.accessToken })).statusCode).toBe(400);
    const proof = await uploadDocument(t, member.accessToken, 'proof_of_address', await pdf(), {
      filename: 'facture.pdf',
      type: 'application/pdf',
    });
    expect(proof.statusCode).toBe(200);
    expect(await status(member.accessToken)).toMatchObject({ can_submit: true, documents_to_resend: [] });
    const again = await t.call('POST', '/api/user/verification/submit', { token: member.accessToken });
    expect(again.json().data).toMatchObject({ state: 'in_review', documents_to_resend: [] });

    // The history is append-only: the event keeps its kinds after the member's answer.
    const events = await db()
      .select()
      .from(verificationEvents)
      .where(eq(verificationEvents.verificationId, caseId))
      .orderBy(verificationEvents.seq);
    expect(events.filter((event) => event.documentKinds.length > 0).map((event) => event.documentKinds)).toEqual([
      ['identity_back', 'proof_of_address'],
    ]);
  });

  it('keeps kinds to requests for new documents only (the database refuses them on another move)', async () => {
    const member = await newcomer();
    await submitCase(t, member.accessToken);
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    await expect(
      db()
        .insert(verificationEvents)
        .values({
          verificationId: caseId,
          fromState: 'in_review',
          toState: 'rejected',
          actor: 'system',
          reasonCode: 'provider_rejected',
          documentKinds: ['identity_front'],
        }),
    ).rejects.toThrow();
  });
});

describe('the platform’s own steps', () => {
  it('routes a submission with a screening hit to review as a sanctions hit (the sanctions module’s hook)', async () => {
    const member = await newcomer();
    await submitCase(t, member.accessToken);
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    await decide(caseId, 'request-resubmission', {
      reason_code: 'data_mismatch',
      message: 'Check your birth date.',
      document_kinds: ['identity_front'],
    });
    expect((await uploadDocument(t, member.accessToken, 'identity_front', await photo())).statusCode).toBe(200);
    const userId = (await userRow(t, member.email))?.id ?? '';
    const screened: ScreenedPerson[] = [];
    const result = await submitVerification(
      t.ctx,
      { id: userId },
      {
        screen: async (_db, person) => {
          screened.push(person);
          return [{ list: 'EU', name: person.fullName }];
        },
      },
    );
    expect(result.state).toBe('in_review');
    expect(screened).toEqual([
      { memberId: userId, fullName: 'Camille Martin', birthDate: '1990-05-17', nationality: 'FR' },
    ]);
    const history = (
      await t.call('GET', `/api/admin/verifications/${caseId}`, { token: compliance.accessToken })
    ).json().data.history;
    expect(history.at(-1)).toMatchObject({ to_state: 'in_review', actor: 'system', reason_code: 'sanctions_hit' });
  });

  it('suspends an approved member on a new hit at once (money stops), and leaves others as they are', async () => {
    const approved = await createMember(t, { verified: true });
    const approvedId = (await userRow(t, approved.email))?.id ?? '';
    const pending = await newcomer();
    const pendingId = (await userRow(t, pending.email))?.id ?? '';
    const suspended = await db().transaction((tx) => suspendBySystem(t.ctx, tx, approvedId, 'new_sanctions_hit'));
    expect(suspended).toBe(true);
    expect(await db().transaction((tx) => suspendBySystem(t.ctx, tx, pendingId, 'new_sanctions_hit'))).toBe(false);
    expect((await status(approved.accessToken)).state).toBe('suspended');
    expect((await status(pending.accessToken)).state).toBe('not_started');
    const refused = await t.call('POST', '/api/member/withdrawal/code', { token: approved.accessToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual(messages.VerificationSuspended);
    expect((await lastMessageTo(t, approved.email))?.subject).toBe('Your account is under review');
  });
});

describe('records', () => {
  it('lets the member download what is held about them (JSON), without the staff’s identities', async () => {
    const member = await newcomer();
    await submitCase(t, member.accessToken);
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    await decide(caseId, 'approve', { reason_code: 'documents_verified' });
    const response = await t.call('GET', '/api/user/verification/export', { token: member.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const data = response.json();
    expect(data).toMatchObject({
      member: { email: member.email },
      state: 'approved',
      declaration: { legal_first_name: 'Camille' },
      risk_assessment: { level: 'low', rule_version: RISK_RULE_VERSION },
      retention: { delete_after: null },
    });
    expect(data.documents).toHaveLength(3);
    expect(data.documents[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(data.history.at(-1)).toMatchObject({ to_state: 'approved', actor: 'operator' });
    expect(response.body).not.toContain(compliance.email);
  });

  it('deletes documents and declared data 5 years after the relationship ends, keeping the history', async () => {
    const gone = await newcomer();
    await submitCase(t, gone.accessToken);
    const recent = await newcomer();
    await submitCase(t, recent.accessToken);
    const goneId = (await userRow(t, gone.email))?.id ?? '';
    const recentId = (await userRow(t, recent.email))?.id ?? '';
    const now = new Date();
    const longAgo = new Date(now.getTime() - (5 * 365 + 2) * 86_400_000);
    await db().update(users).set({ disabledAt: longAgo }).where(eq(users.id, goneId));
    await db()
      .update(users)
      .set({ disabledAt: new Date(now.getTime() - 4 * 365 * 86_400_000) })
      .where(eq(users.id, recentId));
    expect(await sweepVerificationRecords(t.ctx, now)).toBe(1);
    expect(await db().select().from(verificationDocuments).where(eq(verificationDocuments.userId, goneId))).toEqual([]);
    const [emptied] = await db().select().from(verifications).where(eq(verifications.userId, goneId));
    expect(emptied?.declaration).toBeNull();
    const [last] = await db()
      .select()
      .from(verificationEvents)
      .where(eq(verificationEvents.verificationId, emptied?.id ?? ''))
      .orderBy(sql`${verificationEvents.seq} DESC`)
      .limit(1);
    expect(last).toMatchObject({ actor: 'system', reasonCode: 'retention_deleted' });
    expect(
      await db().select().from(verificationDocuments).where(eq(verificationDocuments.userId, recentId)),
    ).toHaveLength(3);
    // Run again: nothing left to delete.
    expect(await sweepVerificationRecords(t.ctx, now)).toBe(0);
  });
});

describe('notifications', () => {
  it('writes one notification per decision', async () => {
    const member = await newcomer();
    await submitCase(t, member.accessToken);
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    await decide(caseId, 'request-resubmission', {
      reason_code: 'document_expired',
      message: 'Your ID expired.',
      document_kinds: ['identity_front', 'identity_back'],
    });
    const userId = (await userRow(t, member.email))?.id ?? '';
    const rows = await db().select().from(memberNotifications).where(eq(memberNotifications.userId, userId));
    expect(rows.map((row) => row.payload)).toEqual([
      {
        decision: 'resubmission_requested',
        reason_code: 'document_expired',
        message: 'Your ID expired.',
        document_kinds: ['identity_front', 'identity_back'],
      },
    ]);
  });
});

describe('development', () => {
  it('seeds the demo member approved along the real path, idempotently', async () => {
    const config = { ...t.ctx.config, seedCatalogue: false };
    await seed(db(), config, t.ctx.storage);
    await seed(db(), config, t.ctx.storage);
    const demo = await userRow(t, DEMO_MEMBER.email);
    const [row] = await db()
      .select()
      .from(verifications)
      .where(eq(verifications.userId, demo?.id ?? ''));
    expect(row?.state).toBe('approved');
    const events = await db()
      .select()
      .from(verificationEvents)
      .where(eq(verificationEvents.verificationId, row?.id ?? ''))
      .orderBy(verificationEvents.seq);
    expect(events.map((event) => event.toState)).toEqual(['collecting', 'submitted', 'in_review', 'approved']);
  });

  it('approves a member through the development API (loopback only, absent in production)', async () => {
    const member = await newcomer();
    const approved = await t.call('POST', '/api/dev/verification/approve', { body: { email: member.email } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await status(member.accessToken)).state).toBe('approved');
    const unknown = await t.call('POST', '/api/dev/verification/approve', { body: { email: 'nobody@example.com' } });
    expect(unknown.statusCode).toBe(404);
  });
});
