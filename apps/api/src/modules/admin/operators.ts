import type { OperatorRole } from '@parcelle/shared';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { operatorTotp, users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError } from '../../http/errors';
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
export async function listOperators(db: Executor, query: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, totpConfirmedAt: operatorTotp.confirmedAt })
      .from(users)
      .leftJoin(operatorTotp, eq(operatorTotp.userId, users.id))
      .where(eq(users.role, 'admin'))
      .orderBy(desc(users.createdAt), desc(users.id))
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
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.operatorRole, 'admin'), sql`${users.disabledAt} IS NULL`))
      .orderBy(users.id)
      .for('update');
    const [target] = await tx
      .select({ role: users.role, operatorRole: users.operatorRole })
      .from(users)
      .where(and(eq(users.id, operatorId), isNotNull(users.operatorRole)))
      .for('update');
    if (!target || target.role !== 'admin') throw new AppError(404, 'NotFound');
    if (target.operatorRole === role) return;
    const stillAdmin = admins.filter((admin) => admin.id !== operatorId).length;
    if (target.operatorRole === 'admin' && stillAdmin === 0) throw new AppError(409, 'LastAdminRequired');
    await tx.update(users).set({ operatorRole: role }).where(eq(users.id, operatorId));
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
