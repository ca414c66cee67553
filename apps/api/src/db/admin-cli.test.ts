import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { builtAdminCli } from '../../test/built';
import { totpCode } from '../../test/factories';
import { createTestAppOn } from '../../test/test-app';
import { type DatabaseHandle, openDatabase, openPostgres } from './client';
import { operatorTotp, users } from './schema';

/**
 * `npm run admin` end to end (issue 12): `create` says what the operator does next, `reset-2fa` removes an enrolled
 * second factor and ends the sessions, on the project's own PostgreSQL in a data folder (the CLI starts the folder's
 * server and stops it when done; the test opens it the same way between the commands); `create-many` on a database
 * of the test server. The CLI run is the built one (`apps/api/dist/admin-cli.js`, test/built.ts), as the e2e run's.
 */
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'parcelle-admin-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function admin(...args: string[]): Promise<{ code: number; out: string }> {
  return adminOn({ DATA_DIR: dataDir }, args);
}

/** Runs the CLI on a database (`DATA_DIR` or `DATABASE_URL`), with `input` on its standard input. */
function adminOn(database: Record<string, string>, args: string[], input = ''): Promise<{ code: number; out: string }> {
  const { DATABASE_URL: _server, ...inherited } = process.env;
  const env = { ...inherited, ...database, NODE_ENV: 'development' };
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [builtAdminCli(), ...args],
      { cwd: root, env, timeout: 120_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
    child.stdin?.end(input);
  });
}

/** A database of the test's own on the test server for the CLI: `env` points the CLI at it; `open` opens it. */
async function cliDatabase(): Promise<{
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `parcelle_cli_${randomBytes(6).toString('hex')}`;
  const server = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await server(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openPostgres(url.toString(), 2),
    drop: () => server(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
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

describe('npm run admin -- create-many', () => {
  const password = 'Operator!pass-2026';
  const operatorsOf = async (database: DatabaseHandle, emails: string[]) =>
    database.db
      .select({ email: users.email, role: users.role, operatorRole: users.operatorRole, first: users.firstName })
      .from(users)
      .where(inArray(users.email, emails));

  it('makes every operator of the JSON list in one call (an account already there takes its new role and password); each signs in', async () => {
    const target = await cliDatabase();
    try {
      const first = await adminOn(target.env, ['create', '--email', 'kept@parcelle.test', '--password', password]);
      expect(first.code, first.out).toBe(0);
      const list = [
        { email: 'Money@Parcelle.test', password, role: 'finance', first_name: 'Rosa' },
        { email: 'catalogue@parcelle.test', password: `${password}-c`, role: 'catalogue' },
        { email: 'kept@parcelle.test', password: `${password}-k`, role: 'support' },
        { email: 'plain@parcelle.test', password },
      ];
      const made = await adminOn(target.env, ['create-many'], JSON.stringify(list));
      expect(made.code, made.out).toBe(0);
      expect(made.out).toContain('[admin] operator money@parcelle.test created with the role finance');
      expect(made.out).toContain('[admin] kept@parcelle.test is now an operator with the role support');
      expect(made.out).toContain('/api/admin/totp/enrol');

      const database = await target.open();
      try {
        const emails = list.map((entry) => entry.email.toLowerCase());
        const rows = await operatorsOf(database, emails);
        expect(Object.fromEntries(rows.map((row) => [row.email, [row.role, row.operatorRole]]))).toEqual({
          'money@parcelle.test': ['admin', 'finance'],
          'catalogue@parcelle.test': ['admin', 'catalogue'],
          'kept@parcelle.test': ['admin', 'support'],
          'plain@parcelle.test': ['admin', 'admin'],
        });
        expect(rows.find((row) => row.email === 'money@parcelle.test')?.first).toBe('Rosa');
        const t = await createTestAppOn(database);
        try {
          for (const entry of list) {
            const login = await t.call('POST', '/api/auth/token', {
              body: { email: entry.email.toLowerCase(), password: entry.password },
            });
            expect(login.statusCode, `${entry.email}: ${login.body}`).toBe(200);
          }
          // The account that was there already: its old password no longer opens it.
          const old = await t.call('POST', '/api/auth/token', { body: { email: 'kept@parcelle.test', password } });
          expect(old.statusCode).toBe(401);
        } finally {
          await t.close();
        }
      } finally {
        await database.close();
      }
    } finally {
      await target.drop();
    }
  }, 240_000);

  it('writes nothing when one entry is wrong, whether the list or the database refuses it', async () => {
    const target = await cliDatabase();
    try {
      const good = { email: 'good@parcelle.test', password };
      const refused = await adminOn(
        target.env,
        ['create-many'],
        JSON.stringify([good, { email: 'short@parcelle.test', password: 'short' }, good]),
      );
      expect(refused.code).toBe(2);
      expect(refused.out).toContain('operator 1.password: an operator password needs at least 12 characters');
      expect(refused.out).toContain('good@parcelle.test is listed twice');
      const unreadable = await adminOn(target.env, ['create-many'], 'not json');
      expect(unreadable.code).toBe(2);
      expect(unreadable.out).toContain('a JSON list of operators');
      const badRole = await adminOn(target.env, ['create-many'], JSON.stringify([{ ...good, role: 'owner' }]));
      expect(badRole.code).toBe(2);
      expect(badRole.out).toContain('role must be one of admin, catalogue, finance, support');

      // The database refuses the second (PostgreSQL text holds no NUL character): the first is rolled back with it.
      const failed = await adminOn(
        target.env,
        ['create-many'],
        JSON.stringify([good, { email: 'nul@parcelle.test', password, last_name: 'Nul\u0000' }]),
      );
      expect(failed.code, failed.out).not.toBe(0);
      const database = await target.open();
      try {
        expect(await operatorsOf(database, ['good@parcelle.test', 'short@parcelle.test', 'nul@parcelle.test'])).toEqual(
          [],
        );
      } finally {
        await database.close();
      }
    } finally {
      await target.drop();
    }
  }, 240_000);
});
