import { CONTENT_TYPES, messages } from '@parcelle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMessageTo } from '../../../test/factories';
import { createTestApp, solvedCaptcha, type TestApp } from '../../../test/test-app';
import { seedCatalogue, seedMedia } from '../../db/seed-catalogue';
import { SEED_GALLERIES } from '../../db/seed-content-data';
import { SEED_COLLECTORS } from '../../db/seed-holdings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t.close());

const get = (url: string) => t.call('GET', url);

describe('content', () => {
  it('GET /api/content/footer answers document links, social links and the registration number', async () => {
    const response = await get('/api/content/footer');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(Object.keys(data.weexDocs).sort()).toEqual(['controle', 'coverage', 'coverage_en', 'security', 'structure']);
    expect(data.weexDocs.coverage_en).toMatch(/\/media\/documents\/weex\/coverage-en\.pdf$/);
    expect(Object.keys(data.siteSettings.social_media_links).sort()).toEqual([
      'facebook',
      'instagram',
      'linkedin',
      'twitter',
      'youtube',
    ]);
    expect(data.siteSettings.registration_number).toBeTruthy();
  });

  it.each(CONTENT_TYPES)('GET /api/content/?type=%s answers the page in en and fr', async (type) => {
    const response = await get(`/api/content/?type=${type}`);
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page.type).toBe(type);
    expect(page.title.en).toBeTruthy();
    expect(page.title.fr).toBeTruthy();
    expect(page.body.en.length).toBeGreaterThan(0);
    expect(page.body.fr.length).toBe(page.body.en.length);
  });

  it('the risk disclosure covers each risk, in both languages (issue 17)', async () => {
    const page = (await get('/api/content/?type=risks')).json().data;
    const headings = (lang: 'en' | 'fr') =>
      page.body[lang]
        .filter((block: { type: string }) => block.type === 'heading')
        .map((b: { text: string }) => b.text);
    expect(page.title).toEqual({ en: 'Risk disclosure', fr: 'Avertissement sur les risques' });
    expect(headings('en').join(' | ')).toMatch(
      /capital.*\|.*hard to sell.*\|.*Valuations.*\|.*platform fails.*\|.*Dividends are not guaranteed.*\|.*Concentration/,
    );
    expect(headings('fr').join(' | ')).toMatch(
      /capital.*\|.*difficiles à revendre.*\|.*valorisations.*\|.*plateforme.*\|.*dividendes ne sont pas garantis.*\|.*Concentration/i,
    );
  });

  it('the FAQ answers fees, custody, insurance, exit, taxes and the platform stopping (issue 17)', async () => {
    const page = (await get('/api/content/?type=faqs')).json().data;
    const questions = (lang: 'en' | 'fr') =>
      page.body[lang]
        .filter((block: { type: string }) => block.type === 'qa')
        .map((b: { question: string }) => b.question)
        .join(' | ');
    for (const topic of [/fees/, /keeps the works/, /insured/, /money back/, /taxed/, /Parcelle stops/]) {
      expect(questions('en')).toMatch(topic);
    }
    for (const topic of [/frais/, /conserve/, /assurées/, /récupérer/, /imposés/, /Parcelle s’arrête/]) {
      expect(questions('fr')).toMatch(topic);
    }
    const links = page.body.en.filter((block: { type: string }) => block.type === 'link');
    expect(links.map((b: { href: string }) => b.href)).toContain('/risks');
  });

  it('an unknown content type is a bilingual 400', async () => {
    const response = await get('/api/content/?type=blog');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(messages.InvalidContentType);
  });

  it('GET /api/content/galleries is paginated', async () => {
    const all = (await get('/api/content/galleries?limit=100&offset=0')).json().data;
    expect(all.total).toBe(SEED_GALLERIES.length);
    const page = (await get('/api/content/galleries?limit=2&offset=1')).json().data.galleries;
    expect(page.map((g: { _id: string }) => g._id)).toEqual(
      all.galleries.slice(1, 3).map((g: { _id: string }) => g._id),
    );
    expect((await get('/api/content/galleries?limit=0')).statusCode).toBe(400);
    expect((await get('/api/content/galleries?offset=-3')).statusCode).toBe(400);
  });

  it('GET /api/content/home answers boxes, featured works and statistics', async () => {
    const response = await get('/api/content/home?currency=EURO');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    // Co-owners: the seed's collectors hold the parts sold so far; members without parts do not count.
    const countries = new Set(SEED_COLLECTORS.map((collector) => collector.country)).size;
    expect(data.boxes).toEqual({ countries, individuals: SEED_COLLECTORS.length });
    expect(data.featured.length).toBeGreaterThan(0);
    expect(data.statistics.turnover[0].value.curr).toBe('EURO');
    expect(data.statistics.lots.length).toBe(data.statistics.turnover.length);
  });
});

