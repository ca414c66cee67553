import type { ZArtistYearInput } from '@parcelle/shared';
import { ratingIndex, type TArtistInput } from '@parcelle/shared';
import type { TAdminSort } from '@parcelle/shared/contracts/admin';
import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { artists, artistYearlyStats, paintings } from '../../db/schema';
import { sortedBy } from '../../db/sort';
import type { Member } from '../../http/authenticate';
import { badRequest, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { slugFrom, UUID } from './slug';
import { readFilePart, storeImage } from './uploads';

type ArtistRow = typeof artists.$inferSelect;
type YearRow = typeof artistYearlyStats.$inferSelect;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function shapeArtist(row: ArtistRow, paintingsCount: number) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    date_of_birth: row.birthDate,
    date_of_death: row.deathDate,
    bio_en: row.bioEn,
    bio_fr: row.bioFr,
    img: row.imageKey,
    record_price_minor: row.recordPriceMinor,
    paintings_count: paintingsCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** What an auditor needs of an artist (the biography is long: its length stands for it). */
const auditView = (row: ArtistRow) => ({
  name: row.name,
  date_of_birth: row.birthDate,
  date_of_death: row.deathDate,
  bio_en: row.bioEn,
  bio_fr: row.bioFr,
  img: row.imageKey,
  record_price_minor: row.recordPriceMinor,
});

const yearView = (row: YearRow) => ({
  turnover_minor: row.turnoverMinor,
  lots_sold: row.lotsSold,
  lots_unsold: row.lotsUnsold,
  avg_price_cm2_minor: row.avgPriceCm2Minor,
  record_price_minor: row.recordPriceMinor,
});

async function countsOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ artistId: paintings.artistId, total: count() })
    .from(paintings)
    .where(inArray(paintings.artistId, ids))
    .groupBy(paintings.artistId);
  return new Map(rows.map((row) => [row.artistId, Number(row.total)]));
}

