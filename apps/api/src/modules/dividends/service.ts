import type { Currency } from '@parcelle/shared/constants';
import type { TAdminSort } from '@parcelle/shared/contracts/admin';
import { allocate, multiplyMoney, toMajor } from '@parcelle/shared/money';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type Executor, queryRows } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { dividendPayments, dividends, paintings, users } from '../../db/schema';
import { sortedBy } from '../../db/sort';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { refuseInterestedOperator } from '../admin/interest';
import { operatorEmails } from '../admin/operator-emails';
import { accountFor, type LedgerLine, postTransaction } from '../ledger/ledger';
import { memberCreditLines } from '../ledger/member-credits';
import { notifyMember } from '../notifications/notify';
import { newReference } from '../references/references';

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
 * Declares a painting's dividend for a year, once (unique per painting and year), WITHOUT paying it (issue 15): every
 * holder's share at the record date is computed and frozen in `dividend_payments`, for the preview, and a second
 * finance or admin operator's approval pays exactly those shares (`approveDividend`). With a total, each holder gets
 * total × parts / all parts by the largest-remainder rule (`allocate`): shares differ from the exact proportion by
 * less than a cent and add up to the total exactly. With an amount per part, each holder gets amount × parts. Either
 * way the amount is for every part of the work (issue 31): the share of the parts no member held at the record date
 * is Parcelle's, counted in the split (the last weight) and never paid out. The
 * record date may not be in the future (the holders must be known; the register is append-only, so the holders at
 * a past instant never change).
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
  const now = new Date();
  const recordDate = input.recordDate ?? now;
  if (recordDate.getTime() > now.getTime()) throw badRequest('DividendRecordDateFuture', 'record_date');
  const declared = await inTransaction(ctx.database.db, async (tx) => {
    const [painting] = await tx
      .select({ id: paintings.id, totalParts: paintings.totalParts })
      .from(paintings)
      .where(eq(paintings.id, input.paintingId));
    if (!painting) throw notFound('PaintingNotFound');
    const [already] = await tx
      .select({ id: dividends.id })
      .from(dividends)
      .where(and(eq(dividends.paintingId, input.paintingId), eq(dividends.year, input.year)));
    if (already) throw new AppError(409, 'DividendAlreadyDeclared');
    const holders = await holdersAt(tx, input.paintingId, recordDate);
    if (holders.length === 0) throw badRequest('DividendNoHolders', 'painting_id');
    await refuseInterestedOperator(
      tx,
      operator.id,
      input.paintingId,
      holders.map((holder) => holder.userId),
    );
    // A dividend is an amount per part of the whole work (issue 31): the parts no member held at the record date
    // (unsold, reserved) have their share too, which stays with Parcelle: it is never paid out.
    const held = holders.reduce((sum, holder) => sum + holder.parts, 0);
    const unsold = Math.max(0, painting.totalParts - held);
    const weights = [...holders.map((holder) => holder.parts), unsold];
    const all =
      input.perPartMinor !== undefined
        ? weights.map(
            (parts) => multiplyMoney({ minor: input.perPartMinor as number, currency: input.currency }, parts).minor,
          )
        : allocate(input.totalMinor ?? 0, weights);
    const shares = all.slice(0, holders.length);
    const totalMinor = all.reduce((sum, share) => sum + share, 0);
    if (totalMinor <= 0 || shares.reduce((sum, share) => sum + share, 0) <= 0) {
      throw badRequest('DividendAmountInvalid');
    }

    const reference = newReference('dividend');
    const [dividend] = await tx
      .insert(dividends)
      .values({
        reference,
        paintingId: input.paintingId,
        year: input.year,
        currency: input.currency,
        totalMinor,
        perPartMinor: input.perPartMinor ?? null,
        recordDate,
        declaredBy: operator.id,
        status: 'declared',
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
    await audit(tx, {
      actorId: operator.id,
      action: 'dividend.declare',
      targetType: 'dividend',
      targetId: dividend.id,
      details: { reference, painting_id: input.paintingId },
      after: dividendState(dividend, holders.length),
    });
    return dividend;
  });
  return dividendPreview(ctx.database.db, declared.id);
}

/** What the audit log records of a dividend. */
function dividendState(dividend: Dividend, holders: number) {
  return {
    status: dividend.status,
    year: dividend.year,
    currency: dividend.currency,
    total_minor: dividend.totalMinor,
    per_part_minor: dividend.perPartMinor,
    record_date: dividend.recordDate.toISOString(),
    holders,
    approved_by: dividend.approvedBy,
  };
}

type Dividend = typeof dividends.$inferSelect;

/**
 * A dividend with every holder's amount at the record date, and the rounding: for a split total, each holder's exact
 * share (total × parts / all parts, as a decimal of minor units), what flooring it leaves over (the remainder, in
 * minor units) and who received one extra unit of it by the largest-remainder rule (largest fractional part first,
 * ties to the lower member id, the holders' order).
 */
export async function dividendPreview(db: Executor, dividendId: string) {
  const [row] = await db
    .select({ dividend: dividends, title: paintings.titleEn, totalParts: paintings.totalParts })
    .from(dividends)
    .innerJoin(paintings, eq(paintings.id, dividends.paintingId))
    .where(eq(dividends.id, dividendId));
  if (!row) throw notFound('DividendNotFound');
  const { dividend } = row;
  const payments = await db
    .select({ payment: dividendPayments, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(dividendPayments)
    .innerJoin(users, eq(users.id, dividendPayments.userId))
    .where(eq(dividendPayments.dividendId, dividend.id))
    .orderBy(asc(dividendPayments.userId));
  const parts = payments.reduce((sum, { payment }) => sum + payment.parts, 0);
  const paidOut = payments.reduce((sum, { payment }) => sum + payment.amountMinor, 0);
  // Parcelle's share: the parts no member held at the record date (issue 31). Dividends declared before it were
  // split among the holders only: their total is what was paid out, and nothing was kept.
  const retained = dividend.totalMinor - paidOut;
  const unsold = retained > 0 ? Math.max(0, row.totalParts - parts) : 0;
  const allParts = parts + unsold;
  const split = dividend.perPartMinor === null;
  const emailOf = await operatorEmails(db, [dividend.declaredBy, dividend.approvedBy]);
  const total = BigInt(dividend.totalMinor);
  const floors = payments.map(({ payment }) => (split ? (total * BigInt(payment.parts)) / BigInt(allParts) : null));
  const retainedFloor = split ? (total * BigInt(unsold)) / BigInt(allParts) : 0n;
  const floored = floors.reduce<bigint>((sum, floor) => sum + (floor ?? 0n), 0n) + retainedFloor;
  return {
    id: dividend.id,
    reference: dividend.reference,
    painting: { id: dividend.paintingId, title: row.title },
    year: dividend.year,
    record_date: dividend.recordDate.toISOString(),
    status: dividend.status,
    total: { value: toMajor(dividend.totalMinor), curr: dividend.currency },
    total_minor: dividend.totalMinor,
    per_part_minor: dividend.perPartMinor,
    parts,
    unsold_parts: unsold,
    paid_out_minor: paidOut,
    paid_out: { value: toMajor(paidOut), curr: dividend.currency },
    retained_minor: retained,
    retained: { value: toMajor(retained), curr: dividend.currency },
    declared_by: dividend.declaredBy,
    declared_by_email: emailOf(dividend.declaredBy),
    declared_at: dividend.createdAt.toISOString(),
    approved_by: dividend.approvedBy,
    approved_by_email: emailOf(dividend.approvedBy),
    paid_at: dividend.paidAt?.toISOString() ?? null,
    rounding: split
      ? {
          rule: 'largest_remainder' as const,
          floored_minor: Number(floored),
          remainder_minor: Number(total - floored),
        }
      : { rule: 'per_part' as const, floored_minor: dividend.totalMinor, remainder_minor: 0 },
    /** Parcelle's share's exact amount (total × unsold parts ÷ all parts), like each holder's `exact_minor`. */
    retained_exact_minor: split ? exactShare(total, unsold, allParts) : String(retained),
    holders: payments.map(({ payment, email, firstName, lastName }, index) => {
      const floor = floors[index];
      return {
        user_id: payment.userId,
        email,
        name: `${firstName} ${lastName}`,
        parts: payment.parts,
        exact_minor: split ? exactShare(total, payment.parts, allParts) : String(payment.amountMinor),
        amount_minor: payment.amountMinor,
        amount: { value: toMajor(payment.amountMinor), curr: dividend.currency },
        remainder_unit: floor !== null && floor !== undefined && BigInt(payment.amountMinor) > floor,
      };
    }),
  };
}

/** total × parts / all parts in minor units, as a decimal string with 4 places (display only). */
function exactShare(total: bigint, parts: number, allParts: number): string {
  const scaled = (total * BigInt(parts) * 10_000n) / BigInt(allParts);
  const whole = scaled / 10_000n;
  const fraction = (scaled % 10_000n).toString().padStart(4, '0');
  return `${whole}.${fraction}`;
}

/** Dividends for operators, in the chosen order (newest first by default), optionally of one state. */
export async function listDividends(
  db: Executor,
  query: { status?: 'declared' | 'paid' | undefined; limit: number; offset: number } & TAdminSort<'dividends'>,
) {
  const where = query.status ? eq(dividends.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ dividend: dividends, title: paintings.titleEn })
      .from(dividends)
      .innerJoin(paintings, eq(paintings.id, dividends.paintingId))
      .where(where)
      .orderBy(
        ...sortedBy(
          query,
          {
            declared_at: dividends.createdAt,
            reference: dividends.reference,
            painting: paintings.titleEn,
            year: dividends.year,
            total: [dividends.currency, dividends.totalMinor],
            status: dividends.status,
            record_date: dividends.recordDate,
            paid_at: dividends.paidAt,
          },
          dividends.id,
        ),
      )
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(dividends).where(where),
  ]);
  const emailOf = await operatorEmails(
    db,
    rows.flatMap(({ dividend }) => [dividend.declaredBy, dividend.approvedBy]),
  );
  return {
    dividends: rows.map(({ dividend, title }) => ({
      id: dividend.id,
      reference: dividend.reference,
      painting: { id: dividend.paintingId, title },
      year: dividend.year,
      status: dividend.status,
      total: { value: toMajor(dividend.totalMinor), curr: dividend.currency },
      total_minor: dividend.totalMinor,
      record_date: dividend.recordDate.toISOString(),
      declared_by: dividend.declaredBy,
      declared_by_email: emailOf(dividend.declaredBy),
      declared_at: dividend.createdAt.toISOString(),
      approved_by: dividend.approvedBy,
      approved_by_email: emailOf(dividend.approvedBy),
      paid_at: dividend.paidAt?.toISOString() ?? null,
    })),
    total: Number(total?.total ?? 0),
  };
}

