import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath } from './pages/auth';
import { signUpMemberByApi } from './pages/member';
import { paintingOnSale } from './pages/purchase';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, newPage, screenshot } from './support/browser';
import { documentRuntimeFile } from './support/first-load';

/**
 * Issue 33's "every public page reads and navigates with JavaScript disabled, page by page": every kind of page the
 * sitemap lists (one address per route, both languages) is read in Chromium with scripting off, and is a document
 * (decision 433: its one script is the document runtime). Then the gallery's views (decision 482), without a script
 * and with the runtime's keys.
 */

let browser: Browser;
/** One address of each route the sitemap lists (the first work, artist… of each), without its `?lng=`. */
let pages: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  const byRoute = new Map<string, string>();
  for (const path of paths) {
    const route = path.replace(/\/details\/[^/]+$/, '/details/:id');
    if (!byRoute.has(route)) byRoute.set(route, path);
  }
  pages = [...byRoute.values()];
});
afterAll(async () => {
  await browser?.close();
});

async function withoutScript<T>(language: 'en' | 'fr', use: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    javaScriptEnabled: false,
    reducedMotion: 'reduce',
    locale: language === 'fr' ? 'fr-FR' : 'en-US',
    viewport: { width: 390, height: 844 },
  });
  try {
    return await use(context);
  } finally {
    await context.close();
  }
}

describe('every public page of the sitemap, with JavaScript disabled', () => {
  it('lists the kinds of public pages (home, lists, a work on each market, an artist, the gallery, editorial pages)', () => {
    expect(pages).toEqual(
      expect.arrayContaining([
        '/',
        '/artists',
        '/primary-market',
        '/secondary-market',
        '/gallery',
        '/exits',
        '/faqs',
        '/risks',
      ]),
    );
    expect(pages.some((path) => path.startsWith('/primary-market/details/'))).toBe(true);
    expect(pages.some((path) => path.startsWith('/secondary-market/details/'))).toBe(true);
    expect(pages.some((path) => path.startsWith('/artists/details/'))).toBe(true);
  });

  for (const language of ['en', 'fr'] as const) {
    it(`reads each one in ${language === 'en' ? 'English' : 'French'}: a document with its title, its content and links that lead on`, async () => {
      await withoutScript(language, async (context) => {
        const page = await context.newPage();
        const problems: string[] = [];
        for (const path of pages) {
          const response = await page.goto(`${path}?lng=${language}`);
          const status = response?.status();
          const lang = await page.evaluate(() => document.documentElement.lang);
          const heading = (await page.locator('main h1').first().textContent())?.trim() ?? '';
          const scripts = await page.evaluate(() =>
            Array.from(document.querySelectorAll('script[src]'), (script) => script.getAttribute('src')),
          );
          const placeholders = await page.locator('main .MuiSkeleton-root, main [aria-busy="true"]').count();
          const links = await page.locator('header a[href], footer a[href]').count();
          const wrong = [
            status !== 200 && `status ${status}`,
            lang !== language && `lang ${lang}`,
            heading === '' && 'no h1',
            JSON.stringify(scripts) !== JSON.stringify([documentRuntimeFile()]) && `scripts ${scripts.join(', ')}`,
            placeholders > 0 && `${placeholders} placeholders`,
            links === 0 && 'no link in the header or footer',
          ].filter(Boolean);
          if (wrong.length > 0) problems.push(`${path}: ${wrong.join('; ')}`);
        }
        expect(problems).toEqual([]);
      });
    });
  }
});

describe('a public page whose subject is gone, with JavaScript disabled (decision 483)', () => {
  const unknown = '00000000-0000-0000-0000-000000000000';
  it('answers 404 with the page\'s "not found" state in the reader\'s language, not loading placeholders', async () => {
    await withoutScript('fr', async (context) => {
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of [
        `/primary-market/details/${unknown}`,
        `/secondary-market/details/${unknown}`,
        `/artists/details/${unknown}`,
      ]) {
        const response = await page.goto(path);
        const heading = (await page.locator('main h1').first().textContent())?.trim();
        const placeholders = await page.locator('main .MuiSkeleton-root').count();
        found.push(`${path}: ${response?.status()} ${heading} (${placeholders} placeholders)`);
      }
      await screenshot(page, 'artist-not-found-mobile-fr-no-script');
      expect(found).toEqual([
        `/primary-market/details/${unknown}: 404 Œuvre introuvable (0 placeholders)`,
        `/secondary-market/details/${unknown}: 404 Œuvre introuvable (0 placeholders)`,
        `/artists/details/${unknown}: 404 Artiste introuvable (0 placeholders)`,
      ]);
    });
  });
});

/** The gallery's first two pictures' view addresses, as the page links them. */
async function galleryViews(): Promise<string[]> {
  const html = await (await fetch(`${baseUrl()}/gallery`)).text();
  return [...html.matchAll(/href="#(gallery-view-[^"]+)"/g)].map((match) => match[1] ?? '');
}

