import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, ZOperatorRole } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { loadConfigOrExit } from '../config';
import { hashPassword } from '../modules/auth/passwords';
import { revokeAllSessions } from '../modules/auth/sessions';
import { resetTotp } from '../modules/auth/totp';
import { openDatabaseOrExit } from './client';
import { users } from './schema';

/**
 * `npm run admin -- create --email … --password … [--role admin|catalogue|finance|support] [--first-name … --last-name …]`:
 * creates an operator (by default with the `admin` role, email verified), or makes an existing member an operator and
 * sets the given password. Later operators are usually made, and their roles changed, in the console.
 * `npm run admin -- reset-2fa <email>`: removes an operator's second factor (lost phone) and ends their sessions;
 * their next sign-in may only enrol a new one.
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
if (!(command === 'create' && values.email && values.password) && !(command === 'reset-2fa' && resetEmail)) {
  console.error(
    'usage: npm run admin -- create --email <email> --password <password> [--role admin|catalogue|finance|support]\n' +
      '                               [--first-name …] [--last-name …]\n' +
      '       npm run admin -- reset-2fa <email>',
  );
  process.exit(2);
}
const operatorRole = ZOperatorRole.safeParse(values.role);
if (!operatorRole.success) {
  console.error(`[admin] --role must be one of ${OPERATOR_ROLES.join(', ')}`);
  process.exit(2);
}
if (command === 'create' && (values.password ?? '').length < 12) {
  console.error('[admin] an operator password needs at least 12 characters');
  process.exit(2);
}

const NEXT_STEPS = [
  'Next: sign in (POST /api/auth/token) with this email and password; the session may only enrol the second factor.',
  '  POST /api/admin/totp/enrol answers a secret and an otpauth:// URI: add it to an authenticator app;',
  '  POST /api/admin/totp/confirm {"code":"123456"} turns it on and shows 10 recovery codes once: keep them safe.',
  'Every later sign-in answers {totp_required, challenge}: POST /api/auth/token/totp {challenge, code}.',
].join('\n');

const config = loadConfigOrExit();
const database = await openDatabaseOrExit(config);
try {
  await database.migrate();
  if (command === 'reset-2fa') {
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
    const email = (values.email ?? '').trim().toLowerCase();
    const passwordHash = await hashPassword(values.password ?? '', config);
    const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) {
      await database.db
        .update(users)
        .set({ role: 'admin', operatorRole: operatorRole.data, passwordHash, emailVerifiedAt: new Date() })
        .where(eq(users.id, existing.id));
      // A member's sessions did not prove a second factor: they end with the promotion.
      await revokeAllSessions(database.db, existing.id, 'made_operator');
      console.log(`[admin] ${email} is now an operator with the role ${operatorRole.data}`);
    } else {
      await database.db.insert(users).values({
        email,
        passwordHash,
        firstName: values['first-name'] ?? 'Parcelle',
        lastName: values['last-name'] ?? 'Operator',
        role: 'admin',
        operatorRole: operatorRole.data,
        emailVerifiedAt: new Date(),
      });
      console.log(`[admin] operator ${email} created with the role ${operatorRole.data}`);
    }
    console.log(NEXT_STEPS);
  }
} finally {
  await database.close();
}
