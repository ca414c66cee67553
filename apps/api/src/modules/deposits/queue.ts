import type { BankTransferReason, BankTransferState, TAdminSort } from '@parcelle/shared';
import { count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { sortedBy } from '../../db/sort';
import { bankTransferResolutions, bankTransfers } from './schema';

/** A transfer's state, named from its resolution (none: it waits in the queue). */
const STATE_OF_ACTION: Record<string, BankTransferState> = {
  credit: 'credited',
  assign: 'assigned',
  return: 'returning',
};
const ACTION_OF_STATE: Record<Exclude<BankTransferState, 'queued'>, string> = {
  credited: 'credit',
  assigned: 'assign',
  returning: 'return',
};

function stateFilter(state: BankTransferState | undefined): SQL | undefined {
  if (!state) return undefined;
  if (state === 'queued') return isNull(bankTransferResolutions.transferId);
  return eq(bankTransferResolutions.action, ACTION_OF_STATE[state]);
}

/**
 * GET /admin/deposits/transfers: the credits of the imported statements, newest booking first, filtered by state (the
 * queue is `status=queued`). The member shown is the one credited, else the one the reference named.
 */
export async function listBankTransfers(
  db: Executor,
  query: { status?: BankTransferState | undefined; limit: number; offset: number } & TAdminSort<'deposits'>,
) {
  const member = alias(users, 'member');
  const resolver = alias(users, 'resolver');
  const where = stateFilter(query.status);
  const base = db
    .select({
      transfer: bankTransfers,
      resolution: bankTransferResolutions,
      memberEmail: member.email,
      memberFirst: member.firstName,
      memberLast: member.lastName,
      resolverEmail: resolver.email,
    })
    .from(bankTransfers)
    .leftJoin(bankTransferResolutions, eq(bankTransferResolutions.transferId, bankTransfers.id))
    .leftJoin(member, eq(member.id, bankTransfers.userId))
    .leftJoin(resolver, eq(resolver.id, bankTransferResolutions.resolvedBy));
  const [rows, [total]] = await Promise.all([
    base
      .where(where)
      .orderBy(
        ...sortedBy(
          query,
          {
            booked_on: bankTransfers.bookedOn,
            created_at: bankTransfers.createdAt,
            amount: [bankTransfers.currencyCode, bankTransfers.amountMinor],
          },
          bankTransfers.id,
        ),
      )
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: count() })
      .from(bankTransfers)
      .leftJoin(bankTransferResolutions, eq(bankTransferResolutions.transferId, bankTransfers.id))
      .where(where),
  ]);
  // An assigned transfer names the member the operator chose, who may differ from the one the reference named.
  const assigneeIds = [
    ...new Set(
      rows.flatMap((row) =>
        row.resolution?.userId && row.resolution.userId !== row.transfer.userId ? [row.resolution.userId] : [],
      ),
    ),
  ];
  const assignees = new Map<string, { email: string; name: string }>();
  if (assigneeIds.length > 0) {
    const found = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, assigneeIds));
    for (const user of found) assignees.set(user.id, { email: user.email, name: `${user.firstName} ${user.lastName}` });
  }
  return {
    transfers: rows.map((row) => {
      const { transfer, resolution } = row;
      const memberId = resolution?.userId ?? transfer.userId;
      const named =
        memberId && memberId !== transfer.userId
          ? assignees.get(memberId)
          : row.memberEmail
            ? { email: row.memberEmail, name: `${row.memberFirst} ${row.memberLast}` }
            : undefined;
      return {
        id: transfer.id,
        statement_id: transfer.statementId,
        entry_reference: transfer.entryReference,
        booked_on: transfer.bookedOn,
        amount_text: transfer.amountText,
        currency_code: transfer.currencyCode,
        amount_minor: transfer.amountMinor,
        remittance: transfer.remittance,
        debtor_name: transfer.debtorName,
        debtor_iban: transfer.debtorIban,
        state: resolution ? (STATE_OF_ACTION[resolution.action] ?? 'queued') : ('queued' as const),
        reason: transfer.reason as BankTransferReason | null,
        member: memberId && named ? { id: memberId, ...named } : null,
        ledger_reference: resolution?.transactionId ? transfer.reference : null,
        resolved_by: row.resolverEmail,
        resolution_note: resolution?.note || null,
        created_at: transfer.createdAt.toISOString(),
      };
    }),
    total: Number(total?.total ?? 0),
  };
}
