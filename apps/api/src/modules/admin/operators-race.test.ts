import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOperator } from '../../../test/factories';
import { raceBehindLock, raceTitle } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';

/** Issue 15: the platform never loses its last admin, even when the only two demote each other at once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it(raceTitle('two admins demoting each other at once leave one admin'), async () => {
  const first = await createOperator(t, 'admin');
  const second = await createOperator(t, 'admin');
  const idOf = async (token: string) => (await t.call('GET', '/api/admin/me', { token })).json().data.id as string;
  const [firstId, secondId] = [await idOf(first.accessToken), await idOf(second.accessToken)];
  const demote = (token: string, id: string) => () =>
    t.call('PUT', `/api/admin/operators/${id}/role`, { token, body: { operator_role: 'support' } });

  // Both admins' rows are held: each request queues on them after its guard let it in as an admin.
  const answers = await raceBehindLock(
    t.ctx.database.db,
    { lock: sql`SELECT id FROM users WHERE operator_role = 'admin' FOR UPDATE`, waiters: 2 },
    [demote(first.accessToken, secondId), demote(second.accessToken, firstId)],
  );
  const statuses = answers.map((answer) => answer.statusCode).sort();
  // The loser meets LastAdminRequired (409), or runs second, already demoted (403).
  expect(statuses[0]).toBe(200);
  expect([403, 409]).toContain(statuses[1]);
  const [admins] = await queryRows<{ count: number }>(
    t.ctx.database.db,
    sql`SELECT count(*)::int AS count FROM users WHERE operator_role = 'admin' AND disabled_at IS NULL`,
  );
  expect(admins?.count).toBe(1);
});
