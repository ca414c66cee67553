import {
  DOCUMENT_KINDS,
  type DocumentKind,
  type Language,
  MARKET,
  type MarketFacts,
  type MarketState,
  marketState,
  marketStepNeeds,
  missingTranslation,
  type TPaintingInput,
  totalPartsForDimensions,
} from '@parcelle/shared';
import { PAINTING_MAX_IMAGES } from '@parcelle/shared/constants';
import type { TAdminSort } from '@parcelle/shared/contracts/admin';
import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { type Executor, readsTogether } from '../../db/client';
import { artists, listings, paintingDocuments, paintings, paintingValuations } from '../../db/schema';
import { sortedBy } from '../../db/sort';
import type { Member } from '../../http/authenticate';
import { badRequest, conflict, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { heldBy, moveParts } from '../parts/register';
import { slugFrom, UUID } from './slug';
import { readFilePart, storeImage, storePdf } from './uploads';

type PaintingRow = typeof paintings.$inferSelect;
/** A work has at most this many images besides its cover (the public gallery's rules are written for as many). */
export const MAX_IMAGES = PAINTING_MAX_IMAGES;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function shapeAdminPainting(row: PaintingRow, artistName: string) {
  return {
    id: row.id,
    slug: row.slug,
    artist_id: row.artistId,
    artist_name: artistName,
    title_en: row.titleEn,
    title_fr: row.titleFr,
    description_en: row.descriptionEn,
    description_fr: row.descriptionFr,
    type_en: row.typeEn,
    type_fr: row.typeFr,
    year: row.year,
    width_cm: row.widthCm,
    height_cm: row.heightCm,
    total_parts: row.totalParts,
    sold_parts: row.soldParts,
    price_per_part_minor: row.pricePerPartMinor,
    market: marketState(row.market),
    opens_at: row.opensAt?.toISOString() ?? null,
    cover_img: row.coverKey || null,
    images: row.images,
    certificate_wording_en: row.certificateWordingEn,
    certificate_wording_fr: row.certificateWordingFr,
    entry_fee_minor: row.entryFeeMinor,
    storage_cost_yearly_minor: row.storageCostYearlyMinor,
    insurance_cost_yearly_minor: row.insuranceCostYearlyMinor,
    exit_fee_minor: row.exitFeeMinor,
    exit_share_bps: row.exitShareBps,
    custody_place_en: row.custodyPlaceEn,
    custody_place_fr: row.custodyPlaceFr,
    insurer: row.insurer,
    target_holding_years: row.targetHoldingYears,
    created_at: row.createdAt.toISOString(),
  };
}

/** The audit view: every field but the long texts' bodies are kept as they are (they are what changed). */
function auditView(row: PaintingRow) {
  const { created_at: _created, artist_name: _name, ...rest } = shapeAdminPainting(row, '');
  return rest;
}

export async function listAdminPaintings(
  db: Executor,
  query: {
    limit: number;
    offset: number;
    market?: MarketState;
    q?: string;
    artist_id?: string;
  } & TAdminSort<'paintings'>,
) {
  const filters: SQL[] = [];
  if (query.market) filters.push(eq(paintings.market, MARKET[query.market]));
  if (query.artist_id) filters.push(eq(paintings.artistId, query.artist_id));
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    const match = or(ilike(paintings.titleEn, like), ilike(paintings.titleFr, like), ilike(artists.name, like));
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ painting: paintings, artistName: artists.name })
      .from(paintings)
      .innerJoin(artists, eq(artists.id, paintings.artistId))
      .where(where)
      .orderBy(
        ...sortedBy(
          query,
          {
            created_at: paintings.createdAt,
            title_en: paintings.titleEn,
            title_fr: paintings.titleFr,
            artist_name: artists.name,
            year: paintings.year,
            market: paintings.market,
            sold_parts: paintings.soldParts,
            price_per_part_minor: paintings.pricePerPartMinor,
          },
          paintings.id,
        ),
      )
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(paintings).innerJoin(artists, eq(artists.id, paintings.artistId)).where(where),
  ]);
  return {
    paintings: rows.map((row) => shapeAdminPainting(row.painting, row.artistName)),
    total: Number(total?.total ?? 0),
  };
}

