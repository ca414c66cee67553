import { PUBLIC_MARKETS } from '@parcelle/shared';
import { desc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { artists, paintings } from '../../db/schema';
import { artistPath, paintingPath } from './paths';
import { PUBLIC_PATHS, robotsTxt, type SitemapEntry, sitemapXml } from './sitemap';

/** Every public page: the fixed ones, each artist's and each work's. */
async function sitemapEntries(db: Executor): Promise<SitemapEntry[]> {
  const [artistRows, paintingRows] = await Promise.all([
    db.select({ id: artists.id, createdAt: artists.createdAt }).from(artists).orderBy(desc(artists.createdAt)),
    db
      .select({ id: paintings.id, market: paintings.market, createdAt: paintings.createdAt })
      .from(paintings)
      .where(inArray(paintings.market, [...PUBLIC_MARKETS]))
      .orderBy(desc(paintings.createdAt)),
  ]);
  return [
    ...PUBLIC_PATHS.map((path) => ({ path })),
    ...artistRows.map((row) => ({ path: artistPath(row.id), lastModified: row.createdAt })),
    ...paintingRows.map((row) => ({ path: paintingPath(row), lastModified: row.createdAt })),
  ];
}

/** Search engines may keep both for an hour. */
const CACHE = 'public, max-age=3600';

/** GET /sitemap.xml and GET /robots.txt, with absolute addresses on PUBLIC_URL. */
export function seoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const entries = await sitemapEntries(ctx.database.db);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send(sitemapXml(ctx.config.publicUrl, entries));
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(robotsTxt(ctx.config.publicUrl)),
  );
}
