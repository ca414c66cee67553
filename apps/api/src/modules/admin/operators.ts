import { randomBytes } from 'node:crypto';
import type { Language, OperatorRole } from '@parcelle/shared';
import type { TAdminSort } from '@parcelle/shared/contracts/admin';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/retry';
import { operatorTotp, users } from '../../db/schema';
import { sortedBy } from '../../db/sort';
import type { Member } from '../../http/authenticate';
import { AppError, conflict } from '../../http/errors';
import { createAccount, setAccountDisabled, writeOperatorRole } from '../account/users';
import { hashPassword } from '../auth/passwords';
import { issuePasswordLink } from '../auth/service';
import { revokeAllSessions } from '../auth/sessions';
import { operatorInviteEmail } from '../notifications/emails';
import { audit } from './audit';

/** The signed-in operator as GET /admin/me answers it. */
export function operatorProfile(operator: Member) {
  return {
    id: operator.id,
    email: operator.email,
    first_name: operator.firstName,
    last_name: operator.lastName,
    operator_role: operator.operatorRole ?? 'support',
  };
}

/** Every operator, newest first, with whether their second factor is on. */
export async function listOperators(db: Executor, query: { limit: number; offset: number } & TAdminSort<'operators'>) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, totpConfirmedAt: operatorTotp.confirmedAt })
      .from(users)
      .leftJoin(operatorTotp, eq(operatorTotp.userId, users.id))
      .where(eq(users.role, 'admin'))
      .orderBy(
        ...sortedBy(
          query,
          {
            created_at: users.createdAt,
            email: users.email,
            last_name: users.lastName,
            operator_role: users.operatorRole,
          },
          users.id,
        ),
      )
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(users).where(eq(users.role, 'admin')),
  ]);
  return {
    operators: rows.map(({ user, totpConfirmedAt }) => ({
      ...operatorProfile(user),
      totp_enrolled: totpConfirmedAt !== null,
      disabled: user.disabledAt !== null,
      created_at: user.createdAt.toISOString(),
    })),
    total: Number(total?.total ?? 0),
  };
}

/**
 * Changes an operator's role (admins only, audited with the role before and after). An admin cannot change their own
 * role, and the last enabled admin cannot be demoted: the admins are locked in id order so two concurrent demotions
 * cannot both pass the count.
 */
export async function setOperatorRole(
  database: Database,
  actor: Member,
  operatorId: string,
  role: OperatorRole,
): Promise<void> {
  if (operatorId === actor.id) throw new AppError(409, 'OwnRoleUnchangeable');
  await inTransaction(database, async (tx) => {
    if (role !== 'admin') await keepOneAdmin(tx, operatorId);
    const [target] = await tx
      .select({ role: users.role, operatorRole: users.operatorRole })
      .from(users)
      .where(and(eq(users.id, operatorId), isNotNull(users.operatorRole)))
      .for('update');
    if (target?.role !== 'admin') throw new AppError(404, 'NotFound');
    if (target.operatorRole === role) return;
    await writeOperatorRole(tx, operatorId, role);
    await audit(tx, {
      actorId: actor.id,
      action: 'operator.role',
      targetType: 'user',
      targetId: operatorId,
      before: { operator_role: target.operatorRole },
      after: { operator_role: role },
    });
  });
}

/**
 * Locks the enabled admins in id order and refuses when `operatorId` is the last one: so two admins acting on each
 * other at once cannot leave the platform without one.
 */
async function keepOneAdmin(tx: Executor, operatorId: string): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.operatorRole, 'admin'), sql`${users.disabledAt} IS NULL`))
    .orderBy(users.id)
    .for('update');
  if (admins.some((admin) => admin.id === operatorId) && admins.length === 1)
    throw new AppError(409, 'LastAdminRequired');
}

export interface OperatorInvite {
  email: string;
  first_name: string;
  last_name: string;
  operator_role: OperatorRole;
  language: Language;
}

/**
 * Invites an operator (admins only): the account is made with an unusable random password and the email a password
 * link proves; the operator chooses a password from the emailed link, then enrols TOTP at the first sign-in.
 */
export async function inviteOperator(ctx: AppContext, actor: Member, invite: OperatorInvite): Promise<string> {
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'), ctx.config);
  const token = await inTransaction(ctx.database.db, async (tx) => {
    let id: string | undefined;
    try {
      ({ id } = await createAccount(tx, {
        email: invite.email,
        passwordHash,
        firstName: invite.first_name.trim(),
        lastName: invite.last_name.trim(),
        language: invite.language,
        role: 'admin',
        operatorRole: invite.operator_role,
      }));
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_unique')) throw conflict('EmailAlreadyExists');
      throw error;
    }
    if (!id) throw new Error('operator insert returned nothing');
    await audit(tx, {
      actorId: actor.id,
      action: 'operator.invite',
      targetType: 'user',
      targetId: id,
      after: { email: invite.email, operator_role: invite.operator_role },
    });
    return issuePasswordLink(tx, id, 'set');
  });
  await ctx.mailer.sendEmail({
    to: invite.email,
    ...operatorInviteEmail(invite.language, {
      firstName: invite.first_name.trim(),
      setPasswordUrl: `${ctx.config.publicUrl}/set-password/${token}`,
      consoleUrl: `${ctx.config.publicUrl}/admin`,
    }),
  });
  return token;
}

/**
 * Disables or enables an operator (admins only, audited). Disabling ends every session at once; an admin cannot
 * disable themselves, and the last enabled admin stays.
 */
export async function setOperatorDisabled(
  database: Database,
  actor: Member,
  operatorId: string,
  disabled: boolean,
): Promise<void> {
  if (operatorId === actor.id) throw new AppError(409, 'OwnAccountUnchangeable');
  await inTransaction(database, async (tx) => {
    if (disabled) await keepOneAdmin(tx, operatorId);
    const [target] = await tx
      .select({ role: users.role, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, operatorId))
      .for('update');
    if (target?.role !== 'admin') throw new AppError(404, 'NotFound');
    if ((target.disabledAt !== null) === disabled) return;
    await setAccountDisabled(tx, operatorId, disabled ? 'operator_disabled' : null);
    if (disabled) await revokeAllSessions(tx, operatorId, 'operator_disabled');
    await audit(tx, {
      actorId: actor.id,
      action: disabled ? 'operator.disable' : 'operator.enable',
      targetType: 'user',
      targetId: operatorId,
      before: { disabled: !disabled },
      after: { disabled },
    });
  });
}
