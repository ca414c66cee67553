import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/retry';
import { exitOffers } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { accountFor, postTransaction } from '../ledger/ledger';
import { exitOfferDetail } from './offers';

/**
 * An operator records the buyer's money as received (issue 26): a reconciled incoming payment on Parcelle's bank
 * account, in the offer's currency, named by the bank's reference. One balanced ledger transaction moves it from
 * `external` into `exit_escrow`, where it waits for the resolution (settlement pays the holders from it, a rejection
 * returns it); the offer counts what it has received. Several receipts add up (a buyer may pay in instalments).
 * Only while the offer is undecided (recorded or voting: 409 ExitAlreadyResolved after); audited.
 */
export async function recordExitFunds(
  ctx: AppContext,
  operator: Member,
  offerId: string,
  input: { amountMinor: number; bankReference: string },
) {
  await inTransaction(ctx.database.db, async (tx) => {
    const [before] = await tx.select().from(exitOffers).where(eq(exitOffers.id, offerId)).for('update');
    if (!before) throw notFound('ExitOfferNotFound');
    if (before.status !== 'recorded' && before.status !== 'voting') throw new AppError(409, 'ExitAlreadyResolved');
    const [after] = await tx
      .update(exitOffers)
      .set({ fundsReceivedMinor: sql`${exitOffers.fundsReceivedMinor} + ${input.amountMinor}` })
      .where(and(eq(exitOffers.id, offerId), inArray(exitOffers.status, ['recorded', 'voting'])))
      .returning();
    if (!after) throw new AppError(409, 'ExitAlreadyResolved');
    const currency = before.currency;
    await postTransaction(tx, {
      reference: `${before.reference}:funds`,
      description: `exit ${before.reference}: buyer's funds received (${input.bankReference})`,
      lines: [
        { accountId: await accountFor(tx, 'external', currency), amountMinor: -input.amountMinor, currency },
        { accountId: await accountFor(tx, 'exit_escrow', currency), amountMinor: input.amountMinor, currency },
      ],
    });
    await audit(tx, {
      actorId: operator.id,
      action: 'exit.funds',
      targetType: 'exit_offer',
      targetId: offerId,
      details: {
        reference: before.reference,
        bank_reference: input.bankReference,
        amount_minor: input.amountMinor,
        currency,
      },
      before: { funds_received_minor: before.fundsReceivedMinor },
      after: { funds_received_minor: after.fundsReceivedMinor },
    });
  });
  return exitOfferDetail(ctx.database.db, offerId);
}
