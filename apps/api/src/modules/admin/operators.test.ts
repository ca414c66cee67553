import { messages } from '@parcelle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, lastMessageTo } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Issue 15: operators, their roles, and the audit log that records who changed what. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operator roles', () => {
  it('GET /admin/me answers the operator and their role', async () => {
    const finance = await createOperator(t, 'finance');
    const me = await t.call('GET', '/api/admin/me', { token: finance.accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: finance.email, operator_role: 'finance' });
  });

  it('an admin changes a role; the audit log keeps the role before and after, searchable and exported', async () => {
    const admin = await createOperator(t, 'admin');
    const support = await createOperator(t, 'support');
    const me = (await t.call('GET', '/api/admin/me', { token: support.accessToken })).json().data;

    const changed = await t.call('PUT', `/api/admin/operators/${me.id}/role`, {
      token: admin.accessToken,
      body: { operator_role: 'catalogue' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toEqual(messages.OperatorRoleChanged);
    const after = await t.call('GET', '/api/admin/me', { token: support.accessToken });
    expect(after.json().data.operator_role).toBe('catalogue');

    const listed = await t.call('GET', '/api/admin/operators?limit=100', { token: admin.accessToken });
    expect(listed.json().data.operators).toContainEqual(
      expect.objectContaining({ id: me.id, operator_role: 'catalogue', totp_enrolled: true }),
    );

    const audit = await t.call('GET', `/api/admin/audit?action=operator.&target_id=${me.id}`, {
      token: admin.accessToken,
    });
    expect(audit.statusCode).toBe(200);
    expect(audit.json().data.total).toBe(1);
    expect(audit.json().data.entries[0]).toMatchObject({
      action: 'operator.role',
      actor_email: admin.email,
      before: { operator_role: 'support' },
      after: { operator_role: 'catalogue' },
    });

    const csv = await t.call('GET', `/api/admin/audit.csv?target_id=${me.id}`, { token: admin.accessToken });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('operator.role');
    expect(lines[1]).toContain(admin.email);
  });

  it('an admin cannot change their own role (so two admins demoting each other meet LastAdminRequired under the lock)', async () => {
    const admin = await createOperator(t, 'admin');
    const me = (await t.call('GET', '/api/admin/me', { token: admin.accessToken })).json().data;
    const own = await t.call('PUT', `/api/admin/operators/${me.id}/role`, {
      token: admin.accessToken,
      body: { operator_role: 'support' },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toEqual(messages.OwnRoleUnchangeable);
  });

  it('refuses an unknown role and a member id', async () => {
    const admin = await createOperator(t, 'admin');
    const other = await createOperator(t, 'support');
    const id = (await t.call('GET', '/api/admin/me', { token: other.accessToken })).json().data.id;
    const bad = await t.call('PUT', `/api/admin/operators/${id}/role`, {
      token: admin.accessToken,
      body: { operator_role: 'owner' },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await t.call('PUT', '/api/admin/operators/00000000-0000-4000-8000-000000000000/role', {
      token: admin.accessToken,
      body: { operator_role: 'support' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses bad audit filters with a 400', async () => {
    const admin = await createOperator(t, 'admin');
    const bad = await t.call('GET', '/api/admin/audit?from=yesterday', { token: admin.accessToken });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.en).toBeTruthy();
  });
});

describe('inviting and disabling operators', () => {
  it('an invited operator chooses a password from the link, then signs in to enrol TOTP; the invite is audited', async () => {
    const admin = await createOperator(t, 'admin');
    const email = `invited-${Date.now()}@example.test`;
    const invited = await t.call('POST', '/api/admin/operators', {
      token: admin.accessToken,
      body: { email, first_name: 'Inès', last_name: 'Moreau', operator_role: 'catalogue', language: 'fr' },
    });
    expect(invited.statusCode).toBe(200);
    expect(invited.json().message).toEqual(messages.OperatorInvited);
    const mail = await lastMessageTo(t, email);
    expect(mail?.subject).toBe('Votre accès opérateur Parcelle');
    const token = /\/set-password\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);

    const again = await t.call('POST', '/api/admin/operators', {
      token: admin.accessToken,
      body: { email, first_name: 'Inès', last_name: 'Moreau', operator_role: 'support' },
    });
    expect(again.statusCode).toBe(409);

    const password = 'Operator!Pass2026';
    const set = await t.call('POST', '/api/auth/password/set', {
      body: { token, new_password: password, confirm_new_password: password },
    });
    expect(set.statusCode).toBe(200);
    const login = await t.call('POST', '/api/auth/token', { body: { email, password } });
    expect(login.statusCode).toBe(200);
    const session = login.json().data.access_token as string;
    expect((await t.call('GET', '/api/admin/me', { token: session })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/admin/totp/enrol', { token: session })).statusCode).toBe(200);

    const audit = await t.call('GET', '/api/admin/audit?action=operator.invite', { token: admin.accessToken });
    expect(audit.json().data.entries).toContainEqual(
      expect.objectContaining({ after: { email, operator_role: 'catalogue' }, actor_email: admin.email }),
    );
  });

  it('a disabled operator is signed out at once and enabled again; an admin cannot disable themselves', async () => {
    const admin = await createOperator(t, 'admin');
    const finance = await createOperator(t, 'finance');
    const id = (await t.call('GET', '/api/admin/me', { token: finance.accessToken })).json().data.id;
    const disabled = await t.call('POST', `/api/admin/operators/${id}/disable`, { token: admin.accessToken });
    expect(disabled.statusCode).toBe(200);
    expect((await t.call('GET', '/api/admin/withdrawals', { token: finance.accessToken })).statusCode).toBe(401);
    const enabled = await t.call('POST', `/api/admin/operators/${id}/enable`, { token: admin.accessToken });
    expect(enabled.statusCode).toBe(200);
    const audit = await t.call('GET', `/api/admin/audit?target_id=${id}&action=operator.`, {
      token: admin.accessToken,
    });
    expect(audit.json().data.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'operator.enable',
      'operator.disable',
    ]);

    const self = (await t.call('GET', '/api/admin/me', { token: admin.accessToken })).json().data.id;
    const own = await t.call('POST', `/api/admin/operators/${self}/disable`, { token: admin.accessToken });
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toEqual(messages.OwnAccountUnchangeable);
  });
});