export async function listAdminArtists(
  db: Executor,
  query: { limit: number; offset: number; q?: string } & TAdminSort<'artists'>,
) {
  const where = query.q ? ilike(artists.name, `%${escapeLike(query.q)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(artists)
      .where(where)
      .orderBy(
        ...sortedBy(
          query,
          {
            name: artists.name,
            date_of_birth: artists.birthDate,
            paintings_count: sql`(SELECT count(*) FROM ${paintings} WHERE ${paintings.artistId} = ${artists.id})`,
            created_at: artists.createdAt,
          },
          artists.id,
        ),
      )
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(artists).where(where),
  ]);
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return { artists: rows.map((row) => shapeArtist(row, counts.get(row.id) ?? 0)), total: Number(total?.total ?? 0) };
}

async function artistRow(db: Executor, id: string, lock = false): Promise<ArtistRow> {
  if (!UUID.test(id)) throw notFound('ArtistNotFound');
  const query = db.select().from(artists).where(eq(artists.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('ArtistNotFound');
  return row;
}

export async function adminArtistDetail(db: Executor, id: string) {
  const row = await artistRow(db, id);
  const [years, counts] = await Promise.all([
    db.select().from(artistYearlyStats).where(eq(artistYearlyStats.artistId, id)).orderBy(asc(artistYearlyStats.year)),
    countsOf(db, [id]),
  ]);
  // The index from EUR prices, as the public pages compute it (packages/shared/src/rating.ts).
  const index = ratingIndex(years.map((y) => ({ year: y.year, priceMinor: y.avgPriceCm2Minor })));
  const byYear = new Map(index.map((point) => [point.year, point.value]));
  return {
    ...shapeArtist(row, counts.get(id) ?? 0),
    years: years.map((y) => ({ year: y.year, ...yearView(y), index_euro: byYear.get(y.year) ?? null })),
    ic_artist_euro: index.at(-1)?.value ?? 100,
  };
}

function checkLifeDates(birth: string | null | undefined, death: string | null | undefined) {
  if (birth && death && death < birth) throw badRequest('InvalidDate', 'date_of_death');
}

export async function createArtist(db: Executor, actor: Member, input: TArtistInput) {
  checkLifeDates(input.date_of_birth, input.date_of_death);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(artists)
      .values({
        slug: slugFrom(input.name),
        name: input.name,
        birthDate: input.date_of_birth ?? null,
        deathDate: input.date_of_death ?? null,
        bioEn: input.bio_en,
        bioFr: input.bio_fr,
        recordPriceMinor: input.record_price_minor ?? null,
        recordPriceCurrency: 'EURO',
      })
      .returning();
    if (!row) throw new Error('artist not created');
    await audit(tx, {
      actorId: actor.id,
      action: 'artist.create',
      targetType: 'artist',
      targetId: row.id,
      after: auditView(row),
    });
    return row.id;
  });
  return adminArtistDetail(db, id);
}

export async function updateArtist(db: Executor, actor: Member, id: string, input: Partial<TArtistInput>) {
  await db.transaction(async (tx) => {
    const before = await artistRow(tx, id, true);
    const birth = input.date_of_birth === undefined ? before.birthDate : input.date_of_birth;
    const death = input.date_of_death === undefined ? before.deathDate : input.date_of_death;
    checkLifeDates(birth, death);
    const [after] = await tx
      .update(artists)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.date_of_birth !== undefined && { birthDate: input.date_of_birth }),
        ...(input.date_of_death !== undefined && { deathDate: input.date_of_death }),
        ...(input.bio_en !== undefined && { bioEn: input.bio_en }),
        ...(input.bio_fr !== undefined && { bioFr: input.bio_fr }),
        ...(input.record_price_minor !== undefined && {
          recordPriceMinor: input.record_price_minor,
          recordPriceCurrency: 'EURO' as const,
        }),
      })
      .where(eq(artists.id, id))
      .returning();
    if (!after) throw notFound('ArtistNotFound');
    await audit(tx, {
      actorId: actor.id,
      action: 'artist.update',
      targetType: 'artist',
      targetId: id,
      before: auditView(before),
      after: auditView(after),
    });
  });
  return adminArtistDetail(db, id);
}

/** A new portrait (checked, re-encoded, stored); the previous file is removed once the change is committed. */
export async function setArtistPortrait(
  ctx: AppContext,
  actor: Member,
  id: string,
  request: Parameters<typeof readFilePart>[0],
) {
  const db = ctx.database.db;
  await artistRow(db, id);
  const bytes = await readFilePart(request, 'image', { required: 'ImageRequired', tooLarge: 'ArtworkImageTooLarge' });
  const key = await storeImage(ctx, bytes, 'artists', 1600);
  let previous: string | null = null;
  try {
    previous = await db.transaction(async (tx) => {
      const before = await artistRow(tx, id, true);
      await tx.update(artists).set({ imageKey: key }).where(eq(artists.id, id));
      await audit(tx, {
        actorId: actor.id,
        action: 'artist.portrait',
        targetType: 'artist',
        targetId: id,
        before: { img: before.imageKey },
        after: { img: key },
      });
      return before.imageKey;
    });
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
  // Seeded portraits live under artworks/ and may be shared: only files this console stored are removed.
  if (previous?.startsWith('artists/')) await ctx.storage.delete(previous);
  return adminArtistDetail(db, id);
}

export async function upsertArtistYear(
  db: Executor,
  actor: Member,
  id: string,
  year: number,
  input: z.infer<typeof ZArtistYearInput>,
) {
  await db.transaction(async (tx) => {
    await artistRow(tx, id, true);
    const [before] = await tx
      .select()
      .from(artistYearlyStats)
      .where(and(eq(artistYearlyStats.artistId, id), eq(artistYearlyStats.year, year)));
    const values = {
      turnoverMinor: input.turnover_minor,
      lotsSold: input.lots_sold,
      lotsUnsold: input.lots_unsold,
      avgPriceCm2Minor: input.avg_price_cm2_minor,
      recordPriceMinor: input.record_price_minor ?? null,
    };
    const [after] = await tx
      .insert(artistYearlyStats)
      .values({ artistId: id, year, ...values })
      .onConflictDoUpdate({ target: [artistYearlyStats.artistId, artistYearlyStats.year], set: values })
      .returning();
    if (!after) throw new Error('year not saved');
    await audit(tx, {
      actorId: actor.id,
      action: 'artist.year.upsert',
      targetType: 'artist',
      targetId: id,
      details: { year },
      ...(before && { before: yearView(before) }),
      after: yearView(after),
    });
  });
  return adminArtistDetail(db, id);
}

export async function deleteArtistYear(db: Executor, actor: Member, id: string, year: number) {
  await db.transaction(async (tx) => {
    await artistRow(tx, id, true);
    const [before] = await tx
      .delete(artistYearlyStats)
      .where(and(eq(artistYearlyStats.artistId, id), eq(artistYearlyStats.year, year)))
      .returning();
    if (!before) throw notFound('ArtistYearNotFound');
    await audit(tx, {
      actorId: actor.id,
      action: 'artist.year.delete',
      targetType: 'artist',
      targetId: id,
      details: { year },
      before: yearView(before),
    });
  });
  return adminArtistDetail(db, id);
}
