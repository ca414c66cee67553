import type { TValuationInput } from '@parcelle/shared';
import { and, desc, eq, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { paintingValuations } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { badRequest, conflict, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { paintingRow } from './paintings';
import { UUID } from './slug';
import { readFilePart, storePdf } from './uploads';

type ValuationRow = typeof paintingValuations.$inferSelect;

function shapeValuation(row: ValuationRow, supersededBy: string | null) {
  return {
    id: row.id,
    painting_id: row.paintingId,
    valued_on: row.valuedOn,
    value_minor: row.valueMinor,
    currency: row.currency,
    appraiser: row.appraiser,
    method_en: row.methodEn,
    method_fr: row.methodFr,
    document_key: row.documentKey,
    supersedes_id: row.supersedesId,
    superseded_by: supersededBy,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

const auditView = (row: ValuationRow) => {
  const { created_at: _c, created_by: _b, superseded_by: _s, ...rest } = shapeValuation(row, null);
  return rest;
};

/** Every appraisal of a work, corrections included, latest date first (the current ones have no `superseded_by`). */
export async function listValuations(db: Executor, paintingId: string) {
  await paintingRow(db, paintingId);
  const rows = await db
    .select()
    .from(paintingValuations)
    .where(eq(paintingValuations.paintingId, paintingId))
    .orderBy(desc(paintingValuations.valuedOn), desc(paintingValuations.createdAt));
  const supersededBy = new Map(rows.filter((r) => r.supersedesId).map((r) => [r.supersedesId as string, r.id]));
  return { valuations: rows.map((row) => shapeValuation(row, supersededBy.get(row.id) ?? null)) };
}

/** The latest current appraisal of a work (by date, then by entry), for the public page. */
/** How many appraisals the public page of a work lists (latest first): more than a decade of yearly ones. */
export const PUBLIC_APPRAISAL_HISTORY = 20;

/** The work's current appraisals (the versions nothing supersedes), latest date first, at most `limit`. */
export async function currentValuations(db: Executor, paintingId: string, limit: number): Promise<ValuationRow[]> {
  const later = alias(paintingValuations, 'later');
  return db
    .select()
    .from(paintingValuations)
    .where(
      and(
        eq(paintingValuations.paintingId, paintingId),
        notExists(db.select({ id: later.id }).from(later).where(eq(later.supersedesId, paintingValuations.id))),
      ),
    )
    .orderBy(desc(paintingValuations.valuedOn), desc(paintingValuations.createdAt))
    .limit(limit);
}

export async function latestValuation(db: Executor, paintingId: string): Promise<ValuationRow | undefined> {
  const [row] = await currentValuations(db, paintingId, 1);
  return row;
}

function checkDocument(paintingId: string, key: string | null | undefined) {
  if (key && !key.startsWith(`valuations/${paintingId}/`)) throw badRequest('ValuationDocumentUnknown', 'document_key');
}

/** A supporting PDF for an appraisal of this work (checked), stored before the appraisal names it. */
export async function uploadValuationDocument(
  ctx: AppContext,
  actor: Member,
  paintingId: string,
  request: FastifyRequest,
) {
  await paintingRow(ctx.database.db, paintingId);
  const bytes = await readFilePart(request, 'file', { required: 'DocumentRequired', tooLarge: 'DocumentTooLarge' });
  const key = await storePdf(ctx, bytes, `valuations/${paintingId}`);
  await ctx.database.db.transaction((tx) =>
    audit(tx, {
      actorId: actor.id,
      action: 'valuation.document',
      targetType: 'painting',
      targetId: paintingId,
      after: { key },
    }),
  );
  return { key };
}

export async function addValuation(db: Executor, actor: Member, paintingId: string, input: TValuationInput) {
  checkDocument(paintingId, input.document_key);
  const row = await db.transaction(async (tx) => {
    await paintingRow(tx, paintingId, true);
    const [created] = await tx
      .insert(paintingValuations)
      .values({
        paintingId,
        valuedOn: input.valued_on,
        valueMinor: input.value_minor,
        currency: input.currency,
        appraiser: input.appraiser,
        methodEn: input.method_en,
        methodFr: input.method_fr,
        documentKey: input.document_key ?? null,
        createdBy: actor.id,
      })
      .returning();
    if (!created) throw new Error('valuation not created');
    await audit(tx, {
      actorId: actor.id,
      action: 'valuation.add',
      targetType: 'painting',
      targetId: paintingId,
      details: { valuation_id: created.id },
      after: auditView(created),
    });
    return created;
  });
  return shapeValuation(row, null);
}

/**
 * Corrects an appraisal: a new row that supersedes it (nothing is updated or deleted). Only the current version can be
 * corrected (409 otherwise); the unique index on `supersedes_id` settles two corrections racing.
 */
export async function correctValuation(db: Executor, actor: Member, valuationId: string, input: TValuationInput) {
  if (!UUID.test(valuationId)) throw notFound('ValuationNotFound');
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(paintingValuations).where(eq(paintingValuations.id, valuationId));
    if (!before) throw notFound('ValuationNotFound');
    await paintingRow(tx, before.paintingId, true);
    checkDocument(before.paintingId, input.document_key);
    const [next] = await tx
      .select({ id: paintingValuations.id })
      .from(paintingValuations)
      .where(eq(paintingValuations.supersedesId, valuationId));
    if (next) throw conflict('ValuationSuperseded');
    const [created] = await tx
      .insert(paintingValuations)
      .values({
        paintingId: before.paintingId,
        valuedOn: input.valued_on,
        valueMinor: input.value_minor,
        currency: input.currency,
        appraiser: input.appraiser,
        methodEn: input.method_en,
        methodFr: input.method_fr,
        documentKey: input.document_key === undefined ? before.documentKey : input.document_key,
        supersedesId: valuationId,
        createdBy: actor.id,
      })
      .returning();
    if (!created) throw new Error('valuation not created');
    await audit(tx, {
      actorId: actor.id,
      action: 'valuation.correct',
      targetType: 'painting',
      targetId: before.paintingId,
      details: { valuation_id: created.id, supersedes_id: valuationId },
      before: auditView(before),
      after: auditView(created),
    });
    return created;
  });
  return shapeValuation(row, null);
}
