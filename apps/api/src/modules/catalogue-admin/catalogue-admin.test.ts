import { randomUUID } from 'node:crypto';
import { DOCUMENT_KINDS, fillMessage, marketStepNeeds, messages } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog, paintings } from '../../db/schema';
import { issueParts } from '../parts/register';

/** Issue 15, Catalogue: artists, works, valuations, market transitions and rates through /api/admin. */
let t: TestApp;
let token: string;
let support: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await createOperator(t, 'catalogue')).accessToken;
  support = (await createOperator(t, 'support')).accessToken;
});
afterAll(() => t.close());

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----parcelle${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(method: 'POST' | 'PUT', url: string, field: string, type: string, bytes: Buffer) {
  const { payload, headers } = multipart(field, type === 'application/pdf' ? 'doc.pdf' : 'image.png', type, bytes);
  return t.app.inject({ method, url, headers: { ...headers, authorization: `Bearer ${token}` }, payload });
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 90, g: 40, b: 20 } } })
    .png()
    .toBuffer();

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

const artistBody = {
  name: 'Berthe Essai',
  date_of_birth: '1941-01-14',
  date_of_death: null,
  bio_en: 'A painter of light.',
  bio_fr: 'Une peintre de la lumière.',
};

async function newArtist(): Promise<string> {
  const created = await t.call('POST', '/api/admin/artists', { token, body: artistBody });
  expect(created.statusCode).toBe(200);
  return created.json().data.id;
}

const workBody = (artistId: string) => ({
  artist_id: artistId,
  title_en: 'Harbour at dawn',
  title_fr: 'Port à l’aube',
  description_en: 'Boats.',
  description_fr: 'Des bateaux.',
  type_en: 'Oil on canvas',
  type_fr: 'Huile sur toile',
  year: 1999,
  width_cm: 3,
  height_cm: 2,
  price_per_part_minor: 1500,
  entry_fee_minor: 500,
  storage_cost_yearly_minor: 12_000,
  insurance_cost_yearly_minor: 8_000,
  exit_share_bps: 250,
  custody_place_en: 'Geneva free port',
  custody_place_fr: 'Port franc de Genève',
  insurer: 'Hiscox',
  target_holding_years: 7,
});

