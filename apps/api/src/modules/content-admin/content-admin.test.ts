import { messages, ZContentPageRequest } from '@parcelle/shared';
import { and, desc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { SEED_PAGES } from '../../db/seed-content-data';
import { createPageDataReader } from '../../http/page-data';

/** Issue 15, Content: editorial pages, galleries and footer settings through /api/admin, shown on the public routes. */
let t: TestApp;
let token: string;
let finance: string;
let support: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  token = (await createOperator(t, 'catalogue')).accessToken;
  finance = (await createOperator(t, 'finance')).accessToken;
  support = (await createOperator(t, 'support')).accessToken;
});
afterAll(() => t.close());

function multipart(file: { field: string; type: string; bytes: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----parcelle${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="f"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([...parts, head, file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(method: 'POST' | 'PUT', url: string, body: ReturnType<typeof multipart>, as = token) {
  return t.app.inject({
    method,
    url,
    headers: { ...body.headers, authorization: `Bearer ${as}` },
    payload: body.payload,
  });
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 60, b: 90 } } })
    .png()
    .toBuffer();

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

async function lastAudit(action: string) {
  const [row] = await t.ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row;
}

const faq = {
  title: { en: 'Questions', fr: 'Questions fréquentes' },
  body: {
    en: [
      { type: 'heading', text: 'Buying' },
      { type: 'qa', question: 'What is a part?', answer: 'One square millimetre.\nNine make a square centimetre.' },
      { type: 'list', items: ['First', 'Second'] },
      { type: 'person', name: 'Ada Lune', role: 'Curator' },
      { type: 'link', label: 'Write to us', href: 'mailto:hello@example.org' },
      { type: 'link', label: 'About', href: '/about', text: 'Who we are' },
    ],
    fr: [
      { type: 'heading', text: 'Acheter' },
      { type: 'qa', question: 'Qu’est-ce qu’une part ?', answer: 'Un millimètre carré.' },
      { type: 'paragraph', text: 'Bienvenue.' },
    ],
  },
};

describe('editorial pages', () => {
  it.each(Object.entries(SEED_PAGES))(
    'the seeded %s page passes the editor’s rules (it can be saved as it is)',
    (_type, page) => {
      const request = { title: { en: page.titleEn, fr: page.titleFr }, body: { en: page.en, fr: page.fr } };
      expect(ZContentPageRequest.safeParse(request).error?.issues ?? []).toEqual([]);
    },
  );

  it('lists every page, saves one in both languages, audits before/after and the public route shows it', async () => {
    const list = await t.call('GET', '/api/admin/content/pages', { token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.pages.map((page: { type: string }) => page.type)).toContain('faqs');
    const before = (await t.call('GET', '/api/admin/content/pages/faqs', { token })).json().data;

    const saved = await t.call('PUT', '/api/admin/content/pages/faqs', { token, body: faq });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toEqual(messages.ContentPageSaved);
    expect(saved.json().data).toMatchObject({ type: 'faqs', title: faq.title, body: faq.body });

    const shown = (await t.call('GET', '/api/content/?type=faqs')).json().data;
    expect(shown.title).toEqual(faq.title);
    expect(shown.body).toEqual(faq.body);

    const entry = await lastAudit('content.page.update');
    expect(entry).toMatchObject({ targetType: 'content_page', targetId: 'faqs' });
    expect(entry?.before).toEqual({ title: before.title, body: before.body });
    expect(entry?.after).toEqual({ title: faq.title, body: faq.body });
  });

  it('the shared cache of server-rendered pages forgets the page when it is saved', async () => {
    const read = createPageDataReader(t.app, 300, undefined, t.app.pageData);
    const first = await read('/content/', { type: 'about' }, 'en');
    const edited = { ...faq, title: { en: 'About us, edited', fr: 'À propos, modifié' } };
    expect((await t.call('PUT', '/api/admin/content/pages/about', { token, body: edited })).statusCode).toBe(200);
    const second = await read('/content/', { type: 'about' }, 'en');
    expect((first.body as { data: { title: unknown } }).data.title).not.toEqual(edited.title);
    expect((second.body as { data: { title: unknown } }).data.title).toEqual(edited.title);
  });

  it.each([
    ['an empty body', { ...faq, body: { ...faq.body, fr: [] } }, 'ContentBodyEmpty'],
    ['a blank title', { ...faq, title: { en: '  ', fr: 'x' } }, 'RequiredField'],
    ['an unknown block', { ...faq, body: { ...faq.body, en: [{ type: 'html', text: '<b>' }] } }, 'ContentBlockInvalid'],
    [
      'a javascript: link',
      { ...faq, body: { ...faq.body, en: [{ type: 'link', label: 'x', href: 'javascript:alert(1)' }] } },
      'ContentLinkInvalid',
    ],
    [
      'a plain http link',
      { ...faq, body: { ...faq.body, en: [{ type: 'link', label: 'x', href: 'http://example.org' }] } },
      'ContentLinkInvalid',
    ],
    [
      'a link with credentials (issue 26)',
      { ...faq, body: { ...faq.body, en: [{ type: 'link', label: 'x', href: 'https://user:pw@example.org/x' }] } },
      'ContentLinkInvalid',
    ],
    [
      'a link with a user name only (issue 26)',
      { ...faq, body: { ...faq.body, fr: [{ type: 'link', label: 'x', href: 'https://user@example.org' }] } },
      'ContentLinkInvalid',
    ],
    ['an empty list', { ...faq, body: { ...faq.body, en: [{ type: 'list', items: [] }] } }, 'ContentListEmpty'],
    [
      'too many blocks',
      { ...faq, body: { ...faq.body, en: Array.from({ length: 301 }, () => ({ type: 'heading', text: 'x' })) } },
      'ContentTooManyBlocks',
    ],
    [
      'a control character',
      { ...faq, body: { ...faq.body, en: [{ type: 'heading', text: 'a\u202Eb' }] } },
      'ControlCharacters',
    ],
  ])('refuses %s with a bilingual 400', async (_name, body, key) => {
    const response = await t.call('PUT', '/api/admin/content/pages/press', { token, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(messages[key as keyof typeof messages]);
  });

  it('refuses an unknown page type, and finance and support operators', async () => {
    const unknown = await t.call('PUT', '/api/admin/content/pages/blog', { token, body: faq });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual(messages.InvalidContentType);
    for (const other of [finance, support]) {
      const refused = await t.call('PUT', '/api/admin/content/pages/faqs', { token: other, body: faq });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual(messages.OperatorRoleForbidden);
    }
  });
});

describe('galleries', () => {
  it('adds a picture with its titles (checked image), edits, replaces, reorders and deletes it, all audited', async () => {
    const created = await upload(
      'POST',
      '/api/admin/galleries',
      multipart({ field: 'image', type: 'image/png', bytes: await png() }, { title_en: 'Dawn', title_fr: 'Aube' }),
    );
    expect(created.statusCode).toBe(200);
    const picture = created.json().data;
    expect(picture).toMatchObject({ title_en: 'Dawn', title_fr: 'Aube' });
    expect(picture.image).toMatch(/^galleries\/.+\.webp$/);
    expect((await t.ctx.storage.get(picture.image))?.contentType).toBe('image/webp');
    expect((await lastAudit('gallery.create'))?.after).toMatchObject({ title_en: 'Dawn', image: picture.image });

    // Last in the order, on the public gallery too.
    const publicList = (await t.call('GET', '/api/content/galleries?limit=100')).json().data.galleries;
    expect(publicList.at(-1)).toMatchObject({ _id: picture.id, title: { en: 'Dawn', fr: 'Aube' } });

    const renamed = await t.call('PATCH', `/api/admin/galleries/${picture.id}`, {
      token,
      body: { title_fr: 'Aurore' },
    });
    expect(renamed.json().data).toMatchObject({ title_en: 'Dawn', title_fr: 'Aurore' });
    const renameAudit = await lastAudit('gallery.update');
    expect(renameAudit?.before).toMatchObject({ title_fr: 'Aube' });
    expect(renameAudit?.after).toMatchObject({ title_fr: 'Aurore' });

    const replaced = await upload(
      'PUT',
      `/api/admin/galleries/${picture.id}/image`,
      multipart({ field: 'image', type: 'image/png', bytes: await png() }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.image).not.toBe(picture.image);
    expect(await t.ctx.storage.get(picture.image)).toBeUndefined();

    const ids: string[] = (await t.call('GET', '/api/admin/galleries', { token }))
      .json()
      .data.galleries.map((g: { id: string }) => g.id);
    const reversed = [...ids].reverse();
    const reordered = await t.call('PUT', '/api/admin/galleries/order', { token, body: { ids: reversed } });
    expect(reordered.statusCode).toBe(200);
    const publicOrder = (await t.call('GET', '/api/content/galleries?limit=100')).json().data.galleries;
    expect(publicOrder.map((g: { _id: string }) => g._id)).toEqual(reversed);
    expect((await lastAudit('gallery.reorder'))?.before).toEqual({ order: ids });

    const deleted = await t.call('DELETE', `/api/admin/galleries/${picture.id}`, { token });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.galleries).toHaveLength(ids.length - 1);
    expect((await lastAudit('gallery.delete'))?.before).toMatchObject({ title_fr: 'Aurore' });
    expect(await t.ctx.storage.get(replaced.json().data.image)).toBeUndefined();
  });

  it('refuses a non-image, missing titles, a partial order and an unknown picture', async () => {
    const notImage = await upload(
      'POST',
      '/api/admin/galleries',
      multipart(
        { field: 'image', type: 'image/png', bytes: Buffer.from('%PDF-1.4 not an image') },
        {
          title_en: 'x',
          title_fr: 'y',
        },
      ),
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error).toEqual(messages.ImageTypeNotAllowed);
    const untitled = await upload(
      'POST',
      '/api/admin/galleries',
      multipart({ field: 'image', type: 'image/png', bytes: await png() }, { title_en: 'x' }),
    );
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().error).toEqual(messages.RequiredField);
    const ids: string[] = (await t.call('GET', '/api/admin/galleries', { token }))
      .json()
      .data.galleries.map((g: { id: string }) => g.id);
    const partial = await t.call('PUT', '/api/admin/galleries/order', { token, body: { ids: ids.slice(1) } });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error).toEqual(messages.GalleryOrderMismatch);
    const twice = await t.call('PUT', '/api/admin/galleries/order', {
      token,
      body: { ids: [...ids.slice(1), ids[1]] },
    });
    expect(twice.json().error).toEqual(messages.GalleryOrderMismatch);
    const missing = await t.call('PATCH', '/api/admin/galleries/00000000-0000-4000-8000-000000000000', {
      token,
      body: { title_en: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual(messages.GalleryNotFound);
    const refused = await t.call('GET', '/api/admin/galleries', { token: finance });
    expect(refused.statusCode).toBe(403);
  });
});

describe('footer settings', () => {
  const links = {
    youtube: 'https://www.youtube.com/@parcelle',
    linkedin: '',
    instagram: 'https://www.instagram.com/parcelle',
    facebook: 'https://www.facebook.com/parcelle',
    twitter: 'https://x.com/parcelle',
  };

  it('saves social links and the registration number, audited, and the public footer shows them', async () => {
    const before = (await t.call('GET', '/api/admin/site-settings', { token })).json().data;
    const saved = await t.call('PATCH', '/api/admin/site-settings', {
      token,
      body: { social_media_links: links, registration_number: 'AMF E2027-0001' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toEqual(messages.SiteSettingsSaved);
    const footer = (await t.call('GET', '/api/content/footer')).json().data;
    expect(footer.siteSettings).toEqual({ social_media_links: links, registration_number: 'AMF E2027-0001' });
    const entry = await lastAudit('site_settings.update');
    expect(entry?.before).toEqual({
      social_media_links: before.social_media_links,
      registration_number: before.registration_number,
    });
    expect(entry?.after).toEqual({ social_media_links: links, registration_number: 'AMF E2027-0001' });
  });

  it.each([['http://example.org/x'], ['javascript:alert(1)'], ['https://user:pw@example.org'], ['example.org']])(
    'refuses the social link %s',
    async (link) => {
      const response = await t.call('PATCH', '/api/admin/site-settings', {
        token,
        body: { social_media_links: { ...links, facebook: link } },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(messages.SocialLinkInvalid);
    },
  );

  it('refuses an empty change and a missing network', async () => {
    const empty = await t.call('PATCH', '/api/admin/site-settings', { token, body: {} });
    expect(empty.json().error).toEqual(messages.NothingToUpdate);
    const { twitter: _twitter, ...four } = links;
    expect(
      (await t.call('PATCH', '/api/admin/site-settings', { token, body: { social_media_links: four } })).statusCode,
    ).toBe(400);
  });

  it('replaces a footer document with a checked PDF; the footer links to it; a non-PDF is refused', async () => {
    const saved = await upload(
      'PUT',
      '/api/admin/site-settings/documents/coverage_en',
      multipart({ field: 'file', type: 'application/pdf', bytes: await pdf() }),
    );
    expect(saved.statusCode).toBe(200);
    const key = saved.json().data.documents.coverage_en;
    expect(key).toMatch(/^documents\/footer\/.+\.pdf$/);
    const footer = (await t.call('GET', '/api/content/footer')).json().data;
    expect(footer.weexDocs.coverage_en).toBe(`${t.ctx.config.mediaBaseUrl}${key}`);
    const entry = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'site_settings.document'), eq(auditLog.targetId, 'footer')));
    expect(entry.at(-1)?.after).toEqual({ coverage_en: key });
    expect(entry.at(-1)?.before).toEqual({ coverage_en: 'documents/weex/coverage-en.pdf' });

    const notPdf = await upload(
      'PUT',
      '/api/admin/site-settings/documents/structure',
      multipart({ field: 'file', type: 'application/pdf', bytes: await png() }),
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error).toEqual(messages.DocumentNotPdf);
    const unknown = await upload(
      'PUT',
      '/api/admin/site-settings/documents/brochure',
      multipart({ field: 'file', type: 'application/pdf', bytes: await pdf() }),
    );
    expect(unknown.statusCode).toBe(400);
    const refused = await upload(
      'PUT',
      '/api/admin/site-settings/documents/structure',
      multipart({ field: 'file', type: 'application/pdf', bytes: await pdf() }),
      support,
    );
    expect(refused.statusCode).toBe(403);
  });
});
