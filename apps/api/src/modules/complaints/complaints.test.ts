import { complaintDeadlines, messages } from '@parcelle/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator, lastMessageTo, userRow } from '../../../test/factories';
import { createTestApp, solvedCaptcha, type TestApp } from '../../../test/test-app';
import { listOutbox } from '../../adapters/mail/outbox';
import { auditLog } from '../../db/schema';
import { fileComplaint } from './file-complaint';
import { complaintEvents, complaints } from './schema';

/**
 * Complaints (issue 30) on PostgreSQL: filing (member and visitor) with the reference, the due days and the
 * acknowledgement email; members reach only their own; who among the operators may do what; the handling with its
 * messages in the complainant's language, the append-only history, the audit, lateness and the regulator's export.
 */
let t: TestApp;
let compliance: Awaited<ReturnType<typeof createOperator>>;
let support: Awaited<ReturnType<typeof createOperator>>;
let finance: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  compliance = await createOperator(t, 'compliance');
  support = await createOperator(t, 'support');
  finance = await createOperator(t, 'finance');
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
const complaint = {
  category: 'purchase' as const,
  subject: 'My certificate never came',
  body: 'I bought 3 parts on Monday.',
};
const file = (token: string, body: Record<string, unknown> = complaint) =>
  t.call('POST', '/api/user/complaints', { token, body });
const act = (id: string, action: string, body: Record<string, unknown>, token = compliance.accessToken) =>
  t.call('POST', `/api/admin/complaints/${id}/${action}`, { token, body });

