import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, ZOperatorRole } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfigOrExit } from '../config';
import { hashPassword } from '../modules/auth/passwords';
import { revokeAllSessions } from '../modules/auth/sessions';
import { resetTotp } from '../modules/auth/totp';
import { loadSanctionsList, SanctionsListFormatError } from '../modules/sanctions';
import { type Executor, openDatabaseOrExit } from './client';
import { inTransaction } from './retry';
import { users } from './schema';

/**
 * `npm run admin -- create --email … --password … [--role admin|catalogue|finance|support] [--first-name … --last-name …]`:
 * creates an operator (by default with the `admin` role, email verified), or makes an existing member an operator and
 * sets the given password. Later operators are usually made, and their roles changed, in the console.
 * `npm run admin -- create-many < operators.json`: the same for several operators at once, read from standard input as
 * a JSON list of `{"email", "password", "role"?, "first_name"?, "last_name"?}` (no password on the command line);
 * every entry is checked before anything is written, and all are written in one transaction, or none.
 * `npm run admin -- reset-2fa <email>`: removes an operator's second factor (lost phone) and ends their sessions;
 * their next sign-in may only enrol a new one.
 * `npm run admin -- sanctions:load <file>`: loads a version of the EU consolidated financial sanctions list from its
 * XML file (issue 29), for a machine that cannot reach SANCTIONS_LIST_URL; skipped when the file is the current
 * version. The server's `sanctions-list` job then re-screens every member against it.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    'first-name': { type: 'string', default: 'Parcelle' },
    'last-name': { type: 'string', default: 'Operator' },
  },
});

const command = positionals[0];
const resetEmail = command === 'reset-2fa' ? (positionals[1] ?? values.email) : undefined;
const sanctionsFile = command === 'sanctions:load' ? positionals[1] : undefined;
if (
  !(command === 'create' && values.email && values.password) &&
  !(command === 'reset-2fa' && resetEmail) &&
  !(command === 'sanctions:load' && sanctionsFile) &&
  command !== 'create-many'
) {
  console.error(
    'usage: npm run admin -- create --email <email> --password <password> [--role admin|catalogue|finance|support]\n' +
      '                               [--first-name …] [--last-name …]\n' +
      '       npm run admin -- create-many < operators.json   (a JSON list of {email, password, role?, first_name?, last_name?})\n' +
      '       npm run admin -- reset-2fa <email>\n' +
      '       npm run admin -- sanctions:load <eu-sanctions-list.xml>',
  );
  process.exit(2);
}

const PASSWORD_TOO_SHORT = 'an operator password needs at least 12 characters';
/** One operator to create (or a member to promote), as `create` takes it and `create-many` reads it. */
const ZOperatorEntry = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'email is not an email address' })),
  password: z.string().min(12, { error: PASSWORD_TOO_SHORT }),
  role: z.enum(OPERATOR_ROLES, { error: `role must be one of ${OPERATOR_ROLES.join(', ')}` }).default('admin'),
  first_name: z.string().trim().min(1).default('Parcelle'),
  last_name: z.string().trim().min(1).default('Operator'),
});
type OperatorEntry = z.infer<typeof ZOperatorEntry>;

/** The operators of `create-many` from standard input, every entry checked (and no email twice), or exit 2. */
async function readOperatorList(): Promise<OperatorEntry[]> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    console.error('[admin] create-many reads a JSON list of operators on standard input');
    process.exit(2);
  }
  // Every problem of the list at once, one a line: the entries' own, then any email listed twice.
  const parsed = z
    .array(ZOperatorEntry, { error: 'create-many reads a JSON list of operators' })
    .min(1, { error: 'the list names no operator' })
    .safeParse(json);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => (i.path.length ? `operator ${i.path.join('.')}: ${i.message}` : i.message));
  const emails = (Array.isArray(json) ? json : []).map((entry) =>
    typeof entry?.email === 'string' ? entry.email.trim().toLowerCase() : '',
  );
  const twice = new Set(emails.filter((email, index) => email && emails.indexOf(email) !== index));
  for (const email of twice) problems.push(`${email} is listed twice`);
  if (!parsed.success || problems.length > 0) {
    for (const problem of problems) console.error(`[admin] ${problem}`);
    process.exit(2);
  }
  return parsed.data;
}

