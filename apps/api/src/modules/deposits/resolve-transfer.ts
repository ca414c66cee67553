import { mayMoveMoney } from '@parcelle/shared';
import type { ZAssignBankTransfer, ZReturnBankTransfer } from '@parcelle/shared/contracts/deposits';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/retry';
import { users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { stateOfMember } from '../verification/state';
import { creditTransfer } from './credit-deposit';
import { bankTransferResolutions, bankTransfers } from './schema';

/** A queued transfer, or 404 / 409 BankTransferNotQueued when it was already credited, assigned or returned. */
async function queuedTransfer(tx: Executor, id: string) {
  const [row] = await tx
    .select({ transfer: bankTransfers, resolved: bankTransferResolutions.transferId })
    .from(bankTransfers)
    .leftJoin(bankTransferResolutions, eq(bankTransferResolutions.transferId, bankTransfers.id))
    .where(eq(bankTransfers.id, id));
  if (!row) throw notFound('BankTransferNotFound');
  if (row.resolved) throw conflict('BankTransferNotQueued');
  return row.transfer;
}

/** Two operators resolving the same transfer at once: the resolution's primary key lets one through. */
async function once<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'bank_transfer_resolutions_pkey')) throw conflict('BankTransferNotQueued');
    throw error;
  }
}

/**
 * POST /admin/deposits/transfers/:id/assign: a finance operator credits a queued transfer in euros to the member of an
 * email address (a sender who forgot the reference, a typo, a member verified since). The member must be verified
 * (409 DepositMemberNotVerified: it stays queued), and not the operator themself (409 OperatorHasInterest). Audited.
 */
export async function assignTransfer(
  ctx: AppContext,
  operator: Member,
  id: string,
  input: z.output<typeof ZAssignBankTransfer>,
) {
  return once(() =>
    inTransaction(ctx.database.db, async (tx) => {
      const transfer = await queuedTransfer(tx, id);
      if (transfer.currencyCode !== 'EUR' || transfer.amountMinor === null) throw conflict('BankTransferNotEuro');
      const [member] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${input.email})`);
      if (!member) throw badRequest('DepositMemberNotFound', 'email');
      if (member.id === operator.id) throw new AppError(409, 'OperatorHasInterest');
      if (!mayMoveMoney(await stateOfMember(tx, member.id))) throw conflict('DepositMemberNotVerified');
      const transactionId = await creditTransfer(
        ctx,
        tx,
        { id: transfer.id, reference: transfer.reference, amountMinor: transfer.amountMinor },
        { action: 'assign', userId: member.id, resolvedBy: operator.id, note: input.note },
      );
      await audit(tx, {
        actorId: operator.id,
        action: 'deposits.assign',
        targetType: 'bank_transfer',
        targetId: transfer.id,
        details: {
          member_id: member.id,
          reference_named: transfer.userId,
          reason: transfer.reason,
          amount_minor: transfer.amountMinor,
          ledger_reference: transfer.reference,
          transaction_id: transactionId,
          note: input.note,
        },
        before: { state: 'queued' },
        after: { state: 'assigned' },
      });
      return { id: transfer.id, state: 'assigned' as const };
    }),
  );
}

/**
 * POST /admin/deposits/transfers/:id/return: the transfer is to be sent back by the bank (an unknown sender, a currency
 * other than the euro, a member who may not be credited). Nothing enters the ledger: the money never was the member's.
 * Audited with the operator's reason.
 */
export async function returnTransfer(
  ctx: AppContext,
  operator: Member,
  id: string,
  input: z.output<typeof ZReturnBankTransfer>,
) {
  return once(() =>
    inTransaction(ctx.database.db, async (tx) => {
      const transfer = await queuedTransfer(tx, id);
      await tx
        .insert(bankTransferResolutions)
        .values({ transferId: transfer.id, action: 'return', resolvedBy: operator.id, note: input.note });
      await audit(tx, {
        actorId: operator.id,
        action: 'deposits.return',
        targetType: 'bank_transfer',
        targetId: transfer.id,
        details: {
          reason: transfer.reason,
          amount_text: transfer.amountText,
          currency: transfer.currencyCode,
          note: input.note,
        },
        before: { state: 'queued' },
        after: { state: 'returning' },
      });
      return { id: transfer.id, state: 'returning' as const };
    }),
  );
}
