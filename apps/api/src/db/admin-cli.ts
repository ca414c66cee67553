import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfigOrExit } from '../config';
import { hashPassword } from '../modules/auth/passwords';
import { openDatabaseOrExit } from './client';
import { users } from './schema';

/**
 * `npm run admin -- create --email … --password … [--first-name … --last-name …]`: creates the first operator
 * (role admin, email verified), or makes an existing member an operator and sets the given password.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: 'Parcelle' },
    'last-name': { type: 'string', default: 'Operator' },
  },
});

if (positionals[0] !== 'create' || !values.email || !values.password) {
  console.error(
    'usage: npm run admin -- create --email <email> --password <password> [--first-name …] [--last-name …]',
  );
  process.exit(2);
}
if (values.password.length < 12) {
  console.error('[admin] an operator password needs at least 12 characters');
  process.exit(2);
}

const config = loadConfigOrExit();
const database = await openDatabaseOrExit(config);
try {
  await database.migrate();
  const email = values.email.trim().toLowerCase();
  const passwordHash = await hashPassword(values.password, config);
  const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    await database.db
      .update(users)
      .set({ role: 'admin', passwordHash, emailVerifiedAt: new Date() })
      .where(eq(users.id, existing.id));
    console.log(`[admin] ${email} is now an operator`);
  } else {
    await database.db.insert(users).values({
      email,
      passwordHash,
      firstName: values['first-name'] ?? 'Parcelle',
      lastName: values['last-name'] ?? 'Operator',
      role: 'admin',
      emailVerifiedAt: new Date(),
    });
    console.log(`[admin] operator ${email} created`);
  }
} finally {
  await database.close();
}
