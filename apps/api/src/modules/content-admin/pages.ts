import type { ContentType, TContentBlock, TContentPageRequest } from '@parcelle/shared';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contentPages } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { audit } from '../admin/audit';
import { contentPage } from '../content/service';

/** GET /admin/content/pages: every editorial page, with its titles and how many blocks each language has. */
export async function listContentPages(db: Executor) {
  const rows = await db.select().from(contentPages).orderBy(asc(contentPages.type));
  return {
    pages: rows.map((row) => ({
      type: row.type as ContentType,
      title_en: row.titleEn,
      title_fr: row.titleFr,
      blocks_en: (row.bodyEn as TContentBlock[]).length,
      blocks_fr: (row.bodyFr as TContentBlock[]).length,
      updated_at: row.updatedAt.toISOString(),
    })),
  };
}

/**
 * PUT /admin/content/pages/:type: the whole page in both languages. A page the seed did not create is created (the
 * list of types is fixed by the site's routes, CONTENT_TYPES). The audit keeps the page before and after: an
 * auditor can see exactly which words changed, and an operator can restore a previous text from it.
 */
export async function saveContentPage(db: Executor, actor: Member, type: ContentType, input: TContentPageRequest) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(contentPages).where(eq(contentPages.type, type)).for('update');
    const values = {
      titleEn: input.title.en,
      titleFr: input.title.fr,
      bodyEn: input.body.en,
      bodyFr: input.body.fr,
      updatedAt: new Date(),
    };
    await tx
      .insert(contentPages)
      .values({ type, ...values })
      .onConflictDoUpdate({ target: contentPages.type, set: values });
    await audit(tx, {
      actorId: actor.id,
      action: 'content.page.update',
      targetType: 'content_page',
      targetId: type,
      ...(before && {
        before: { title: { en: before.titleEn, fr: before.titleFr }, body: { en: before.bodyEn, fr: before.bodyFr } },
      }),
      after: { title: input.title, body: input.body },
    });
  });
  return contentPage(db, type);
}