let operators: OperatorEntry[] = [];
if (command === 'create') {
  const operatorRole = ZOperatorRole.safeParse(values.role);
  if (!operatorRole.success) {
    console.error(`[admin] --role must be one of ${OPERATOR_ROLES.join(', ')}`);
    process.exit(2);
  }
  if ((values.password ?? '').length < 12) {
    console.error(`[admin] ${PASSWORD_TOO_SHORT}`);
    process.exit(2);
  }
  operators = [
    {
      email: (values.email ?? '').trim().toLowerCase(),
      password: values.password ?? '',
      role: operatorRole.data,
      first_name: values['first-name'] ?? 'Parcelle',
      last_name: values['last-name'] ?? 'Operator',
    },
  ];
} else if (command === 'create-many') {
  operators = await readOperatorList();
}

const NEXT_STEPS = [
  'Next: sign in (POST /api/auth/token) with this email and password; the session may only enrol the second factor.',
  '  POST /api/admin/totp/enrol answers a secret and an otpauth:// URI: add it to an authenticator app;',
  '  POST /api/admin/totp/confirm {"code":"123456"} turns it on and shows 10 recovery codes once: keep them safe.',
  'Every later sign-in answers {totp_required, challenge}: POST /api/auth/token/totp {challenge, code}.',
].join('\n');

/**
 * Creates the operator (email verified), or makes the existing member with that email an operator with this password;
 * answers the line to print.
 */
async function createOperator(db: Executor, entry: OperatorEntry & { passwordHash: string }): Promise<string> {
  const { passwordHash } = entry;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, entry.email));
  if (existing) {
    await db
      .update(users)
      .set({ role: 'admin', operatorRole: entry.role, passwordHash, emailVerifiedAt: new Date() })
      .where(eq(users.id, existing.id));
    // A member's sessions did not prove a second factor: they end with the promotion.
    await revokeAllSessions(db, existing.id, 'made_operator');
    return `[admin] ${entry.email} is now an operator with the role ${entry.role}`;
  }
  await db.insert(users).values({
    email: entry.email,
    passwordHash,
    firstName: entry.first_name,
    lastName: entry.last_name,
    role: 'admin',
    operatorRole: entry.role,
    emailVerifiedAt: new Date(),
  });
  return `[admin] operator ${entry.email} created with the role ${entry.role}`;
}

/** The file's bytes, or exit 2 with the reason (before the database is opened). */
function readSanctionsFile(path: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch (error) {
    console.error(`[admin] cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    process.exit(2);
  }
}
const sanctionsContent = sanctionsFile ? readSanctionsFile(sanctionsFile) : null;

const config = loadConfigOrExit();
const database = await openDatabaseOrExit(config);
try {
  await database.migrate();
  if (command === 'sanctions:load' && sanctionsFile && sanctionsContent) {
    try {
      const result = await loadSanctionsList(database.db, {
        source: `file:${basename(sanctionsFile)}`,
        content: sanctionsContent,
      });
      if (result.status === 'unchanged')
        console.log(`[admin] sanctions list unchanged (sha256 ${result.sha256}): nothing loaded`);
      else {
        console.log(
          `[admin] sanctions list loaded: version ${result.versionId}, ${result.entryCount} entries, ` +
            `generated ${result.generatedAt.toISOString()}, sha256 ${result.sha256}`,
        );
        console.log("Members are re-screened against it by the server's sanctions-list job (within the hour).");
      }
    } catch (error) {
      if (!(error instanceof SanctionsListFormatError)) throw error;
      console.error(`[admin] ${error.message}`);
      process.exitCode = 1;
    }
  } else if (command === 'reset-2fa') {
    const email = (resetEmail ?? '').trim().toLowerCase();
    const [operator] = await database.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email));
    if (operator?.role !== 'admin') {
      console.error(`[admin] no operator has the email ${email}`);
      process.exitCode = 1;
    } else {
      await resetTotp(database.db, operator.id);
      console.log(`[admin] second factor of ${email} removed and every session ended`);
      console.log(NEXT_STEPS);
    }
  } else {
    // The hashes first (the slow part), then every operator in one transaction: a failure leaves none written.
    const hashed: (OperatorEntry & { passwordHash: string })[] = [];
    for (const entry of operators) hashed.push({ ...entry, passwordHash: await hashPassword(entry.password, config) });
    const lines = await inTransaction(database.db, async (tx) => {
      const done: string[] = [];
      for (const entry of hashed) done.push(await createOperator(tx, entry));
      return done;
    });
    for (const line of lines) console.log(line);
    console.log(NEXT_STEPS);
  }
} finally {
  await database.close();
}