describe('filing a complaint', () => {
  it('a member’s is registered with a reference and due days, and acknowledged at once on screen and by email', async () => {
    const member = await createMember(t, { verified: true, overrides: { lang: 'fr' } });
    const response = await file(member.accessToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toEqual(messages.ComplaintReceived);
    const receipt = response.json().data;
    expect(receipt.reference).toMatch(/^RC-\d{4}-\d{6}$/);
    expect(receipt.email).toBe(member.email);
    expect(receipt).toMatchObject(complaintDeadlines(new Date(receipt.received_at)));
    const mail = await lastMessageTo(t, member.email);
    expect(mail?.subject).toBe(`Votre réclamation ${receipt.reference} est enregistrée`);
    expect(mail?.text).toContain('My certificate never came');
    expect(mail?.text).toContain(t.ctx.config.complaints.email);
    const copy = await lastMessageTo(t, t.ctx.config.complaints.email);
    expect(copy?.subject).toContain(receipt.reference);
    const [event] = await db().select().from(complaintEvents).where(eq(complaintEvents.complaintId, receipt.id));
    expect(event).toMatchObject({ kind: 'received', actor: 'member', toState: 'received' });
  });

  it('refuses an incomplete form in both languages, and a visitor without the captcha', async () => {
    const member = await createMember(t, { verified: true });
    const blank = await file(member.accessToken, { ...complaint, subject: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toEqual(messages.ComplaintSubjectRequired);
    const odd = await file(member.accessToken, { ...complaint, category: 'weather' });
    expect(odd.statusCode).toBe(400);
    const visitor = { ...complaint, first_name: 'Léa', last_name: 'Roux', email: 'lea@example.com', lang: 'en' };
    const noCaptcha = await t.call('POST', '/api/complaints', { body: visitor });
    expect(noCaptcha.statusCode).toBe(400);
    expect(await db().select().from(complaints).where(eq(complaints.email, 'lea@example.com'))).toHaveLength(0);
  });

  it('a visitor’s, by their email address, answered there in their language', async () => {
    const email = `visitor.${Date.now()}@example.com`;
    const body = {
      ...complaint,
      first_name: 'Léa',
      last_name: 'Roux',
      email,
      lang: 'en',
      captcha: await solvedCaptcha(t),
    };
    const response = await t.call('POST', '/api/complaints', { body });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await db().select().from(complaints).where(eq(complaints.id, response.json().data.id));
    expect(row).toMatchObject({ userId: null, email, name: 'Léa Roux', language: 'en', state: 'received' });
    expect((await lastMessageTo(t, email))?.subject).toBe(`Your complaint ${row?.reference} is registered`);
  });

  it('publishes the complaints address', async () => {
    const response = await t.call('GET', '/api/complaints/contact');
    expect(response.json().data).toEqual({
      email: t.ctx.config.complaints.email,
      postal_address: t.ctx.config.complaints.postalAddress,
      mediator: t.ctx.config.complaints.mediator,
    });
  });
});

describe('who reaches what', () => {
  it('a member sees their own complaints only, and must be signed in', async () => {
    const alice = await createMember(t, { verified: true });
    const bob = await createMember(t, { verified: true });
    const mine = (await file(alice.accessToken)).json().data.id;
    const theirs = (await file(bob.accessToken, { ...complaint, subject: 'Bob’s' })).json().data.id;
    const list = (await t.call('GET', '/api/user/complaints', { token: alice.accessToken })).json().data.complaints;
    expect(list.map((c: { id: string }) => c.id)).toEqual([mine]);
    expect(list.map((c: { id: string }) => c.id)).not.toContain(theirs);
    expect((await t.call('GET', '/api/user/complaints')).statusCode).toBe(401);
  });

  it('members and other operators are refused the console; support reads and notes; compliance handles', async () => {
    const member = await createMember(t, { verified: true });
    const id = (await file(member.accessToken)).json().data.id;
    const asMember = await t.call('GET', '/api/admin/complaints', { token: member.accessToken });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().error).toEqual(messages.OperatorOnly);
    for (const path of ['/api/admin/complaints', `/api/admin/complaints/${id}`, '/api/admin/complaints/export']) {
      const refused = await t.call('GET', path, { token: finance.accessToken });
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().error).toEqual(messages.OperatorRoleForbidden);
    }
    expect((await t.call('GET', `/api/admin/complaints/${id}`, { token: support.accessToken })).statusCode).toBe(200);
    expect((await act(id, 'notes', { note: 'Called the member.' }, support.accessToken)).statusCode).toBe(200);
    for (const action of ['acknowledge', 'answer', 'escalate', 'close']) {
      const refused = await act(id, action, { message: 'x', note: 'x', outcome: 'upheld' }, support.accessToken);
      expect(refused.statusCode, action).toBe(403);
    }
    expect((await t.call('GET', '/api/admin/complaints/export', { token: support.accessToken })).statusCode).toBe(403);
    expect((await act(id, 'acknowledge', { message: 'We are on it.' })).statusCode).toBe(200);
  });
});

describe('handling a complaint', () => {
  it('acknowledge, answer, close: each message sent in the complainant’s language, the history appended, audited', async () => {
    const member = await createMember(t, { verified: true, overrides: { lang: 'fr' } });
    const memberId = (await userRow(t, member.email))?.id ?? '';
    const { id, reference } = (await file(member.accessToken)).json().data;

    const early = await act(id, 'close', { message: 'Fin.' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual(messages.ComplaintWrongState);

    const acknowledged = await act(id, 'acknowledge', {
      message: 'Nous examinons votre dossier.',
      note: 'Chase the PDF job.',
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json().data).toMatchObject({ state: 'acknowledged', acknowledge_overdue: false });
    expect((await lastMessageTo(t, member.email))?.subject).toBe(
      `Votre réclamation ${reference}\u00a0: prise en charge`,
    );

    const noOutcome = await act(id, 'answer', { message: 'Réponse.' });
    expect(noOutcome.statusCode).toBe(400);
    expect(noOutcome.json().error).toEqual(messages.ComplaintOutcomeRequired);
    const answered = await act(id, 'answer', { message: 'Votre certificat est renvoyé.', outcome: 'upheld' });
    expect(answered.json().data).toMatchObject({ state: 'answered', outcome: 'upheld' });
    const answerMail = await lastMessageTo(t, member.email);
    expect(answerMail?.text).toContain('Votre certificat est renvoyé.');
    expect(answerMail?.text).toContain('Issue de votre réclamation\u00a0: Fondée.');
    expect(answerMail?.text).toContain(t.ctx.config.complaints.mediator);

    const closed = await act(id, 'close', { message: 'Nous clôturons votre réclamation.' });
    expect(closed.json().data.state).toBe('closed');
    expect((await act(id, 'answer', { message: 'Encore.', outcome: 'rejected' })).statusCode).toBe(409);

    const events = closed.json().data.events;
    expect(events.map((e: { kind: string }) => e.kind)).toEqual(['received', 'acknowledged', 'answered', 'closed']);
    expect(events[1]).toMatchObject({ note: 'Chase the PDF job.', actor_email: compliance.email });

    // The member's page: the messages sent, never the operators' notes.
    const [mine] = (await t.call('GET', '/api/user/complaints', { token: member.accessToken })).json().data.complaints;
    expect(mine).toMatchObject({ id, state: 'closed', outcome: 'upheld' });
    expect(JSON.stringify(mine)).not.toContain('Chase the PDF job.');
    expect(mine.events.map((e: { message: string }) => e.message)).toContain('Votre certificat est renvoyé.');

    const audited = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'complaint'), eq(auditLog.targetId, id)));
    expect(audited.map((a) => a.action).sort()).toEqual([
      'complaint.acknowledge',
      'complaint.answer',
      'complaint.close',
    ]);
    expect(memberId).not.toBe('');
  });

  it('escalation and notes are internal: nothing is sent to the complainant', async () => {
    const member = await createMember(t, { verified: true });
    const { id } = (await file(member.accessToken)).json().data;
    const sent = async () => {
      await lastMessageTo(t, member.email); // delivers what was queued
      return (await listOutbox(t.ctx.database.db, member.email, 50)).length;
    };
    const before = await sent();
    expect((await lastMessageTo(t, member.email))?.subject).toContain('is registered');
    expect((await act(id, 'escalate', { note: '' })).statusCode).toBe(400);
    const escalated = await act(id, 'escalate', { note: 'Needs the head of compliance.' });
    expect(escalated.json().data.state).toBe('escalated');
    await act(id, 'notes', { note: 'Waiting for the custodian.' });
    expect(await sent()).toBe(before);
    // Answering from escalated is allowed, and counts as the acknowledgement too.
    expect((await act(id, 'answer', { message: 'No.', outcome: 'rejected' })).json().data.state).toBe('answered');
  });

  it('keeps the history append-only and the complaints undeletable', async () => {
    const member = await createMember(t, { verified: true });
    const { id } = (await file(member.accessToken)).json().data;
    await expect(
      db().execute(sql`UPDATE complaint_events SET message = 'x' WHERE complaint_id = ${id}`),
    ).rejects.toThrow();
    await expect(db().execute(sql`DELETE FROM complaint_events WHERE complaint_id = ${id}`)).rejects.toThrow();
    await expect(db().execute(sql`DELETE FROM complaints WHERE id = ${id}`)).rejects.toThrow();
  });
});

describe('lateness and the export', () => {
  it('shows a complaint past its acknowledgement day as overdue, and filters on it', async () => {
    const member = await createMember(t, { verified: true });
    const row = await userRow(t, member.email);
    if (!row) throw new Error('no member');
    const old = await fileComplaint(
      t.ctx,
      { kind: 'member', member: row },
      { ...complaint, subject: 'Old one' },
      new Date('2025-01-02T10:00:00Z'),
    );
    expect(old).toMatchObject({ acknowledge_due_on: '2025-01-14', answer_due_on: '2025-03-02' });
    const overdue = await t.call('GET', '/api/admin/complaints?overdue=true&limit=100', {
      token: compliance.accessToken,
    });
    const found = overdue.json().data.complaints.find((c: { id: string }) => c.id === old.id);
    expect(found).toMatchObject({ acknowledge_overdue: true, answer_overdue: true });
    const fresh = await t.call('GET', '/api/admin/complaints?overdue=false&limit=100', {
      token: compliance.accessToken,
    });
    expect(fresh.json().data.complaints.map((c: { id: string }) => c.id)).not.toContain(old.id);
    // Answered late: no longer overdue, and the export says it was late.
    await act(old.id, 'answer', { message: 'Sorry for the delay.', outcome: 'partially_upheld' });
    const after = (await t.call('GET', `/api/admin/complaints/${old.id}`, { token: compliance.accessToken })).json()
      .data;
    expect(after).toMatchObject({ acknowledge_overdue: false, answer_overdue: false });

    const exported = await t.call('GET', '/api/admin/complaints/export?from=2025-01-02&to=2025-01-02', {
      token: compliance.accessToken,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['cache-control']).toBe('no-store');
    const lines = exported.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'reference;received_at;channel;complainant;language;category;subject;state;acknowledge_due_on;acknowledged_at;acknowledged_in_time;answer_due_on;answered_at;answered_in_time;outcome;closed_at',
    );
    expect(lines).toHaveLength(2);
    const cells = lines[1]?.split(';') ?? [];
    expect(cells.slice(0, 3)).toEqual([old.reference, '2025-01-02T10:00:00.000Z', 'member']);
    expect(cells.slice(8, 9)).toEqual(['2025-01-14']);
    expect(cells[10]).toBe('no');
    expect(cells[13]).toBe('no');
    expect(cells[14]).toBe('partially_upheld');
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'complaint.export'),
          eq(auditLog.actorId, (await userRow(t, compliance.email))?.id ?? ''),
        ),
      );
    expect(entry?.details).toMatchObject({ from: '2025-01-02', to: '2025-01-02', count: 1 });
  });
});
