import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, registration, userRow } from '../../test/factories';
import { createTestApp, solvedCaptcha, type TestApp } from '../../test/test-app';
import { users } from '../db/schema';
import { logError } from './log';

/**
 * Decision 76: a database error reaches the logs with its code, constraint and table, never with the statement's
 * parameters or PostgreSQL's row detail (personal data). The logs are read from the app's own pino stream.
 */
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } });
  // Makes one registration fail inside PostgreSQL, as a bug or a race would.
  await t.ctx.database.db.execute(
    sql`ALTER TABLE users ADD CONSTRAINT test_refuses_name CHECK (last_name <> 'Secretname') NOT VALID`,
  );
});
afterAll(() => t.close());

describe('database errors in the logs', () => {
  it('logs a failed insert by code, constraint and table, without the values (and answers a generic 500)', async () => {
    lines.length = 0;
    const body = {
      ...registration({ last_name: 'Secretname', email: 'private.person@example.com', number: '698765432' }),
      captcha: await solvedCaptcha(t),
    };
    const response = await t.call('POST', '/api/user/register', { body });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('Secretname');
    const logged = lines.join('\n');
    const error = lines.map((line) => JSON.parse(line)).find((entry) => entry.err)?.err;
    expect(error).toMatchObject({
      type: 'DatabaseError',
      code: '23514',
      constraint: 'test_refuses_name',
      table: 'users',
      message: 'database error 23514 (check_violation)',
    });
    for (const secret of ['Secretname', 'private.person', '698765432', 'Camille', 'Failing row', 'params']) {
      expect(logged, secret).not.toContain(secret);
    }
  });

  it('serialises a unique violation without its detail "Key (email)=(…)" or parameters', async () => {
    const member = await createMember(t);
    const row = await userRow(t, member.email);
    let caught: unknown;
    try {
      await t.ctx.database.db.insert(users).values({ ...row, id: undefined } as typeof users.$inferInsert);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeDefined();
    // The raw error carries the values: that is what must not be logged.
    expect(JSON.stringify(caught, Object.getOwnPropertyNames(caught)) + String(caught)).toContain(member.email);
    const serialised = JSON.stringify(logError(caught as Error));
    expect(serialised).not.toContain(member.email);
    expect(serialised).not.toContain('Key (');
    expect(JSON.parse(serialised)).toMatchObject({
      code: '23505',
      table: 'users',
      message: expect.stringContaining('unique_violation'),
    });
  });
});