describe('artists', () => {
  it('creates, reads, searches and edits an artist; the audit keeps before and after', async () => {
    const id = await newArtist();
    const read = await t.call('GET', `/api/admin/artists/${id}`, { token: support });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ name: 'Berthe Essai', date_of_birth: '1941-01-14', years: [] });

    const found = await t.call('GET', '/api/admin/artists?q=berthe%20ess', { token });
    expect(found.json().data.artists.map((a: { id: string }) => a.id)).toContain(id);
    const none = await t.call('GET', '/api/admin/artists?q=zzzz_%25', { token });
    expect(none.json().data.total).toBe(0);

    const edited = await t.call('PATCH', `/api/admin/artists/${id}`, {
      token,
      body: { date_of_death: '2020-05-01', record_price_minor: 1_200_000 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toEqual(messages.ArtistUpdated);
    expect(edited.json().data).toMatchObject({ date_of_death: '2020-05-01', record_price_minor: 1_200_000 });
    const [entry] = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entry).toBeDefined();
    const entries = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    const update = entries.find((e) => e.action === 'artist.update');
    expect(update?.before).toMatchObject({ date_of_death: null });
    expect(update?.after).toMatchObject({ date_of_death: '2020-05-01' });
  });

  it('refuses bad input with a bilingual message, unknown artists with 404', async () => {
    const blank = await t.call('POST', '/api/admin/artists', { token, body: { ...artistBody, name: '' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toEqual(messages.RequiredField);
    const date = await t.call('POST', '/api/admin/artists', {
      token,
      body: { ...artistBody, date_of_birth: '1941-02-30' },
    });
    expect(date.statusCode).toBe(400);
    expect(date.json().error).toEqual(messages.InvalidDate);
    const order = await t.call('POST', '/api/admin/artists', {
      token,
      body: { ...artistBody, date_of_death: '1900-01-01' },
    });
    expect(order.statusCode).toBe(400);
    const empty = await t.call('PATCH', `/api/admin/artists/${randomUUID()}`, { token, body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual(messages.NothingToUpdate);
    const missing = await t.call('PATCH', `/api/admin/artists/${randomUUID()}`, { token, body: { name: 'X' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual(messages.ArtistNotFound);
  });

  it('upserts and deletes yearly figures; the rating index is computed from them (base 100 in 2000)', async () => {
    const id = await newArtist();
    const year = (y: number, avg: number) =>
      t.call('PUT', `/api/admin/artists/${id}/years/${y}`, {
        token,
        body: {
          turnover_minor: 5_000_000,
          lots_sold: 12,
          lots_unsold: 3,
          avg_price_cm2_minor: avg,
          record_price_minor: 90_000,
        },
      });
    expect((await year(2000, 1000)).statusCode).toBe(200);
    expect((await year(2001, 1500)).statusCode).toBe(200);
    const updated = await year(2001, 1200);
    expect(updated.json().data.years).toEqual([
      expect.objectContaining({ year: 2000, avg_price_cm2_minor: 1000, index_euro: 100 }),
      expect.objectContaining({ year: 2001, avg_price_cm2_minor: 1200, lots_sold: 12, record_price_minor: 90_000 }),
    ]);
    expect(updated.json().data.ic_artist_euro).toBe(120);
    const publicDetail = await t.call('GET', `/api/artists/detail?artistId=${id}&currency=EURO`);
    expect(publicDetail.json().data.artist.ic_artist_euro).toBe(120);

    const bad = await t.call('PUT', `/api/admin/artists/${id}/years/2002`, {
      token,
      body: { turnover_minor: -1, lots_sold: 1, lots_unsold: 0, avg_price_cm2_minor: 10 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(messages.InvalidAmount);
    expect((await t.call('PUT', `/api/admin/artists/${id}/years/20x1`, { token, body: {} })).statusCode).toBe(400);

    const deleted = await t.call('DELETE', `/api/admin/artists/${id}/years/2001`, { token });
    expect(deleted.json().data.years).toHaveLength(1);
    const again = await t.call('DELETE', `/api/admin/artists/${id}/years/2001`, { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toEqual(messages.ArtistYearNotFound);
  });

  it('takes a portrait checked by its content and stores it as WebP', async () => {
    const id = await newArtist();
    const ok = await upload('POST', `/api/admin/artists/${id}/portrait`, 'image', 'image/png', await png());
    expect(ok.statusCode).toBe(200);
    const key = ok.json().data.img as string;
    expect(key).toMatch(/^artists\/.+\.webp$/);
    expect((await t.ctx.storage.get(key))?.contentType).toBe('image/webp');
    const fake = await upload(
      'POST',
      `/api/admin/artists/${id}/portrait`,
      'image',
      'image/png',
      Buffer.from('not an image'),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toEqual(messages.ImageTypeNotAllowed);
  });
});

describe('works, valuations and the market', () => {
  it('stocks a draft work, refuses to open it until complete, then opens a scheduled sale', async () => {
    const artistId = await newArtist();
    const created = await t.call('POST', '/api/admin/paintings', { token, body: workBody(artistId) });
    expect(created.statusCode).toBe(200);
    const work = created.json().data;
    expect(work).toMatchObject({ market: 'draft', total_parts: 54, cover_img: null, entry_fee_minor: 500 });
    const id = work.id as string;

    // A draft is never public.
    expect((await t.call('GET', `/api/paintings/detail?painting_id=${id}`)).statusCode).toBe(404);
    const drafts = await t.call('GET', '/api/admin/paintings?market=draft&q=harbour', { token });
    expect(drafts.json().data.paintings.map((p: { id: string }) => p.id)).toContain(id);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain(id);

    const early = await t.call('POST', `/api/admin/paintings/${id}/market`, { token, body: { to: 'primary' } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.en).toContain(messages.MissingCover.en);
    expect(early.json().error.fr).toContain(messages.MissingValuation.fr);
    // The refusal lists exactly what the shared rule finds missing in the facts the work's detail gives the console
    // (its checklist): one rule for both.
    const facts = (await t.call('GET', `/api/admin/paintings/${id}`, { token })).json().data.market_facts;
    expect(facts).toMatchObject({ has_cover: false, documents: 0, has_valuation: false, sold_parts: 0 });
    const needs = marketStepNeeds('primary', facts).map((check) => messages[check.need].en);
    expect(early.json().error.en).toBe(
      fillMessage('MarketPreconditionsMissing', { missing: { en: needs.join(', '), fr: '' } }).en,
    );
    const jump = await t.call('POST', `/api/admin/paintings/${id}/market`, { token, body: { to: 'sold' } });
    expect(jump.statusCode).toBe(409);

    // Cover, images, the ten documents, the wording, an appraisal.
    expect(
      (await upload('POST', `/api/admin/paintings/${id}/cover`, 'image', 'image/png', await png())).statusCode,
    ).toBe(200);
    expect(
      (await upload('POST', `/api/admin/paintings/${id}/images`, 'image', 'image/png', await png())).statusCode,
    ).toBe(200);
    const notPdf = await upload(
      'PUT',
      `/api/admin/paintings/${id}/documents/notice/en`,
      'file',
      'application/pdf',
      Buffer.from('%PDF-1.7 not really'),
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error).toEqual(messages.DocumentNotPdf);
    const document = await pdf();
    for (const kind of DOCUMENT_KINDS)
      for (const lang of ['en', 'fr'])
        expect(
          (
            await upload(
              'PUT',
              `/api/admin/paintings/${id}/documents/${kind}/${lang}`,
              'file',
              'application/pdf',
              document,
            )
          ).statusCode,
        ).toBe(200);
    const unknownKind = await upload(
      'PUT',
      `/api/admin/paintings/${id}/documents/menu/en`,
      'file',
      'application/pdf',
      document,
    );
    expect(unknownKind.statusCode).toBe(400);
    await t.call('PATCH', `/api/admin/paintings/${id}`, {
      token,
      body: { certificate_wording_en: 'Co-ownership of one part.', certificate_wording_fr: 'Copropriété d’une part.' },
    });

    const supporting = await upload(
      'POST',
      `/api/admin/paintings/${id}/valuation-documents`,
      'file',
      'application/pdf',
      document,
    );
    expect(supporting.statusCode).toBe(200);
    const appraisal = {
      valued_on: '2026-01-10',
      value_minor: 9_000_000,
      currency: 'EURO',
      appraiser: 'Cabinet Turquin',
      method_en: 'Comparable sales',
      method_fr: 'Ventes comparables',
      document_key: supporting.json().data.key,
    };
    const added = await t.call('POST', `/api/admin/paintings/${id}/valuations`, { token, body: appraisal });
    expect(added.statusCode).toBe(200);
    // Issue 32: members read the method in their language, so an appraisal without one of them is refused.
    for (const missing of ['method_en', 'method_fr'] as const) {
      const { [missing]: _left, ...oneLanguage } = appraisal;
      for (const body of [oneLanguage, { ...appraisal, [missing]: '  ' }]) {
        const refused = await t.call('POST', `/api/admin/paintings/${id}/valuations`, { token, body });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ error: messages.RequiredField, field: missing });
      }
    }
    const foreignKey = await t.call('POST', `/api/admin/paintings/${id}/valuations`, {
      token,
      body: { ...appraisal, document_key: 'valuations/elsewhere/x.pdf' },
    });
    expect(foreignKey.statusCode).toBe(400);
    expect(foreignKey.json().error).toEqual(messages.ValuationDocumentUnknown);
    const corrected = await t.call('POST', `/api/admin/valuations/${added.json().data.id}/correct`, {
      token,
      body: { ...appraisal, value_minor: 9_500_000 },
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().data.supersedes_id).toBe(added.json().data.id);
    const twice = await t.call('POST', `/api/admin/valuations/${added.json().data.id}/correct`, {
      token,
      body: appraisal,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toEqual(messages.ValuationSuperseded);
    const history = await t.call('GET', `/api/admin/paintings/${id}/valuations`, { token: support });
    expect(history.json().data.valuations).toHaveLength(2);
    expect(history.json().data.valuations).toContainEqual(
      expect.objectContaining({ id: added.json().data.id, superseded_by: corrected.json().data.id }),
    );

    // Opening in the future: shown with its opening time, purchases refused until then.
    const opensAt = new Date(Date.now() + 3_600_000).toISOString();
    const wrong = await t.call('POST', `/api/admin/paintings/${id}/market`, {
      token,
      body: { to: 'shown', opens_at: opensAt },
    });
    expect(wrong.statusCode).toBe(400);
    const opened = await t.call('POST', `/api/admin/paintings/${id}/market`, {
      token,
      body: { to: 'primary', opens_at: opensAt },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({ market: 'primary', missing_for_sale: [] });

    const detail = await t.call('GET', `/api/paintings/detail?painting_id=${id}&currency=EURO`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.paintings).toMatchObject({
      market: 2,
      market_state: 'primary',
      opens_at: opensAt,
      entry_fee_minor: 500,
      storage_cost_yearly_minor: 12_000,
      exit_share_bps: 250,
      custody_place: { en: 'Geneva free port', fr: 'Port franc de Genève' },
      insurer: 'Hiscox',
      target_holding_years: 7,
      latest_valuation: {
        value_minor: 9_500_000,
        currency: 'EURO',
        valued_on: '2026-01-10',
        appraiser: 'Cabinet Turquin',
        method: { en: 'Comparable sales', fr: 'Ventes comparables' },
      },
    });

    // Issue 30: the work's key information document, previewed and published in the console before the sale.
    const draft = (await t.call('GET', `/api/admin/paintings/${id}/key-information`, { token })).json().data;
    const kid = await t.call('POST', `/api/admin/paintings/${id}/key-information`, {
      token,
      body: { draft_hash: draft.draft.hash, registration_number: 'AMF-2026-0042' },
    });
    expect(kid.statusCode).toBe(200);

    const buyer = await createMember(t, { verified: true });
    const refused = await t.call('POST', '/api/paintings/validate', {
      token: buyer.accessToken,
      body: { total_part: 1, payment_method: 'card', painting_id: id, owner: 'Jeanne Dupont', currency: 'EURO' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.en).toContain('The sale of this work opens on');
    expect(refused.json().error.fr).toContain('La vente de cette œuvre ouvre le');

    // Dimensions follow the parts until a part is sold, then are locked.
    const resized = await t.call('PATCH', `/api/admin/paintings/${id}`, { token, body: { width_cm: 4 } });
    expect(resized.statusCode).toBe(200);
    expect(resized.json().data.total_parts).toBe(72);
    await t.ctx.database.db.update(paintings).set({ soldParts: 9 }).where(eq(paintings.id, id));
    const locked = await t.call('PATCH', `/api/admin/paintings/${id}`, { token, body: { height_cm: 5 } });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toEqual(messages.DimensionsLocked);
    const back = await t.call('POST', `/api/admin/paintings/${id}/market`, { token, body: { to: 'shown' } });
    expect(back.statusCode).toBe(409);
    expect(back.json().error).toEqual(messages.MarketPartsSold);
    // (The sold count was set by hand above: put it back so the part register's invariants hold at close.)
    await t.ctx.database.db.update(paintings).set({ soldParts: 0 }).where(eq(paintings.id, id));

    const audited = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audited.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'painting.create',
        'painting.cover',
        'painting.document',
        'valuation.correct',
        'painting.market',
      ]),
    );
    const market = audited.find((e) => e.action === 'painting.market');
    expect(market?.before).toMatchObject({ market: 'draft' });
    expect(market?.after).toMatchObject({ market: 'primary', opens_at: opensAt });

    // Secondary market, then the exit: a sold work stays readable (market 1, not buyable) and leaves the lists.
    const secondary = await t.call('POST', `/api/admin/paintings/${id}/market`, { token, body: { to: 'secondary' } });
    expect(secondary.json().data).toMatchObject({ market: 'secondary', opens_at: null });
    expect(
      (await t.call('POST', `/api/admin/paintings/${id}/market`, { token, body: { to: 'sold' } })).statusCode,
    ).toBe(200);
    const exited = await t.call('GET', `/api/paintings/detail?painting_id=${id}&currency=EURO`);
    expect(exited.json().data.paintings).toMatchObject({ market: 1, market_state: 'sold', opens_at: null });
    const secondaryList = await t.call('GET', '/api/paintings/?type=secondary&limit=100&currency=EURO');
    expect(secondaryList.json().data.paintings.map((p: { id: string }) => p.id)).not.toContain(id);
    const final = await t.call('POST', `/api/admin/paintings/${id}/market`, { token, body: { to: 'primary' } });
    expect(final.statusCode).toBe(409);
  });

  it('validates works and answers 404 for unknown ones', async () => {
    const artistId = await newArtist();
    const bad = await t.call('POST', '/api/admin/paintings', { token, body: { ...workBody(artistId), width_cm: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(messages.InvalidDimensions);
    const noArtist = await t.call('POST', '/api/admin/paintings', { token, body: workBody(randomUUID()) });
    expect(noArtist.statusCode).toBe(404);
    expect((await t.call('GET', `/api/admin/paintings/${randomUUID()}`, { token })).statusCode).toBe(404);
    const state = await t.call('GET', '/api/admin/paintings?market=open', { token });
    expect(state.statusCode).toBe(400);
    expect(state.json().error).toEqual(messages.InvalidMarketState);
  });

  it('refuses a text members read written in one language only (issue 32), on create and on edit', async () => {
    const artistId = await newArtist();
    const { custody_place_fr: _fr, ...englishOnly } = workBody(artistId);
    const created = await t.call('POST', '/api/admin/paintings', { token, body: englishOnly });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ error: messages.TranslationMissing, field: 'custody_place_fr' });
    const work = await t.call('POST', '/api/admin/paintings', { token, body: workBody(artistId) });
    expect(work.statusCode).toBe(200);
    const id = work.json().data.id;
    const edits: [Record<string, unknown>, string][] = [
      [{ custody_place_en: null }, 'custody_place_en'],
      [{ custody_place_fr: null }, 'custody_place_fr'],
      [{ certificate_wording_fr: 'Copropriété d’une part.' }, 'certificate_wording_en'],
    ];
    for (const [body, field] of edits) {
      const refused = await t.call('PATCH', `/api/admin/paintings/${id}`, { token, body });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: messages.TranslationMissing, field });
    }
    // Both languages at once, or neither, are taken.
    const both = await t.call('PATCH', `/api/admin/paintings/${id}`, {
      token,
      body: {
        custody_place_en: null,
        custody_place_fr: null,
        certificate_wording_en: 'One part.',
        certificate_wording_fr: 'Une part.',
      },
    });
    expect(both.statusCode).toBe(200);
    expect(both.json().data).toMatchObject({ custody_place_en: null, certificate_wording_fr: 'Une part.' });
    // The parts invariant (checked when the file ends) counts every work's parts as issued, as opening the sale does.
    const [row] = await t.ctx.database.db.select().from(paintings).where(eq(paintings.id, id));
    if (row) await t.ctx.database.db.transaction((tx) => issueParts(tx, row));
  });
});

describe('exchange rates', () => {
  it('takes a dated EUR/USD rate by hand, audited, and refuses a malformed one', async () => {
    const saved = await t.call('PUT', '/api/admin/exchange-rates/2026-03-02', { token, body: { rate: '1.0842' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ day: '2026-03-02', rate: '1.0842', source: 'manual' });
    const bad = await t.call('PUT', '/api/admin/exchange-rates/2026-03-02', { token, body: { rate: '1,08' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(messages.InvalidRate);
    const list = await t.call('GET', '/api/admin/exchange-rates', { token: support });
    expect(list.json().data.rates).toContainEqual(expect.objectContaining({ day: '2026-03-02', rate: '1.0842' }));
  });
});
