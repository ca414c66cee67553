import {
  ZAdminContentPages,
  ZAdminGalleries,
  ZAdminGallery,
  ZAdminSiteSettings,
  ZContentPage,
  ZContentPageParams,
  ZContentPageRequest,
  ZFailure,
  ZFooterDocumentParams,
  ZGalleryOrderRequest,
  ZGalleryPatchRequest,
  ZIdParams,
  ZSiteSettingsRequest,
  ZSuccess,
} from '@parcelle/shared';
import type { AppContext } from '../../context';
import { memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import type { App } from '../../http/types';
import { requireOperator } from '../admin/guard';
import { contentPage } from '../content/service';
import {
  createGallery,
  deleteGallery,
  listAdminGalleries,
  reorderGalleries,
  replaceGalleryImage,
  updateGallery,
} from './galleries';
import { listContentPages, saveContentPage } from './pages';
import { readSiteSettings, setFooterDocument, updateSiteSettings } from './site-settings';

const errors = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure, 409: ZFailure, 413: ZFailure };
const tags = ['admin-content'];
const multipart = (what: string) => ({ consumes: ['multipart/form-data'], description: what });
/** A whole page in both languages: far above the API's 64 KiB default, well below what a server should buffer. */
const PAGE_BODY_LIMIT = 1024 * 1024;

/**
 * The Content section of the operator console (issue 15): editorial pages, galleries and footer settings. Roles in
 * admin/roles.ts (catalogue and admin); every write is audited by the services, then announced as a catalogue change
 * (after its commit), on which every process forgets the public reads server rendering keeps (http/page-data.ts), so
 * the site shows the edit on the next page view.
 */
export function contentAdminRoutes(app: App, ctx: AppContext) {
  const onRequest = requireOperator(ctx);
  const db = ctx.database.db;
  // Every /content read may show what a write changed (the home page lists no content, but costs nothing to redo).
  const published = <T>(result: T): T => {
    ctx.catalogueChanges.changed({ kind: 'content' });
    return result;
  };

  // ---------------------------------------------------------------- editorial pages
  app.get(
    '/admin/content/pages',
    { onRequest, schema: { tags, response: { 200: ZSuccess(ZAdminContentPages), ...errors } } },
    async () => ok(await listContentPages(db)),
  );
  app.get(
    '/admin/content/pages/:type',
    { onRequest, schema: { tags, params: ZContentPageParams, response: { 200: ZSuccess(ZContentPage), ...errors } } },
    async (request) => ok(await contentPage(db, request.params.type)),
  );
  app.put(
    '/admin/content/pages/:type',
    {
      onRequest,
      bodyLimit: PAGE_BODY_LIMIT,
      schema: {
        tags,
        description: 'The whole page, title and blocks, in English and French at once.',
        params: ZContentPageParams,
        body: ZContentPageRequest,
        response: { 200: ZSuccess(ZContentPage), ...errors },
      },
    },
    async (request) =>
      ok(
        published(await saveContentPage(db, memberOf(request), request.params.type, request.body)),
        'ContentPageSaved',
      ),
  );

  // ---------------------------------------------------------------- galleries
  app.get(
    '/admin/galleries',
    { onRequest, schema: { tags, response: { 200: ZSuccess(ZAdminGalleries), ...errors } } },
    async () => ok(await listAdminGalleries(db)),
  );
  app.post(
    '/admin/galleries',
    {
      onRequest,
      schema: {
        tags,
        ...multipart(
          'A new picture, last in the order: the file `image` (JPEG, PNG or WebP, at most 20 MiB, stored as WebP) and the fields `title_en`, `title_fr`.',
        ),
        response: { 200: ZSuccess(ZAdminGallery), ...errors },
      },
    },
    async (request) => ok(published(await createGallery(ctx, memberOf(request), request)), 'GalleryCreated'),
  );
  app.put(
    '/admin/galleries/order',
    {
      onRequest,
      schema: {
        tags,
        description: 'The new order: every picture id once, first shown first.',
        body: ZGalleryOrderRequest,
        response: { 200: ZSuccess(ZAdminGalleries), ...errors },
      },
    },
    async (request) =>
      ok(published(await reorderGalleries(db, memberOf(request), request.body.ids)), 'GalleriesReordered'),
  );
  app.patch(
    '/admin/galleries/:id',
    {
      onRequest,
      schema: {
        tags,
        params: ZIdParams,
        body: ZGalleryPatchRequest,
        response: { 200: ZSuccess(ZAdminGallery), ...errors },
      },
    },
    async (request) =>
      ok(published(await updateGallery(db, memberOf(request), request.params.id, request.body)), 'GalleryUpdated'),
  );
  app.put(
    '/admin/galleries/:id/image',
    {
      onRequest,
      schema: {
        tags,
        ...multipart('A new image (field `image`) for the picture; the titles and place stay.'),
        params: ZIdParams,
        response: { 200: ZSuccess(ZAdminGallery), ...errors },
      },
    },
    async (request) =>
      ok(
        published(await replaceGalleryImage(ctx, memberOf(request), request.params.id, request)),
        'GalleryImageUpdated',
      ),
  );
  app.delete(
    '/admin/galleries/:id',
    { onRequest, schema: { tags, params: ZIdParams, response: { 200: ZSuccess(ZAdminGalleries), ...errors } } },
    async (request) => ok(published(await deleteGallery(ctx, memberOf(request), request.params.id)), 'GalleryDeleted'),
  );

  // ---------------------------------------------------------------- footer settings
  app.get(
    '/admin/site-settings',
    { onRequest, schema: { tags, response: { 200: ZSuccess(ZAdminSiteSettings), ...errors } } },
    async () => ok(await readSiteSettings(db)),
  );
  app.patch(
    '/admin/site-settings',
    {
      onRequest,
      schema: {
        tags,
        description: 'Social links (all five; an empty one hides its icon) and/or the registration number.',
        body: ZSiteSettingsRequest,
        response: { 200: ZSuccess(ZAdminSiteSettings), ...errors },
      },
    },
    async (request) =>
      ok(published(await updateSiteSettings(db, memberOf(request), request.body)), 'SiteSettingsSaved'),
  );
  app.put(
    '/admin/site-settings/documents/:name',
    {
      onRequest,
      schema: {
        tags,
        ...multipart('One PDF in the field `file`, at most 20 MiB: replaces that footer document.'),
        params: ZFooterDocumentParams,
        response: { 200: ZSuccess(ZAdminSiteSettings), ...errors },
      },
    },
    async (request) =>
      ok(
        published(await setFooterDocument(ctx, memberOf(request), request.params.name, request)),
        'FooterDocumentSaved',
      ),
  );
}