/**
 * The second operator's approval (four eyes): pays the declared dividend, exactly the shares of its preview, from
 * outside (the work's income) into the holders' wallets, once. The declarer cannot approve (409 FourEyesRequired);
 * under the dividend's lock a second approval finds it paid (409 DividendAlreadyPaid).
 */
export async function approveDividend(ctx: AppContext, operator: Member, dividendId: string) {
  await inTransaction(ctx.database.db, async (tx) => {
    const [before] = await tx.select().from(dividends).where(eq(dividends.id, dividendId)).for('update');
    if (!before) throw notFound('DividendNotFound');
    if (before.status !== 'declared') throw new AppError(409, 'DividendAlreadyPaid');
    if (before.declaredBy === operator.id) throw new AppError(409, 'FourEyesRequired');
    const payments = await tx
      .select()
      .from(dividendPayments)
      .where(eq(dividendPayments.dividendId, dividendId))
      .orderBy(asc(dividendPayments.userId));
    await refuseInterestedOperator(
      tx,
      operator.id,
      before.paintingId,
      payments.map((payment) => payment.userId),
    );
    const [paid] = await tx
      .update(dividends)
      .set({ status: 'paid', approvedBy: operator.id, paidAt: new Date() })
      .where(and(eq(dividends.id, dividendId), eq(dividends.status, 'declared')))
      .returning();
    if (!paid) throw new AppError(409, 'DividendAlreadyPaid');
    // Only the members' shares leave: the unsold parts' share stays with Parcelle (issue 31), so nothing moves for it.
    const paidOut = payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
    const lines: LedgerLine[] = [
      {
        accountId: await accountFor(tx, 'external', paid.currency),
        amountMinor: -paidOut,
        currency: paid.currency,
      },
    ];
    // Each co-owner is paid into their own wallet, exchanged when it is in the other currency.
    lines.push(...(await memberCreditLines(tx, payments, paid.currency)));
    await postTransaction(tx, { reference: paid.reference, description: `dividend ${paid.year}`, lines });
    for (const payment of payments) {
      if (payment.amountMinor === 0) continue;
      await notifyMember(ctx, tx, payment.userId, 'dividend_paid', {
        dividend_id: paid.id,
        painting_id: paid.paintingId,
        year: paid.year,
        amount_minor: payment.amountMinor,
        currency: paid.currency,
      });
    }
    await audit(tx, {
      actorId: operator.id,
      action: 'dividend.approve',
      targetType: 'dividend',
      targetId: paid.id,
      details: { reference: paid.reference, painting_id: paid.paintingId, declared_by: paid.declaredBy },
      before: dividendState(before, payments.length),
      after: dividendState(paid, payments.length),
    });
  });
  return dividendPreview(ctx.database.db, dividendId);
}
