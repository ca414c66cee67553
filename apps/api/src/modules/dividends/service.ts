import { randomBytes } from 'node:crypto';
import type { Currency } from '@parcelle/shared/constants';
import { allocate, multiplyMoney, toMajor } from '@parcelle/shared/money';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type Executor, queryRows } from '../../db/client';
import { dividendPayments, dividends, paintings } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { accountFor, type LedgerLine, postTransaction } from '../ledger/ledger';

/**
 * Who held parts of a painting at an instant, and how many: member entries plus parts they had listed for sale
 * (still theirs), both as recorded up to `at`. Parts reserved by a pending purchase are not counted (not yet paid).
 */
export async function holdersAt(
  tx: Executor,
  paintingId: string,
  at: Date,
): Promise<{ userId: string; parts: number }[]> {
  const rows = await queryRows<{ user_id: string; parts: number }>(
    tx,
    sql`SELECT holder AS user_id, sum(quantity)::int AS parts FROM (
        SELECT e.user_id AS holder, e.quantity FROM part_entries e
        WHERE e.painting_id = ${paintingId} AND e.holder_kind = 'member' AND e.created_at <= ${at.toISOString()}
        UNION ALL
        SELECT l.seller_id AS holder, e.quantity FROM part_entries e JOIN listings l ON l.id = e.listing_id
        WHERE e.painting_id = ${paintingId} AND e.holder_kind = 'listed' AND e.created_at <= ${at.toISOString()}
      ) held
      GROUP BY holder HAVING sum(quantity) > 0
      ORDER BY holder`,
  );
  return rows.map((row) => ({ userId: row.user_id, parts: Number(row.parts) }));
}

/**
 * Declares and pays a painting's dividend for a year, once (unique per painting and year), in one transaction.
 * With a total, each holder gets total × parts / all parts, by the largest-remainder rule (`allocate`): shares
 * differ from the exact proportion by less than a cent and add up to the total exactly. With an amount per part,
 * each holder gets amount × parts (exact). The money comes from outside (the work's income) into the wallets.
 */
export async function declareDividend(
  ctx: AppContext,
  operator: Member,
  input: {
    paintingId: string;
    year: number;
    currency: Currency;
    totalMinor?: number;
    perPartMinor?: number;
    recordDate?: Date;
  },
) {
  const recordDate = input.recordDate ?? new Date();
  return ctx.database.db.transaction(async (tx) => {
    const [painting] = await tx.select({ id: paintings.id }).from(paintings).where(eq(paintings.id, input.paintingId));
    if (!painting) throw notFound('PaintingNotFound');
    const [already] = await tx
      .select({ id: dividends.id })
      .from(dividends)
      .where(and(eq(dividends.paintingId, input.paintingId), eq(dividends.year, input.year)));
    if (already) throw new AppError(409, 'DividendAlreadyDeclared');
    const holders = await holdersAt(tx, input.paintingId, recordDate);
    if (holders.length === 0) throw badRequest('DividendNoHolders', 'painting_id');
    const parts = holders.reduce((sum, holder) => sum + holder.parts, 0);
    const shares =
      input.perPartMinor !== undefined
        ? holders.map(
            (holder) =>
              multiplyMoney({ minor: input.perPartMinor as number, currency: input.currency }, holder.parts).minor,
          )
        : allocate(
            input.totalMinor ?? 0,
            holders.map((holder) => holder.parts),
          );
    const totalMinor = shares.reduce((sum, share) => sum + share, 0);
    if (totalMinor <= 0) throw badRequest('DividendAmountInvalid');

    const reference = `DV-${randomBytes(6).toString('hex').toUpperCase()}`;
    const [dividend] = await tx
      .insert(dividends)
      .values({
        reference,
        paintingId: input.paintingId,
        year: input.year,
        currency: input.currency,
        totalMinor,
        recordDate,
        declaredBy: operator.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!dividend) throw new AppError(409, 'DividendAlreadyDeclared');
    await tx.insert(dividendPayments).values(
      holders.map((holder, index) => ({
        dividendId: dividend.id,
        userId: holder.userId,
        parts: holder.parts,
        amountMinor: shares[index] ?? 0,
      })),
    );
    const lines: LedgerLine[] = [
      {
        accountId: await accountFor(tx, 'external', input.currency),
        amountMinor: -totalMinor,
        currency: input.currency,
      },
    ];
    for (const [index, holder] of holders.entries()) {
      const share = shares[index] ?? 0;
      if (share === 0) continue;
      lines.push({
        accountId: await accountFor(tx, 'member_wallet', input.currency, holder.userId),
        amountMinor: share,
        currency: input.currency,
      });
    }
    await postTransaction(tx, { reference, description: `dividend ${input.year}`, lines });
    await audit(tx, {
      actorId: operator.id,
      action: 'dividend.declare',
      targetType: 'painting',
      targetId: input.paintingId,
      details: {
        reference,
        year: input.year,
        currency: input.currency,
        total_minor: totalMinor,
        holders: holders.length,
      },
    });
    return { reference, total: { value: toMajor(totalMinor), curr: input.currency }, holders: holders.length, parts };
  });
}
