import { messages } from '@parcelle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  createOperator,
  fundWallet,
  giveBankAccount,
  lastMessageTo,
  userRow,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listOutbox } from '../../adapters/mail/outbox';
import { auditLog, memberNotes, users, withdrawals } from '../../db/schema';

let t: TestApp;
let support: Awaited<ReturnType<typeof createOperator>>;
let finance: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  support = await createOperator(t, 'support');
  finance = await createOperator(t, 'finance');
});
afterAll(() => t.close());

async function member(overrides: Record<string, string> = {}) {
  const created = await createMember(t, { verified: true, overrides });
  const row = await userRow(t, created.email);
  if (!row) throw new Error('no member');
  return { ...created, id: row.id };
}

async function lastAudit(action: string, targetId: string) {
  const [entry] = await t.ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
  return entry;
}

describe('GET /api/admin/members', () => {
  it('searches by name, email, id and a reference, paged and sorted', async () => {
    const unique = `Zephyrine${'abcdefghij'.charAt(Date.now() % 10)}${'abcdefghij'.charAt(Math.floor(Date.now() / 10) % 10)}`;
    const first = await member({ first_name: unique, last_name: 'Aubert' });
    const second = await member({ first_name: unique, last_name: 'Blanc' });
    const search = (query: string) => t.call('GET', `/api/admin/members?${query}`, { token: support.accessToken });

    const byName = await search(`q=${unique}&sort=last_name&order=asc`);
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data.total).toBe(2);
    expect(byName.json().data.members.map((row: { id: string }) => row.id)).toEqual([first.id, second.id]);
    const desc = await search(`q=${unique}&sort=last_name&order=desc&limit=1&offset=0`);
    expect(desc.json().data.members.map((row: { id: string }) => row.id)).toEqual([second.id]);
    expect(desc.json().data.total).toBe(2);
    expect((await search(`q=${unique}%20blanc`)).json().data.members[0].id).toBe(second.id);
    expect((await search(`q=${encodeURIComponent(first.email.toUpperCase())}`)).json().data.members[0].id).toBe(
      first.id,
    );
    expect((await search(`q=${first.id}`)).json().data.members[0].id).toBe(first.id);
    // A LIKE wildcard is taken literally.
    expect((await search('q=%25')).json().data.total).toBe(0);

    // A withdrawal's reference finds its member (a rejected one: no money held).
    await t.ctx.database.db.insert(withdrawals).values({
      reference: `WD-SEARCH${Date.now()}`,
      userId: second.id,
      currency: 'EURO',
      amountMinor: 100,
      paymentMethod: 'bank',
      account: 'Camille Martin — IBAN •••• 0189',
      status: 'REJECTED',
    });
    const [stored] = await t.ctx.database.db.select().from(withdrawals).where(eq(withdrawals.userId, second.id));
    expect((await search(`q=${stored?.reference.toLowerCase()}`)).json().data.members[0].id).toBe(second.id);
  });

  it('refuses a bad sort (400, bilingual)', async () => {
    const response = await t.call('GET', '/api/admin/members?sort=password_hash', { token: support.accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(messages.InvalidRequest);
  });
});

describe('GET /api/admin/members/:id', () => {
  it('shows the whole page, personal data unmasked for support and masked for finance', async () => {
    const someone = await member();
    await giveBankAccount(t, someone.id);
    await t.ctx.database.db.update(users).set({ paypalEmail: 'camille@example.com' }).where(eq(users.id, someone.id));
    await fundWallet(t, someone.id, 'EURO', 1234);

    const bySupport = await t.call('GET', `/api/admin/members/${someone.id}`, { token: support.accessToken });
    expect(bySupport.statusCode).toBe(200);
    const page = bySupport.json().data;
    expect(page.profile).toMatchObject({
      id: someone.id,
      email: someone.email,
      birth_date: '1990-05-17',
      phone: expect.stringMatching(/^\+33 \d+$/),
      paypal_email: 'camille@example.com',
      bank: { account_owner: 'Camille Martin', iban_last4: '0189' },
      masked: false,
    });
    expect(JSON.stringify(page)).not.toContain('FR76');
    expect(page.verification).toMatchObject({ email_verified: true, disabled: false, frozen: false });
    expect(page.wallet.balances).toEqual([{ value: 12.34, curr: 'EURO' }]);
    expect(page.wallet.lines[0]).toMatchObject({ amount: { value: 12.34, curr: 'EURO' }, description: 'test funding' });
    expect(page.sessions.length).toBeGreaterThan(0);
    expect(Object.keys(page.sessions[0]).sort()).toEqual(
      ['created_at', 'device_type', 'id', 'revoked_at', 'revoked_reason', 'second_factor'].sort(),
    );

    const byFinance = (await t.call('GET', `/api/admin/members/${someone.id}`, { token: finance.accessToken })).json()
      .data;
    expect(byFinance.profile).toMatchObject({
      birth_date: '••••-••-••',
      phone: expect.stringMatching(/^\+33 •+\d\d$/),
      paypal_email: 'c•••@example.com',
      bank: { iban_last4: '0189' },
      masked: true,
    });
  });

  it('answers 404 for an unknown member and 400 for a malformed id', async () => {
    const missing = await t.call('GET', '/api/admin/members/00000000-0000-4000-8000-000000000000', {
      token: support.accessToken,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual(messages.MemberNotFound);
    expect((await t.call('GET', '/api/admin/members/nope', { token: support.accessToken })).statusCode).toBe(400);
  });
});

describe('member actions', () => {
  it('disables (sessions end) and enables, each once, audited with before and after', async () => {
    const someone = await member();
    const url = `/api/admin/members/${someone.id}`;
    const noReason = await t.call('POST', `${url}/disable`, { token: support.accessToken, body: {} });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toEqual(messages.ReasonRequired);

    const disabled = await t.call('POST', `${url}/disable`, { token: support.accessToken, body: { reason: 'fraud' } });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().message).toEqual(messages.MemberDisabled);
    expect((await t.call('GET', '/api/user/profile', { token: someone.accessToken })).statusCode).toBe(401);
    expect((await lastAudit('member.disable', someone.id))?.before).toEqual({ disabled: false, disabled_reason: null });
    const again = await t.call('POST', `${url}/disable`, { token: support.accessToken, body: { reason: 'fraud' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual(messages.MemberAlreadyDisabled);

    const enabled = await t.call('POST', `${url}/enable`, { token: support.accessToken, body: {} });
    expect(enabled.statusCode).toBe(200);
    expect((await lastAudit('member.enable', someone.id))?.after).toEqual({ disabled: false, disabled_reason: null });
    const twice = await t.call('POST', `${url}/enable`, { token: support.accessToken, body: {} });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toEqual(messages.MemberNotDisabled);

    // Operators are not members.
    const operatorRow = await userRow(t, finance.email);
    const protectedOne = await t.call('POST', `/api/admin/members/${operatorRow?.id}/disable`, {
      token: support.accessToken,
      body: { reason: 'x' },
    });
    expect(protectedOne.statusCode).toBe(409);
    expect(protectedOne.json().error).toEqual(messages.OperatorAccountProtected);
    const unknown = await t.call('POST', '/api/admin/members/00000000-0000-4000-8000-000000000000/enable', {
      token: support.accessToken,
      body: {},
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('signs a member out everywhere, audited with the number of sessions closed', async () => {
    const someone = await member();
    const response = await t.call('POST', `/api/admin/members/${someone.id}/sign-out-everywhere`, {
      token: support.accessToken,
      body: {},
    });
    expect(response.statusCode).toBe(200);
    expect((await t.call('GET', '/api/user/profile', { token: someone.accessToken })).statusCode).toBe(401);
    const entry = await lastAudit('member.sign_out_everywhere', someone.id);
    expect(entry?.after).toEqual({ open_sessions: 0 });
    expect(entry?.before).toEqual({ open_sessions: expect.any(Number) });
    expect((entry?.before as { open_sessions: number } | undefined)?.open_sessions).toBeGreaterThan(0);
  });

  it('resends the verification email to an unverified member, and refuses a verified one', async () => {
    const unverified = await createMember(t);
    const row = await userRow(t, unverified.email);
    const before = (await listOutbox(t.ctx.database.db, unverified.email)).length;
    const sent = await t.call('POST', `/api/admin/members/${row?.id}/resend-verification`, {
      token: support.accessToken,
      body: {},
    });
    expect(sent.statusCode).toBe(200);
    await lastMessageTo(t, unverified.email);
    expect((await listOutbox(t.ctx.database.db, unverified.email)).length).toBe(before + 1);
    expect(await lastAudit('member.resend_verification', row?.id ?? '')).toBeDefined();
    const verified = await member();
    const refused = await t.call('POST', `/api/admin/members/${verified.id}/resend-verification`, {
      token: support.accessToken,
      body: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual(messages.EmailAlreadyVerified);
  });

  it('adds append-only support notes, shown on the member page and audited', async () => {
    const someone = await member();
    const url = `/api/admin/members/${someone.id}/notes`;
    const empty = await t.call('POST', url, { token: support.accessToken, body: { text: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual(messages.NoteRequired);
    const added = await t.call('POST', url, { token: support.accessToken, body: { text: 'Called about a payout.' } });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({ text: 'Called about a payout.', author_email: support.email });
    const page = (await t.call('GET', `/api/admin/members/${someone.id}`, { token: support.accessToken })).json().data;
    expect(page.notes.map((note: { text: string }) => note.text)).toEqual(['Called about a payout.']);
    expect(await t.ctx.database.db.select().from(memberNotes).where(eq(memberNotes.userId, someone.id))).toHaveLength(
      1,
    );
    expect((await lastAudit('member.note', someone.id))?.after).toMatchObject({ text: 'Called about a payout.' });
    const missing = await t.call('POST', '/api/admin/members/00000000-0000-4000-8000-000000000000/notes', {
      token: support.accessToken,
      body: { text: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
