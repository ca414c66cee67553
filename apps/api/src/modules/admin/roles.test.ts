import { randomUUID } from 'node:crypto';
import { messages, OPERATOR_ROLES, type OperatorRole } from '@parcelle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ADMIN_ROUTE_ROLES, ENROLMENT_ROUTES, roleAllows } from './roles';

/**
 * Issue 15: the whole role matrix. Every /api/admin route the server registers has its roles written down in
 * ADMIN_ROUTE_ROLES, and each route answers each caller as the table says: guests 401, members 403 OperatorOnly,
 * operators of a role the route does not allow 403 OperatorRoleForbidden (before the body is even read), the others
 * get past the guard (whatever their empty request then earns: 200, 400, 404…).
 */
let t: TestApp;
const tokens = {} as Record<OperatorRole | 'member', string>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of OPERATOR_ROLES) tokens[role] = (await createOperator(t, role)).accessToken;
  tokens.member = (await createMember(t, { verified: true })).accessToken;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The admin routes the OpenAPI document lists, as `METHOD /path/:param`. */
function registeredAdminRoutes(): string[] {
  const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .sort();
}

const adminRoutes = Object.keys(ADMIN_ROUTE_ROLES).filter((key) => key.includes(' /api/admin/'));

function request(key: string, token?: string) {
  const [method, path] = key.split(' ') as [Method, string];
  const url = path.replace(/:\w+/g, randomUUID());
  return t.call(method, url, { token, ...(method === 'GET' ? {} : { body: {} }) });
}

describe('the role table', () => {
  it('names every registered admin route, and only those', () => {
    const registered = registeredAdminRoutes().filter((key) => !(ENROLMENT_ROUTES as readonly string[]).includes(key));
    expect(registered.length).toBeGreaterThan(10);
    expect([...adminRoutes].sort()).toEqual(registered);
  });

  it('lets admins do everything and fails closed on a route it does not name', () => {
    expect(roleAllows('admin', 'DELETE /api/admin/anything')).toBe(true);
    for (const role of ['catalogue', 'finance', 'support'] as const)
      expect(roleAllows(role, 'DELETE /api/admin/anything')).toBe(false);
  });
});

describe.each(adminRoutes)('%s', (key) => {
  it('refuses guests and members', async () => {
    expect((await request(key)).statusCode).toBe(401);
    const member = await request(key, tokens.member);
    expect(member.statusCode).toBe(403);
    expect(member.json().error).toEqual(messages.OperatorOnly);
  });

  it.each(OPERATOR_ROLES)('answers the %s role as the table says', async (role) => {
    const response = await request(key, tokens[role]);
    if (roleAllows(role, key)) {
      expect([401, 403]).not.toContain(response.statusCode);
      expect(response.statusCode).toBeLessThan(500);
    } else {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual(messages.OperatorRoleForbidden);
    }
  });
});