describe("the gallery's pictures, enlarged (decision 482)", () => {
  it('open, move and close by links without a script', async () => {
    const [first, second] = await galleryViews();
    expect(first && second, 'the seed has at least two pictures').toBeTruthy();
    await withoutScript('fr', async (context) => {
      const page = await context.newPage();
      await page.goto('/gallery');
      const opened = page.locator('[data-gallery-view]:target');
      expect(await opened.count()).toBe(0);
      await page.getByTestId('gallery-item').first().locator('a').click();
      await expectPath(page, '/gallery');
      expect(await page.evaluate(() => window.location.hash)).toBe(`#${first}`);
      expect(await opened.isVisible()).toBe(true);
      expect(await opened.getByRole('heading').textContent()).toBeTruthy();
      // On a phone the arrows are under the picture.
      await opened.getByRole('link', { name: 'Image suivante' }).locator('visible=true').click();
      expect(await page.evaluate(() => window.location.hash)).toBe(`#${second}`);
      await screenshot(page, 'gallery-view-mobile-fr-no-script');
      await opened.getByRole('link', { name: 'Fermer' }).click();
      expect(await page.locator('[data-gallery-view]:target').count()).toBe(0);
      expect(await page.getByTestId('gallery-item').nth(1).isVisible()).toBe(true);
    });
  });

  for (const language of ['en', 'fr'] as const) {
    it(`take Esc, ← and → with the document runtime, and pass axe open (${language}, 1440 px)`, async () => {
      const [first, second] = await galleryViews();
      const context = await browser.newContext({
        baseURL: baseUrl(),
        reducedMotion: 'reduce',
        locale: language === 'fr' ? 'fr-FR' : 'en-US',
        viewport: { width: 1440, height: 900 },
      });
      try {
        const page = await context.newPage();
        await page.goto(`/gallery?lng=${language}`);
        const item = page.getByTestId('gallery-item').first().locator('a');
        await item.focus();
        // The focus is the visitor's first action: it starts the page runtime, which then loads the views' keys.
        await page.waitForSelector('html[data-gallery-keys="on"]', { state: 'attached' });
        await page.keyboard.press('Enter');
        await page.waitForFunction((id) => document.activeElement?.id === id, first);
        await expectNoAxeViolations(page, `gallery view (${language})`);
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction((id) => document.activeElement?.id === id, second);
        await page.keyboard.press('ArrowLeft');
        await page.waitForFunction((id) => document.activeElement?.id === id, first);
        await screenshot(page, `gallery-view-desktop-${language}`);
        await page.keyboard.press('Escape');
        await page.waitForFunction(
          (id) => document.activeElement?.id === id.replace('gallery-view-', 'gallery-item-'),
          first ?? '',
        );
        expect(await page.locator('[data-gallery-view]:target').count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});

describe("a work's key information document (decision 484)", () => {
  it('reads without a script: title, version and both PDFs, no placeholder and no member part', async () => {
    const { id } = await paintingOnSale(1);
    await withoutScript('fr', async (context) => {
      const page = await context.newPage();
      const response = await page.goto(`/key-information/${id}`);
      expect(response?.status()).toBe(200);
      expect((await page.getByTestId('key-information-title').textContent())?.trim()).toBeTruthy();
      expect(await page.getByTestId('key-information-version').textContent()).toMatch(/Version \d+/);
      expect(await page.getByTestId('key-information-pdf-en').getAttribute('href')).toMatch(/\/en\/pdf$/);
      expect(await page.locator('main .MuiSkeleton-root').count()).toBe(0);
      expect(await page.locator('[data-island="key-information"]').isVisible()).toBe(false);
      await screenshot(page, 'key-information-mobile-fr-no-script');
    });
  });

  for (const [language, width, salt] of [
    ['en', 1440, 484],
    ['fr', 390, 485],
  ] as const) {
    it(`lets a signed-in member confirm the version read, by keyboard, with axe (${language}, ${width} px)`, async () => {
      const { id } = await paintingOnSale(1);
      const { context, page } = await newPage(browser, { locale: language });
      try {
        await page.setViewportSize({ width, height: 900 });
        await signUpMemberByApi(page, language, { firstName: 'Rosa', lastName: 'Bonheur', tag: 'kid-document', salt });
        await page.goto(`/key-information/${id}?lng=${language}`);
        const step = page.getByTestId('key-information-acknowledge');
        await step.waitFor();
        await expectNoAxeViolations(page, `/key-information with the member's confirmation (${language})`);
        // The confirmation is offered once a document was opened: the PDF, in a tab of its own.
        const [pdf] = await Promise.all([
          context.waitForEvent('page'),
          page.getByTestId(`key-information-acknowledge-pdf-${language}`).click(),
        ]);
        await pdf.close();
        await page.locator('[data-testid="key-information-acknowledge-read"] input').focus();
        await page.keyboard.press('Space');
        await page.getByTestId('key-information-acknowledge-confirm').focus();
        await page.keyboard.press('Enter');
        await page.getByTestId('key-information-acknowledged').waitFor();
        await screenshot(page, `key-information-confirmed-${width}-${language}`);
      } finally {
        await context.close();
      }
    });
  }
});