export async function paintingRow(db: Executor, id: string, lock = false): Promise<PaintingRow> {
  if (!UUID.test(id)) throw notFound('PaintingNotFound');
  const query = db.select().from(paintings).where(eq(paintings.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('PaintingNotFound');
  return row;
}

async function artistName(db: Executor, id: string): Promise<string> {
  const [row] = await db.select({ name: artists.name }).from(artists).where(eq(artists.id, id));
  if (!row) throw notFound('ArtistNotFound');
  return row.name;
}

/**
 * The facts a market step is decided on (`marketStepChecks` in @parcelle/shared, the rule the console's checklist
 * shows too): cover, documents, appraisal, certificate wording, parts sold and members' open listings.
 */
export async function marketFacts(db: Executor, row: PaintingRow): Promise<MarketFacts> {
  // A market step reads them inside its transaction: one at a time there (db/client.ts readsTogether).
  const [[documents], [valuation], [open]] = await readsTogether(db, [
    () => db.select({ total: count() }).from(paintingDocuments).where(eq(paintingDocuments.paintingId, row.id)),
    () =>
      db
        .select({ id: paintingValuations.id })
        .from(paintingValuations)
        .where(eq(paintingValuations.paintingId, row.id))
        .limit(1),
    () =>
      db
        .select({ total: count() })
        .from(listings)
        .where(and(eq(listings.paintingId, row.id), eq(listings.status, 'open'))),
  ]);
  return {
    has_cover: Boolean(row.coverKey),
    documents: Number(documents?.total ?? 0),
    has_valuation: Boolean(valuation),
    certificate_wording_en: row.certificateWordingEn,
    certificate_wording_fr: row.certificateWordingFr,
    sold_parts: row.soldParts,
    open_listings: Number(open?.total ?? 0),
  };
}

export async function adminPaintingDetail(db: Executor, id: string) {
  const row = await paintingRow(db, id);
  const [name, documents, facts] = await Promise.all([
    artistName(db, row.artistId),
    db
      .select({ kind: paintingDocuments.kind, lang: paintingDocuments.lang, key: paintingDocuments.storageKey })
      .from(paintingDocuments)
      .where(eq(paintingDocuments.paintingId, id)),
    marketFacts(db, row),
  ]);
  const links: Record<string, string | null> = {};
  for (const kind of DOCUMENT_KINDS)
    for (const lang of ['en', 'fr'] as const)
      links[`${kind}_${lang}`] = documents.find((d) => d.kind === kind && d.lang === lang)?.key ?? null;
  return {
    ...shapeAdminPainting(row, name),
    documents: links,
    missing_for_sale: marketStepNeeds('primary', facts).map((check) => check.need),
    market_facts: facts,
  };
}

function columnsOf(input: Partial<TPaintingInput>) {
  return {
    ...(input.artist_id !== undefined && { artistId: input.artist_id }),
    ...(input.title_en !== undefined && { titleEn: input.title_en }),
    ...(input.title_fr !== undefined && { titleFr: input.title_fr }),
    ...(input.description_en !== undefined && { descriptionEn: input.description_en }),
    ...(input.description_fr !== undefined && { descriptionFr: input.description_fr }),
    ...(input.type_en !== undefined && { typeEn: input.type_en }),
    ...(input.type_fr !== undefined && { typeFr: input.type_fr }),
    ...(input.year !== undefined && { year: input.year }),
    ...(input.price_per_part_minor !== undefined && { pricePerPartMinor: input.price_per_part_minor }),
    ...(input.certificate_wording_en !== undefined && { certificateWordingEn: input.certificate_wording_en }),
    ...(input.certificate_wording_fr !== undefined && { certificateWordingFr: input.certificate_wording_fr }),
    ...(input.entry_fee_minor !== undefined && { entryFeeMinor: input.entry_fee_minor }),
    ...(input.storage_cost_yearly_minor !== undefined && { storageCostYearlyMinor: input.storage_cost_yearly_minor }),
    ...(input.insurance_cost_yearly_minor !== undefined && {
      insuranceCostYearlyMinor: input.insurance_cost_yearly_minor,
    }),
    ...(input.exit_fee_minor !== undefined && { exitFeeMinor: input.exit_fee_minor }),
    ...(input.exit_share_bps !== undefined && { exitShareBps: input.exit_share_bps }),
    ...(input.custody_place_en !== undefined && { custodyPlaceEn: input.custody_place_en }),
    ...(input.custody_place_fr !== undefined && { custodyPlaceFr: input.custody_place_fr }),
    ...(input.insurer !== undefined && { insurer: input.insurer }),
    ...(input.target_holding_years !== undefined && { targetHoldingYears: input.target_holding_years }),
  };
}

/** The entry fee is the platform's share of each part's price (issue 17): never more than that price. */
function checkEntryFee(pricePerPartMinor: number, entryFeeMinor: number | null | undefined) {
  if (entryFeeMinor != null && entryFeeMinor > pricePerPartMinor)
    throw badRequest('EntryFeeAbovePrice', 'entry_fee_minor');
}

/** An optional text members read (custody place, certificate wording) is stored in both languages or in neither. */
function checkTranslations(values: Record<string, unknown>) {
  const missing = missingTranslation(values);
  if (missing) throw badRequest('TranslationMissing', missing);
}

/** A new work, always a draft (not public) until a market transition publishes it. */
export async function createPainting(db: Executor, actor: Member, input: TPaintingInput) {
  checkEntryFee(input.price_per_part_minor, input.entry_fee_minor);
  checkTranslations(input);
  await artistName(db, input.artist_id);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paintings)
      .values({
        slug: slugFrom(input.title_en),
        artistId: input.artist_id,
        titleEn: input.title_en,
        titleFr: input.title_fr,
        descriptionEn: input.description_en,
        descriptionFr: input.description_fr,
        typeEn: input.type_en,
        typeFr: input.type_fr,
        year: input.year,
        widthCm: input.width_cm,
        heightCm: input.height_cm,
        totalParts: totalPartsForDimensions(input.width_cm, input.height_cm),
        market: MARKET.draft,
        pricePerPartMinor: input.price_per_part_minor,
        coverKey: '',
        ...columnsOf(input),
      })
      .returning();
    if (!row) throw new Error('painting not created');
    await audit(tx, {
      actorId: actor.id,
      action: 'painting.create',
      targetType: 'painting',
      targetId: row.id,
      after: auditView(row),
    });
    return row.id;
  });
  return adminPaintingDetail(db, id);
}

