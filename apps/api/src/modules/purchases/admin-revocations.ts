import { addDays, parisMidnight } from '@parcelle/shared';
import type { TAdminRevocationRow, TAdminRevocationsQuery } from '@parcelle/shared/contracts/reflection';
import { and, count, eq, gte, lt } from 'drizzle-orm';
import { type Executor, readsTogether } from '../../db/client';
import { paintings, purchaseRevocations, purchases, refunds, users } from '../../db/schema';
import { sortedBy } from '../../db/sort';
import { audit } from '../admin/audit';

/**
 * GET /admin/revocations (issue 30, decision 421): the revoked primary purchases for compliance (the regulated right
 * was honoured, in time) and finance (the money went back: where, and whether the provider has refunded it yet).
 * One row per `purchase_revocations` record, the append-only record the revocation workflow writes; `from`/`to` are
 * Paris days of the revocation, both included. The rows name members and amounts, so each read is written to the
 * audit log (the filter and how many rows were shown) in the transaction that reads them.
 */
export async function listRevocations(db: Executor, operatorId: string, query: TAdminRevocationsQuery) {
  const where = and(
    query.from ? gte(purchaseRevocations.createdAt, parisMidnight(query.from)) : undefined,
    query.to ? lt(purchaseRevocations.createdAt, parisMidnight(addDays(query.to, 1))) : undefined,
  );
  return db.transaction(async (tx) => {
    const [rows, [total]] = await readsTogether(tx, [
      () =>
        tx
          .select({
            revocation: purchaseRevocations,
            reference: purchases.reference,
            paintingId: purchases.paintingId,
            quantity: purchases.quantity,
            settledAt: purchases.settledAt,
            titleEn: paintings.titleEn,
            titleFr: paintings.titleFr,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            refundStatus: refunds.status,
          })
          .from(purchaseRevocations)
          .innerJoin(purchases, eq(purchases.id, purchaseRevocations.purchaseId))
          .innerJoin(paintings, eq(paintings.id, purchases.paintingId))
          .innerJoin(users, eq(users.id, purchaseRevocations.userId))
          .leftJoin(refunds, eq(refunds.purchaseId, purchaseRevocations.purchaseId))
          .where(where)
          .orderBy(
            ...sortedBy(
              query,
              {
                revoked_at: purchaseRevocations.createdAt,
                settled_at: purchases.settledAt,
                reference: purchases.reference,
                member: [users.lastName, users.firstName],
                amount: [purchaseRevocations.currency, purchaseRevocations.amountMinor],
              },
              purchaseRevocations.id,
            ),
          )
          .limit(query.limit)
          .offset(query.offset),
      () => tx.select({ total: count() }).from(purchaseRevocations).where(where),
    ]);
    await audit(tx, {
      actorId: operatorId,
      action: 'purchase_revocation.list_view',
      targetType: 'purchase_revocation',
      targetId: 'list',
      details: { from: query.from ?? null, to: query.to ?? null, offset: query.offset, count: rows.length },
    });
    const revocations: TAdminRevocationRow[] = rows.map((row) => ({
      id: row.revocation.id,
      purchase_id: row.revocation.purchaseId,
      reference: row.reference,
      member: {
        id: row.revocation.userId,
        name: `${row.firstName} ${row.lastName}`.trim(),
        email: row.email,
      },
      painting: { id: row.paintingId, title: { en: row.titleEn, fr: row.titleFr } },
      quantity: row.quantity,
      amount_minor: row.revocation.amountMinor,
      currency: row.revocation.currency,
      settled_at: (row.settledAt ?? row.revocation.createdAt).toISOString(),
      period_ends_at: row.revocation.periodEndsAt.toISOString(),
      revoked_at: row.revocation.createdAt.toISOString(),
      channel: row.revocation.channel as TAdminRevocationRow['channel'],
      refund_to: row.revocation.refundTo as TAdminRevocationRow['refund_to'],
      // The wallet is credited in the revocation's own transaction; card and PayPal wait for the provider.
      refund_status: row.revocation.refundTo === 'wallet' ? 'credited' : (row.refundStatus ?? 'pending'),
    }));
    return { revocations, total: total?.total ?? 0 };
  });
}
