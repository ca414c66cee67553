import { messages } from '@parcelle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** GET /api/admin/me: who is signed in to the console (apps/admin reads the menu from operator_role). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/admin/me', () => {
  it('answers the operator with the second factor, and their role', async () => {
    const operator = await createOperator(t);
    const response = await t.call('GET', '/api/admin/me', { token: operator.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: expect.any(String),
      email: operator.email,
      first_name: expect.any(String),
      last_name: expect.any(String),
      operator_role: 'admin',
    });
  });

  it('refuses members (OperatorOnly) and guests (401)', async () => {
    const member = await createMember(t, { verified: true });
    const refused = await t.call('GET', '/api/admin/me', { token: member.accessToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual(messages.OperatorOnly);
    expect((await t.call('GET', '/api/admin/me')).statusCode).toBe(401);
  });
});