/**
 * Edits a work. Dimensions set the total parts (9 per cm²) and are refused once parts are sold or reserved; while
 * none are, parts already issued to the register (a work that was on sale) are issued or withdrawn by the difference.
 */
export async function updatePainting(db: Executor, actor: Member, id: string, input: Partial<TPaintingInput>) {
  if (input.artist_id !== undefined) await artistName(db, input.artist_id);
  await db.transaction(async (tx) => {
    const before = await paintingRow(tx, id, true);
    checkEntryFee(
      input.price_per_part_minor ?? before.pricePerPartMinor,
      input.entry_fee_minor !== undefined ? input.entry_fee_minor : before.entryFeeMinor,
    );
    checkTranslations({
      certificate_wording_en: before.certificateWordingEn,
      certificate_wording_fr: before.certificateWordingFr,
      custody_place_en: before.custodyPlaceEn,
      custody_place_fr: before.custodyPlaceFr,
      ...input,
    });
    const width = input.width_cm ?? before.widthCm;
    const height = input.height_cm ?? before.heightCm;
    const totalParts = totalPartsForDimensions(width, height);
    const resized = width !== before.widthCm || height !== before.heightCm;
    if (resized) {
      if (before.soldParts > 0 || before.market === MARKET.secondary || before.market === MARKET.sold)
        throw conflict('DimensionsLocked');
      const available = await heldBy(tx, id, 'available');
      if (available > 0 || before.market === MARKET.primary) {
        const delta = totalParts - before.totalParts;
        await moveParts(tx, {
          paintingId: id,
          reason: 'resize',
          reference: `resize:${before.slug}:${Date.now()}`,
          lines: [
            { holder: { kind: 'issuer' }, quantity: -delta },
            { holder: { kind: 'available' }, quantity: delta },
          ],
        });
      }
    }
    const [after] = await tx
      .update(paintings)
      .set({ ...columnsOf(input), widthCm: width, heightCm: height, totalParts })
      .where(eq(paintings.id, id))
      .returning();
    if (!after) throw notFound('PaintingNotFound');
    await audit(tx, {
      actorId: actor.id,
      action: 'painting.update',
      targetType: 'painting',
      targetId: id,
      before: auditView(before),
      after: auditView(after),
    });
  });
  return adminPaintingDetail(db, id);
}

/** Stores a checked upload, then runs `change` in a transaction; the file is removed again if that fails. */
async function withStored<T>(ctx: AppContext, key: string, change: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    return await ctx.database.db.transaction(change);
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
}

