import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { Member } from '../../http/authenticate';

/**
 * The account module's writes of `users` for the modules that create or change an account on their own terms (issue
 * 28, decision 416: only the owner writes its tables). Sign-in (auth) makes the members who come with Google or
 * Microsoft and sets passwords; the console (admin, members-admin) makes operators, changes their roles and disables
 * or restores accounts. Each caller keeps its own rules, locks and audit; these only write, in the caller's
 * transaction.
 */

/** What a new account is made of: the columns the database does not default. */
export type NewAccount = Pick<typeof users.$inferInsert, 'email' | 'passwordHash' | 'firstName' | 'lastName'> &
  Partial<
    Pick<
      typeof users.$inferInsert,
      'currency' | 'language' | 'role' | 'operatorRole' | 'emailVerifiedAt' | 'quickSignUp'
    >
  >;

/** Creates an account; a taken email fails with the database's unique violation (`users_email_unique`). */
export async function createAccount(tx: Executor, account: NewAccount): Promise<Member> {
  const [user] = await tx.insert(users).values(account).returning();
  if (!user) throw new Error('users insert returned nothing');
  return user;
}

/** A new password hash; `proveEmail` also marks the email proven (a link that reached the mailbox set it). */
export async function setPasswordHash(
  tx: Executor,
  userId: string,
  passwordHash: string,
  proveEmail?: { emailVerifiedAt: Date },
): Promise<void> {
  await tx
    .update(users)
    .set(proveEmail ? { passwordHash, emailVerifiedAt: proveEmail.emailVerifiedAt } : { passwordHash })
    .where(eq(users.id, userId));
}

/** An operator's role in the console (the caller checked the actor and kept one admin). */
export async function writeOperatorRole(
  tx: Executor,
  operatorId: string,
  role: NonNullable<Member['operatorRole']>,
): Promise<void> {
  await tx.update(users).set({ operatorRole: role }).where(eq(users.id, operatorId));
}

/** Disables an account with its reason (nothing is deleted), or, with null, enables it again. */
export async function setAccountDisabled(tx: Executor, userId: string, reason: string | null): Promise<void> {
  await tx
    .update(users)
    .set(
      reason === null ? { disabledAt: null, disabledReason: null } : { disabledAt: new Date(), disabledReason: reason },
    )
    .where(eq(users.id, userId));
}
