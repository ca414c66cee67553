import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../test/factories';
import { createTestAppOn } from '../../test/test-app';
import { openDatabase } from './client';
import { operatorTotp, users } from './schema';

/**
 * `npm run admin` end to end on the project's own PostgreSQL in a data folder (issue 12): `create` says what the
 * operator does next, `reset-2fa` removes an enrolled second factor and ends the sessions. The CLI starts the server
 * of the folder and stops it when done; the test opens it the same way between the commands.
 */
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'parcelle-admin-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function admin(...args: string[]): Promise<{ code: number; out: string }> {
  const { DATABASE_URL: _server, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: dataDir, NODE_ENV: 'development' };
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/db/admin-cli.ts', ...args],
      { cwd: root, env, timeout: 120_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

async function withApp<T>(run: (t: Awaited<ReturnType<typeof createTestAppOn>>) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir, log: () => undefined });
  try {
    const t = await createTestAppOn(database);
    try {
      return await run(t);
    } finally {
      await t.close();
    }
  } finally {
    await database.close();
  }
}

describe('npm run admin', () => {
  it('create prints the next steps; reset-2fa removes the factor and ends the sessions', async () => {
    const email = 'ops@parcelle.test';
    const password = 'Operator!pass-2026';
    const created = await admin('create', '--email', email, '--password', password);
    expect(created.code, created.out).toBe(0);
    expect(created.out).toContain('/api/admin/totp/enrol');
    expect(created.out).toContain('/api/auth/token/totp');

    const token = await withApp(async (t) => {
      const login = await t.call('POST', '/api/auth/token', { body: { email, password } });
      const first = login.json().data.access_token as string;
      const secret = (await t.call('POST', '/api/admin/totp/enrol', { token: first })).json().data.secret as string;
      const confirm = await t.call('POST', '/api/admin/totp/confirm', {
        token: first,
        body: { code: totpCode(secret) },
      });
      expect(confirm.statusCode).toBe(200);
      expect((await t.call('GET', '/api/admin/members', { token: first })).statusCode).toBe(200);
      const again = await t.call('POST', '/api/auth/token', { body: { email, password } });
      expect(again.json().data.totp_required).toBe(true);
      return first;
    });

    const reset = await admin('reset-2fa', email);
    expect(reset.code, reset.out).toBe(0);
    expect(reset.out).toContain('second factor of ops@parcelle.test removed');

    await withApp(async (t) => {
      const [operator] = await t.ctx.database.db.select().from(users).where(eq(users.email, email));
      const factors = await t.ctx.database.db
        .select()
        .from(operatorTotp)
        .where(eq(operatorTotp.userId, operator?.id ?? ''));
      expect(factors).toEqual([]);
      expect((await t.call('GET', '/api/admin/members', { token })).statusCode).toBe(401);
      const login = await t.call('POST', '/api/auth/token', { body: { email, password } });
      expect(login.json().data.access_token).toEqual(expect.any(String));
      const fresh = login.json().data.access_token as string;
      expect((await t.call('GET', '/api/admin/members', { token: fresh })).statusCode).toBe(403);
    });

    const unknown = await admin('reset-2fa', 'nobody@parcelle.test');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('no operator has the email');
  }, 240_000);
});