const ownedKey = (key: string | null | undefined, id: string) => Boolean(key?.startsWith(`artworks/${id}/`));

export async function setPaintingCover(ctx: AppContext, actor: Member, id: string, request: FastifyRequest) {
  await paintingRow(ctx.database.db, id);
  const bytes = await readFilePart(request, 'image', { required: 'ImageRequired', tooLarge: 'ArtworkImageTooLarge' });
  const key = await storeImage(ctx, bytes, `artworks/${id}`);
  const previous = await withStored(ctx, key, async (tx) => {
    const before = await paintingRow(tx, id, true);
    await tx.update(paintings).set({ coverKey: key }).where(eq(paintings.id, id));
    await audit(tx, {
      actorId: actor.id,
      action: 'painting.cover',
      targetType: 'painting',
      targetId: id,
      before: { cover_img: before.coverKey },
      after: { cover_img: key },
    });
    return before.coverKey;
  });
  if (ownedKey(previous, id) && previous) await ctx.storage.delete(previous);
  return adminPaintingDetail(ctx.database.db, id);
}

export async function addPaintingImage(ctx: AppContext, actor: Member, id: string, request: FastifyRequest) {
  const current = await paintingRow(ctx.database.db, id);
  if (current.images.length >= MAX_IMAGES) throw conflict('PaintingImagesFull');
  const bytes = await readFilePart(request, 'image', { required: 'ImageRequired', tooLarge: 'ArtworkImageTooLarge' });
  const key = await storeImage(ctx, bytes, `artworks/${id}`);
  await withStored(ctx, key, async (tx) => {
    const before = await paintingRow(tx, id, true);
    if (before.images.length >= MAX_IMAGES) throw conflict('PaintingImagesFull');
    const images = [...before.images, key];
    await tx.update(paintings).set({ images }).where(eq(paintings.id, id));
    await audit(tx, {
      actorId: actor.id,
      action: 'painting.image.add',
      targetType: 'painting',
      targetId: id,
      before: { images: before.images },
      after: { images },
    });
  });
  return adminPaintingDetail(ctx.database.db, id);
}

export async function removePaintingImage(ctx: AppContext, actor: Member, id: string, index: number) {
  const removed = await ctx.database.db.transaction(async (tx) => {
    const before = await paintingRow(tx, id, true);
    const key = before.images[index];
    if (key === undefined) throw notFound('NotFound');
    const images = before.images.filter((_, i) => i !== index);
    await tx.update(paintings).set({ images }).where(eq(paintings.id, id));
    await audit(tx, {
      actorId: actor.id,
      action: 'painting.image.remove',
      targetType: 'painting',
      targetId: id,
      before: { images: before.images },
      after: { images },
    });
    return key;
  });
  if (ownedKey(removed, id)) await ctx.storage.delete(removed);
  return adminPaintingDetail(ctx.database.db, id);
}

/** One of the five documents in one language (PDF, checked): replaces the previous file of that slot. */
export async function setPaintingDocument(
  ctx: AppContext,
  actor: Member,
  params: { id: string; kind: DocumentKind; lang: Language },
  request: FastifyRequest,
) {
  const { id, kind, lang } = params;
  await paintingRow(ctx.database.db, id);
  const bytes = await readFilePart(request, 'file', { required: 'DocumentRequired', tooLarge: 'DocumentTooLarge' });
  const key = await storePdf(ctx, bytes, `artworks/${id}/documents`);
  const previous = await withStored(ctx, key, async (tx) => {
    await paintingRow(tx, id, true);
    const [before] = await tx
      .select({ key: paintingDocuments.storageKey })
      .from(paintingDocuments)
      .where(
        and(eq(paintingDocuments.paintingId, id), eq(paintingDocuments.kind, kind), eq(paintingDocuments.lang, lang)),
      );
    await tx
      .insert(paintingDocuments)
      .values({ paintingId: id, kind, lang, storageKey: key })
      .onConflictDoUpdate({
        target: [paintingDocuments.paintingId, paintingDocuments.kind, paintingDocuments.lang],
        set: { storageKey: key },
      });
    await audit(tx, {
      actorId: actor.id,
      action: 'painting.document',
      targetType: 'painting',
      targetId: id,
      details: { kind, lang },
      before: before ? { key: before.key } : undefined,
      after: { key },
    });
    return before?.key ?? null;
  });
  if (ownedKey(previous, id) && previous) await ctx.storage.delete(previous);
  return adminPaintingDetail(ctx.database.db, id);
}
