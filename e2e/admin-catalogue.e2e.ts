import { AxeBuilder } from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, type NewMember, RegisterPage, VerifyEmailPage } from './pages/auth';
import { uniqueMobile } from './pages/member';
import { BuyPage } from './pages/purchase';
import { baseUrl, launchBrowser, screenshot, waitForCode } from './support/browser';

/**
 * Issue 15, the catalogue screens of the operator console: a catalogue operator (e2e/support/server.ts) enrols its
 * second factor, creates an artist (portrait, a year of auction figures) and a work from nothing (every field, the
 * cover image and the ten PDFs made here, a valuation with its PDF) and schedules the opening of its primary sale; the
 * public page /primary-market/details/<id> shows it in English and French with a countdown and "Buy now" disabled,
 * and once the opening passes a new member buys parts by card without reloading the page. Exchange rates: one entered by hand. axe-core finds
 * nothing on each screen, in both languages; screenshots at 1440 and 1024 px in e2e/screenshots/admin-catalogue-*.png.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const KINDS = ['client_pdf', 'technical_file', 'auth_certif', 'property_title', 'notice'] as const;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];
let png: Buffer;
let pdf: Buffer;
let workId = '';
const stamp = Date.now().toString(36);
const artistName = `Odette Essai ${stamp}`;
const titleEn = `Harbour at dawn ${stamp}`;
const titleFr = `Port à l’aube ${stamp}`;

beforeAll(async () => {
  png = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 30, g: 70, b: 120 } } })
    .png()
    .toBuffer();
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Parcelle', { x: 20, y: 100, size: 18 });
  pdf = Buffer.from(await doc.save());
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: baseUrl(),
    locale: 'en-US',
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
  });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) {
      problems.push(message.text());
    }
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function expectNoAxeViolations(what: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = results.violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes[0]?.target}`);
  expect(found).toEqual([]);
}

async function shoot(name: string) {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `admin-catalogue-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

describe('the catalogue screens of the operator console', () => {
  it('signs a catalogue operator in; the works grid is its home', async () => {
    const operator = inject('catalogueOperator');
    await page.goto('/admin');
    await page.waitForURL(/\/admin\/login(\?|$)/);
    await page.getByLabel('Email').fill(operator.email);
    await page.getByLabel('Password').fill(operator.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/enrol');
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    const authenticator = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
    await page.getByLabel('Code').fill(authenticator.generate());
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: /open the console/ }).click();
    await page.waitForURL('**/admin/works**');
    await page.getByRole('heading', { name: 'Works' }).waitFor();
    await page.getByRole('grid', { name: 'Works' }).waitFor();
    // The catalogue role's menu: works, artists, exchange rates, nothing of the money screens.
    await page.getByRole('link', { name: 'Artists' }).waitFor();
    expect(await page.getByRole('link', { name: 'Withdrawals' }).count()).toBe(0);
    await expectNoAxeViolations('works (en)');
    await shoot('works-en');
  });

  it('creates an artist with a portrait and a year of auction figures', async () => {
    await page.getByRole('link', { name: 'Artists' }).click();
    await page.getByRole('grid', { name: 'Artists' }).waitFor();
    await expectNoAxeViolations('artists (en)');
    await page.getByRole('link', { name: 'New artist' }).click();
    await page.getByRole('button', { name: 'Create the artist' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectNoAxeViolations('artist form with errors (en)');
    await page.getByLabel('Name').fill(artistName);
    await page.getByLabel('Date of birth').fill('1931-04-02');
    await page.getByLabel('Biography (English)').fill('A painter of harbours and light.');
    await page.getByLabel('Biography (French)').fill('Une peintre des ports et de la lumière.');
    await page.getByRole('button', { name: 'Create the artist' }).click();
    await page.getByRole('heading', { name: artistName }).waitFor();
    await page.locator('#portrait-file').setInputFiles(file('portrait.png', 'image/png', png));
    await expect.poll(() => page.getByTestId('portrait-state').textContent()).toBe('Present');
    const years = page.getByRole('form', { name: 'Add a year' });
    await years.getByLabel('Year').fill('2000');
    await years.getByLabel('Turnover (EUR)').fill('1250000');
    await years.getByLabel('Lots sold').fill('42');
    await years.getByLabel('Lots unsold').fill('8');
    await years.getByLabel('Average price per cm² (EUR)').fill('310.50');
    await years.getByRole('button', { name: 'Save the year' }).click();
    const table = page.getByRole('table', { name: 'Yearly auction figures' });
    await table.getByRole('rowheader', { name: '2000' }).waitFor();
    await table.getByText('€1,250,000.00').waitFor();
    await expectNoAxeViolations('artist (en)');
    await shoot('artist-en');
  });

  it('creates a work from nothing: every field, the cover, the ten PDFs, a valuation', async () => {
    await page.getByRole('link', { name: 'Works' }).click();
    await page.getByRole('grid', { name: 'Works' }).waitFor();
    await page.getByRole('link', { name: 'New work' }).click();
    await page.waitForURL('**/admin/works/new');
    await page.getByRole('heading', { name: 'New work (draft)' }).waitFor();
    const live = page.getByTestId('live-parts');
    await page.getByRole('combobox', { name: 'Artist' }).fill(artistName.slice(0, 12));
    await page.getByRole('option', { name: artistName }).click();
    await page.getByLabel('Title (English)').fill(titleEn);
    await page.getByLabel('Title (French)').fill(titleFr);
    await page.getByLabel('Type (English)').fill('Oil on canvas');
    await page.getByLabel('Type (French)').fill('Huile sur toile');
    await page.getByLabel('Year', { exact: false }).first().fill('1962');
    await page.getByLabel('Description (English)').fill('Boats leaving at dawn.');
    await page.getByLabel('Description (French)').fill('Des bateaux qui partent à l’aube.');
    await page.getByLabel('Width (cm)').fill('40');
    await page.getByLabel('Height (cm)').fill('30');
    await expect.poll(() => live.textContent()).toBe('10,800 parts (9 per cm²)');
    await page.getByLabel('Price per part (EUR)').fill('2.50');
    await page.getByLabel('Certificate wording (English)').fill('One part of the work, held in custody in Geneva.');
    await page.getByLabel('Certificate wording (French)').fill('Une part de l’œuvre, conservée à Genève.');
    await page.getByLabel('Entry fee (EUR)').fill('150');
    await page.getByLabel('Storage per year (EUR)').fill('1200');
    await page.getByLabel('Insurance per year (EUR)').fill('900');
    await page.getByLabel('Exit share (% of the sale price)').fill('2.5');
    await page.getByLabel('Target holding period (years)').fill('7');
    await page.getByLabel('Place of custody (English)').fill('Geneva free port');
    await page.getByLabel('Place of custody (French)').fill('Port franc de Genève');
    await page.getByLabel('Insurer').fill('Hiscox');
    await page.getByRole('button', { name: 'Create the draft' }).click();
    await page.getByRole('heading', { name: titleEn }).waitFor();
    workId = /\/admin\/works\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    expect(workId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByTestId('market-state').textContent()).toBe('Draft');
    await expectNoAxeViolations('work draft (en)');

    await page.locator('#cover-file').setInputFiles(file('cover.png', 'image/png', png));
    await expect.poll(() => page.getByTestId('cover-state').textContent()).toBe('Present');
    for (const kind of KINDS) {
      for (const lang of ['en', 'fr']) {
        await page
          .locator(`#doc-${kind}-${lang}-file`)
          .setInputFiles(file(`${kind}-${lang}.pdf`, 'application/pdf', pdf));
        await expect.poll(() => page.getByTestId(`doc-${kind}-${lang}`).textContent()).toBe('Present');
      }
    }

    const valuation = page.getByRole('form', { name: 'Add a valuation' });
    await valuation.getByLabel('Value').fill('27000');
    await valuation.getByLabel('Date of the valuation').fill('2026-10-01');
    await valuation.getByLabel('Appraiser').fill('Maison Essai');
    await valuation.getByLabel('Method').fill('Comparable sales of the artist, 2020–2026.');
    await valuation.locator('#valuation-pdf').setInputFiles(file('valuation.pdf', 'application/pdf', pdf));
    await valuation.getByRole('button', { name: 'Add the valuation' }).click();
    const valuations = page.getByRole('table', { name: 'Valuations' });
    await valuations.getByText('€27,000.00').waitFor();
    await valuations.getByText('Current · PDF').waitFor();
    // Nothing is missing for the sale any more (the work is read again after the appraisal).
    await page.getByText('Before the primary sale can open').waitFor({ state: 'hidden' });
    await expectNoAxeViolations('work with files (en)');
    await shoot('work-en');
  });

  it('schedules the opening of the primary sale; the public page counts down, then a member buys parts', async () => {
    // A new member, signed up before the opening is set (so that the countdown below has time to be seen).
    const visitor = await browser.newContext({
      baseURL: baseUrl(),
      locale: 'en-US',
      viewport: { width: 1440, height: 900 },
    });
    try {
      const publicPage = await visitor.newPage();
      publicPage.setDefaultTimeout(20_000);
      await visitor.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'true'));
      const member: NewMember = {
        firstName: 'Berthe',
        lastName: 'Morisot',
        email: `admin-catalogue.${stamp}@example.com`,
        password: 'Gallery!pass7',
        countryName: 'France',
        countryCode: 'FR',
        phone: uniqueMobile(73),
      };
      const register = new RegisterPage(publicPage);
      await register.open('en');
      await register.fill(member);
      await register.submit();
      await expectPath(publicPage, '/verify-email');
      await new VerifyEmailPage(publicPage).confirm(await waitForCode(member.email));
      await expectPath(publicPage, '/');

      await page.reload();
      await page.getByRole('heading', { name: titleEn }).waitFor();
      // The console takes a minute (datetime-local, the operator's local time): the next one at least 40 s away.
      const opening = Math.ceil((Date.now() + 40_000) / 60_000) * 60_000;
      const local = await page.evaluate((at) => {
        const d = new Date(at);
        const two = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
      }, opening);
      await page.getByLabel('Opening time of the primary sale (optional)').fill(local);
      await page.getByRole('button', { name: 'Open the primary sale' }).click();
      await expect.poll(() => page.getByTestId('market-state').textContent()).toBe('Primary sale');
      await page.getByText(/^Purchases open on /).waitFor();
      await page.getByRole('button', { name: 'Move to the secondary market' }).waitFor();

      await page.getByRole('button', { name: 'Français' }).click();
      await expect.poll(() => page.getByTestId('market-state').textContent()).toBe('Vente primaire');
      await page.getByRole('heading', { name: titleFr }).waitFor();
      await expectNoAxeViolations('work (fr)');
      await shoot('work-fr');

      // The member waits on the public page: the countdown runs and "Buy now" stays disabled until the opening.
      await publicPage.goto(`/primary-market/details/${workId}?lng=fr`);
      await publicPage.getByRole('heading', { name: titleFr }).first().waitFor();
      await expect.poll(() => publicPage.getByTestId('sale-countdown').textContent()).not.toBe('');
      await screenshot(publicPage, 'admin-catalogue-public-fr-1440');
      await publicPage.goto(`/primary-market/details/${workId}?lng=en`);
      await publicPage.getByRole('heading', { name: titleEn }).first().waitFor();
      await publicPage.getByText(artistName).first().waitFor();
      await expect.poll(() => publicPage.getByTestId('sale-countdown').textContent()).toMatch(/\d{2}/);
      expect(Date.now()).toBeLessThan(opening);
      expect(await publicPage.getByTestId('buy-now').isDisabled()).toBe(true);
      await screenshot(publicPage, 'admin-catalogue-public-en-1440');

      // At the opening the button turns on without a reload; the member buys nine parts by card.
      await expect
        .poll(() => publicPage.getByTestId('buy-now').isEnabled(), { timeout: 90_000, interval: 1_000 })
        .toBe(true);
      expect(Date.now()).toBeGreaterThanOrEqual(opening);
      const buy = new BuyPage(publicPage);
      await buy.fromPainting(workId);
      await buy.choose(9, `${member.firstName} ${member.lastName}`);
      await buy.openDrawer('card');
      await buy.payByCard('4242 4242 4242 4242');
      expect(await buy.certificateNumber()).toMatch(/^PCL-/);
      await screenshot(publicPage, 'admin-catalogue-member-bought-en-1440');
    } finally {
      await visitor.close();
    }
  }, 240_000);

  it('lists the works by market state and enters an exchange rate by hand, in French', async () => {
    await page.getByRole('link', { name: 'Œuvres', exact: true }).click();
    await page.getByRole('heading', { name: 'Œuvres' }).waitFor();
    const filtered = page.waitForResponse((response) =>
      /\/api\/admin\/paintings\?.*market=primary/.test(response.url()),
    );
    await page.getByRole('combobox', { name: 'État du marché' }).click();
    await page.getByRole('option', { name: 'Vente primaire' }).click();
    expect((await filtered).status()).toBe(200);
    await page.getByRole('grid', { name: 'Œuvres' }).getByRole('link', { name: titleFr }).waitFor();
    await expectNoAxeViolations('works (fr)');
    await shoot('works-fr');

    await page.getByRole('link', { name: 'Artistes', exact: true }).click();
    await page.getByRole('grid', { name: 'Artistes' }).getByRole('link', { name: artistName }).waitFor();
    await expectNoAxeViolations('artists (fr)');
    await shoot('artists-fr');

    await page.getByRole('link', { name: 'Taux de change', exact: true }).click();
    await page.getByRole('heading', { name: 'Taux de change' }).first().waitFor();
    await page.locator('input[type="date"]').fill('2026-11-20');
    await page.getByLabel('1 EUR = … USD').fill('1,0842');
    await page.getByRole('button', { name: 'Enregistrer le taux' }).click();
    await page.getByText('Le taux de change a été enregistré.').waitFor();
    await page.getByRole('grid', { name: 'Taux de change' }).getByText('1,0842').first().waitFor();
    await expectNoAxeViolations('rates (fr)');
    await shoot('rates-fr');
    expect(problems).toEqual([]);
  });
  it('adds a question to the FAQ in both languages, sees it in the preview, and the public page shows it', async () => {
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('link', { name: 'Content', exact: true }).click();
    await page.getByRole('heading', { name: 'Content' }).first().waitFor();
    await expectNoAxeViolations('content pages (en)');
    await page.getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL('**/admin/content/faqs');
    await page.getByRole('form', { name: 'Page editor' }).waitFor();
    const added = {
      en: {
        tab: 'English',
        question: `Can I visit my work? ${stamp}`,
        answer: 'Yes, by appointment at the free port.',
      },
      fr: {
        tab: 'Français',
        question: `Puis-je voir mon œuvre ? ${stamp}`,
        answer: 'Oui, sur rendez-vous au port franc.',
      },
    };
    for (const lang of ['en', 'fr'] as const) {
      const { tab, question, answer } = added[lang];
      await page.getByRole('tab', { name: tab, exact: true }).click();
      const panel = page.locator(`#panel-${lang}`);
      await panel.getByRole('combobox', { name: 'New block' }).click();
      await page.getByRole('option', { name: 'Question and answer' }).click();
      await panel.getByRole('button', { name: 'Add the block' }).click();
      await panel.getByLabel('Question or term').last().fill(question);
      await panel.getByLabel('Answer or definition').last().fill(answer);
      await page.locator(`[data-testid="content-preview"][lang="${lang}"]`).getByText(question).waitFor();
    }
    await page.getByRole('button', { name: 'Save the page' }).click();
    await page.getByRole('status').first().waitFor();
    await expectNoAxeViolations('content editor (fr tab)');
    await shoot('content-faq');

    // The public page, rendered by the server, shows the new question at once, in each language.
    for (const lang of ['en', 'fr'] as const) {
      const html = await (await fetch(`${baseUrl()}/faqs?lng=${lang}`)).text();
      expect(html).toContain(added[lang].question.replace("'", '&#x27;'));
    }
    expect(problems).toEqual([]);
  });
});