describe('generated media', () => {
  it('serves the seeded artwork images and PDFs under /media/', async () => {
    await seedMedia(t.ctx.storage);
    const [painting] = (await get('/api/paintings/?type=primary&limit=1&offset=0')).json().data.paintings;
    const image = await get(`/media/${painting.cover_img}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const detail = (await get(`/api/paintings/detail?painting_id=${painting.id}`)).json().data.paintings;
    const pdf = await get(new URL(detail.documents.auth_certif_fr, 'http://localhost').pathname);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('POST /api/contact/', () => {
  const valid = {
    first_name: 'Lucie',
    last_name: 'Fontaine',
    email: 'lucie.fontaine@example.com',
    phone: '+33 6 12 34 56 78',
    object: 'Visiting the storage',
    message: 'Hello, can members visit the works in storage?',
  };

  it('stores the message and emails the operators', async () => {
    const response = await t.call('POST', '/api/contact/', { body: { ...valid, captcha: await solvedCaptcha(t) } });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toEqual(messages.MessageSentSuccess);
    const email = await lastMessageTo(t, t.ctx.config.operatorsEmail);
    expect(email?.subject).toContain('Visiting the storage');
    expect(email?.text).toContain('lucie.fontaine@example.com');
  });

  it.each([
    ['first_name', 'ContactFirstNameRequired'],
    ['last_name', 'ContactLastNameRequired'],
    ['email', 'ContactEmailRequired'],
    ['phone', 'ContactPhoneRequired'],
    ['object', 'ContactObjectRequired'],
    ['message', 'ContactMessageRequired'],
  ] as const)('%s missing or blank → %s', async (field, key) => {
    for (const value of [undefined, '']) {
      // Refused before the captcha is looked at.
      const body: Record<string, unknown> = { ...valid, captcha: 'not-looked-at', [field]: value };
      if (value === undefined) delete body[field];
      const response = await t.call('POST', '/api/contact/', { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(messages[key]);
    }
  });

  it('an invalid email gives Invalid email', async () => {
    const response = await t.call('POST', '/api/contact/', {
      body: { ...valid, email: 'nope', captcha: 'not-looked-at' },
    });
    expect(response.json().error).toEqual(messages.InvalidEmail);
  });
});

describe('newsletter', () => {
  it('double opt-in: subscribe, confirm by link, unsubscribe with the token', async () => {
    const email = 'reader@example.com';
    const subscribe = await t.call('POST', '/api/newsletter/subscribe', {
      body: { email, lang: 'fr', captcha: await solvedCaptcha(t) },
    });
    expect(subscribe.statusCode).toBe(200);
    const confirmMail = await lastMessageTo(t, email);
    expect(confirmMail?.subject).toContain('Confirmez');
    // The link opens the web page, which calls the API once (not the API endpoint itself).
    expect(confirmMail?.text).toContain(`${t.ctx.config.publicUrl}/newsletter/confirm?token=`);
    expect(confirmMail?.text).not.toContain('/api/newsletter');
    const token = /token=([\w-]+)/.exec(confirmMail?.text ?? '')?.[1];
    expect(token).toBeTruthy();

    const confirm = await get(`/api/newsletter/confirm?token=${token}`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().message).toEqual(messages.NewsletterConfirmed);
    const again = await get(`/api/newsletter/confirm?token=${token}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual(messages.NewsletterTokenInvalid);

    const welcome = await lastMessageTo(t, email);
    expect(welcome?.text).toContain(`${t.ctx.config.publicUrl}/newsletter/unsubscribe?token=`);
    const unsubscribeToken = /token=([\w-]+)/.exec(welcome?.text ?? '')?.[1];
    const out = await t.call('POST', '/api/newsletter/unsubscribe', { body: { token: unsubscribeToken } });
    expect(out.statusCode).toBe(200);
    const twice = await t.call('POST', '/api/newsletter/unsubscribe', { body: { token: unsubscribeToken } });
    expect(twice.statusCode).toBe(400);
  });

  it('an active subscriber is not emailed again; bad input is refused', async () => {
    const bad = await t.call('POST', '/api/newsletter/subscribe', { body: { email: 'bad', captcha: 'not-looked-at' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(messages.InvalidEmail);
    expect((await get('/api/newsletter/confirm?token=short')).statusCode).toBe(400);
  });
});
