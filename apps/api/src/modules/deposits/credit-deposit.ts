import type { Executor } from '../../db/client';
import { accountFor, postTransaction } from '../ledger/ledger';
import { memberCreditLines } from '../ledger/member-credits';
import { type NotifyContext, notifyMember } from '../notifications/notify';
import { bankTransferResolutions } from './schema';

/**
 * Credits one received transfer to a member: one balanced ledger transaction, the euros arriving from `external` (the
 * bank) into the member's wallet, exchanged at the day's rate when the wallet is in dollars (ledger/member-credits.ts);
 * its resolution row, whose primary key is the transfer, so a second credit of the same transfer (two operators at
 * once) fails there and its transaction — ledger lines included — rolls back; and the member is told (app and email)
 * in the same transaction. Call inside the caller's transaction, after the gate.
 */
export async function creditTransfer(
  ctx: NotifyContext,
  tx: Executor,
  transfer: { id: string; reference: string; amountMinor: number },
  resolution: { action: 'credit' | 'assign'; userId: string; resolvedBy: string; note: string },
): Promise<string> {
  const lines = [
    {
      accountId: await accountFor(tx, 'external', 'EURO'),
      amountMinor: -transfer.amountMinor,
      currency: 'EURO' as const,
    },
    ...(await memberCreditLines(tx, [{ userId: resolution.userId, amountMinor: transfer.amountMinor }], 'EURO')),
  ];
  const transactionId = await postTransaction(tx, {
    reference: transfer.reference,
    description: `bank transfer deposit ${transfer.reference}`,
    lines,
  });
  await tx.insert(bankTransferResolutions).values({ transferId: transfer.id, ...resolution, transactionId });
  await notifyMember(ctx, tx, resolution.userId, 'deposit_credited', {
    transfer_id: transfer.id,
    amount_minor: transfer.amountMinor,
    currency: 'EURO',
  });
  return transactionId;
}
