import { asc, desc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Executor } from '../../db/client';
import { artists, artistYearlyStats, galleries, paintingDocuments, paintings } from '../../db/schema';
import { seedCatalogue, stableId } from '../../db/seed-catalogue';
import { valueHistoryQuery } from './value-history';

/**
 * Every list query of the catalogue can be served by an index. The demo tables are tiny, so the planner
 * would rightly read them sequentially; with sequential scans disabled the plan shows which index serves
 * the query (it falls back to a sequential scan only when no index fits). docs/performance.md lists them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t.close());

async function plan(query: (db: Executor) => SQLWrapper): Promise<string> {
  return t.ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain ${query(tx)}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row).join(' ')).join('\n');
  });
}

const painting = stableId('painting:vermilion-breath');
const artist = stableId('artist:helene-marchetti');

describe('query plans of the list queries', () => {
  it.each([
    [
      'paintings by market, newest first',
      'paintings_market_created_idx',
      (db: Executor) =>
        db
          .select()
          .from(paintings)
          .where(inArray(paintings.market, [1, 2]))
          .orderBy(desc(paintings.createdAt), desc(paintings.id))
          .limit(6)
          .offset(0),
    ],
    [
      'paintings of an artist',
      'paintings_artist_created_idx',
      (db: Executor) =>
        db.select().from(paintings).where(eq(paintings.artistId, artist)).orderBy(desc(paintings.createdAt)).limit(100),
    ],
    [
      'artists by name',
      'artists_name_id_idx',
      (db: Executor) => db.select().from(artists).orderBy(asc(artists.name), asc(artists.id)).limit(6).offset(0),
    ],
    [
      'galleries by position',
      'galleries_position_idx',
      (db: Executor) => db.select().from(galleries).orderBy(asc(galleries.position), asc(galleries.id)).limit(12),
    ],
    [
      'yearly stats of artists',
      'artist_yearly_stats_artist_year_unique',
      (db: Executor) =>
        db
          .select()
          .from(artistYearlyStats)
          .where(inArray(artistYearlyStats.artistId, [artist]))
          .orderBy(asc(artistYearlyStats.artistId), asc(artistYearlyStats.year)),
    ],
    [
      'value history of a painting (its appraisals)',
      'painting_valuations_painting_idx',
      (db: Executor) => valueHistoryQuery(db, [painting]),
    ],
    [
      'documents of a painting',
      'painting_documents_unique',
      (db: Executor) => db.select().from(paintingDocuments).where(eq(paintingDocuments.paintingId, painting)),
    ],
  ])('%s uses %s', async (_name, index, query) => {
    const text = await plan(query);
    expect(text).toContain(index);
    expect(text).not.toMatch(/Seq Scan/);
  });
});
