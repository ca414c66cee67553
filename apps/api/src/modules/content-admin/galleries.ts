import { GALLERIES_MAX, ZGalleryRequest } from '@parcelle/shared';
import { asc, count, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { galleries } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { badRequest, conflict, keyOrDefault, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { slugFrom, UUID } from '../catalogue-admin/slug';
import { readFilePart, storeImage } from '../catalogue-admin/uploads';
import { readFileAndFields } from './multipart';

type GalleryRow = typeof galleries.$inferSelect;
type FileRequest = Parameters<typeof readFilePart>[0];

/** Gallery pictures are shown full screen in the lightbox: the same longest side as artwork images. */
const FOLDER = 'galleries';
const uploadKeys = { required: 'ImageRequired', tooLarge: 'ArtworkImageTooLarge' } as const;

const shape = (row: GalleryRow) => ({
  id: row.id,
  slug: row.slug,
  title_en: row.titleEn,
  title_fr: row.titleFr,
  image: row.imageKey,
  position: row.position,
});
const auditView = (row: GalleryRow) => ({
  title_en: row.titleEn,
  title_fr: row.titleFr,
  image: row.imageKey,
  position: row.position,
});

export async function listAdminGalleries(db: Executor) {
  const rows = await db.select().from(galleries).orderBy(asc(galleries.position), asc(galleries.id));
  return { galleries: rows.map(shape) };
}

async function galleryRow(db: Executor, id: string, lock = false): Promise<GalleryRow> {
  if (!UUID.test(id)) throw notFound('GalleryNotFound');
  const query = db.select().from(galleries).where(eq(galleries.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('GalleryNotFound');
  return row;
}

/** Seeded pictures live under artworks/ and may be shared with works: only files this console stored are removed. */
async function removeStored(ctx: AppContext, key: string | null | undefined) {
  if (key?.startsWith(`${FOLDER}/`)) await ctx.storage.delete(key);
}

/**
 * POST /admin/galleries (multipart: `image`, `title_en`, `title_fr`): a new picture, last in the order. The titles
 * are checked before the image is read into storage; the image is checked by its content (catalogue-admin/uploads).
 */
export async function createGallery(ctx: AppContext, actor: Member, request: FileRequest) {
  const db = ctx.database.db;
  const { bytes, fields } = await readFileAndFields(request, 'image', uploadKeys);
  const titles = ZGalleryRequest.safeParse(fields);
  if (!titles.success) {
    const issue = titles.error.issues[0];
    throw badRequest(keyOrDefault(issue?.message, 'InvalidRequest'), String(issue?.path[0] ?? ''));
  }
  const [total] = await db.select({ total: count() }).from(galleries);
  if (Number(total?.total ?? 0) >= GALLERIES_MAX) throw conflict('GalleriesFull');
  const key = await storeImage(ctx, bytes, FOLDER);
  try {
    const id = await db.transaction(async (tx) => {
      // Two creations at once may share a position: pictures are then shown by id, and the next reorder settles it.
      const [last] = await tx.select({ position: max(galleries.position) }).from(galleries);
      const [row] = await tx
        .insert(galleries)
        .values({
          slug: slugFrom(titles.data.title_en),
          titleEn: titles.data.title_en,
          titleFr: titles.data.title_fr,
          imageKey: key,
          position: (last?.position ?? 0) + 1,
        })
        .returning();
      if (!row) throw new Error('gallery not created');
      await audit(tx, {
        actorId: actor.id,
        action: 'gallery.create',
        targetType: 'gallery',
        targetId: row.id,
        after: auditView(row),
      });
      return row.id;
    });
    return shape(await galleryRow(db, id));
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
}

export async function updateGallery(
  db: Executor,
  actor: Member,
  id: string,
  input: Partial<z.infer<typeof ZGalleryRequest>>,
) {
  const after = await db.transaction(async (tx) => {
    const before = await galleryRow(tx, id, true);
    const [row] = await tx
      .update(galleries)
      .set({
        ...(input.title_en !== undefined && { titleEn: input.title_en }),
        ...(input.title_fr !== undefined && { titleFr: input.title_fr }),
      })
      .where(eq(galleries.id, id))
      .returning();
    if (!row) throw notFound('GalleryNotFound');
    await audit(tx, {
      actorId: actor.id,
      action: 'gallery.update',
      targetType: 'gallery',
      targetId: id,
      before: auditView(before),
      after: auditView(row),
    });
    return row;
  });
  return shape(after);
}

/** PUT /admin/galleries/:id/image: a new image for a picture; the previous file goes once the change is committed. */
export async function replaceGalleryImage(ctx: AppContext, actor: Member, id: string, request: FileRequest) {
  const db = ctx.database.db;
  await galleryRow(db, id);
  const bytes = await readFilePart(request, 'image', uploadKeys);
  const key = await storeImage(ctx, bytes, FOLDER);
  let previous: string;
  try {
    previous = await db.transaction(async (tx) => {
      const before = await galleryRow(tx, id, true);
      await tx.update(galleries).set({ imageKey: key }).where(eq(galleries.id, id));
      await audit(tx, {
        actorId: actor.id,
        action: 'gallery.image',
        targetType: 'gallery',
        targetId: id,
        before: { image: before.imageKey },
        after: { image: key },
      });
      return before.imageKey;
    });
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
  await removeStored(ctx, previous);
  return shape(await galleryRow(db, id));
}

export async function deleteGallery(ctx: AppContext, actor: Member, id: string) {
  const removed = await ctx.database.db.transaction(async (tx) => {
    const before = await galleryRow(tx, id, true);
    await tx.delete(galleries).where(eq(galleries.id, id));
    await audit(tx, {
      actorId: actor.id,
      action: 'gallery.delete',
      targetType: 'gallery',
      targetId: id,
      before: auditView(before),
    });
    return before;
  });
  await removeStored(ctx, removed.imageKey);
  return listAdminGalleries(ctx.database.db);
}

/**
 * PUT /admin/galleries/order {ids}: the whole new order, every picture named once (a partial order would leave the
 * others' places undefined). Positions become 1…n; the audit keeps both orders.
 */
export async function reorderGalleries(db: Executor, actor: Member, ids: string[]) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: galleries.id })
      .from(galleries)
      .orderBy(asc(galleries.position), asc(galleries.id))
      .for('update');
    const before = rows.map((row) => row.id);
    const unique = new Set(ids);
    if (unique.size !== ids.length || ids.length !== before.length || ids.some((id) => !before.includes(id)))
      throw badRequest('GalleryOrderMismatch', 'ids');
    for (const [index, id] of ids.entries())
      await tx
        .update(galleries)
        .set({ position: index + 1 })
        .where(eq(galleries.id, id));
    await audit(tx, {
      actorId: actor.id,
      action: 'gallery.reorder',
      targetType: 'gallery',
      targetId: 'all',
      before: { order: before },
      after: { order: ids },
    });
  });
  return listAdminGalleries(db);
}
