import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, type Language, LoginPage } from './pages/auth';
import { choosePreferences } from './pages/catalogue';
import { openMemberPage } from './pages/member';
import { axeViolations } from './support/axe';
import { baseUrl, launchBrowser, newPage, screenshot, type Viewport } from './support/browser';
import { journeyLanguages } from './support/languages';

/**
 * Issue 17, the investor's view, as the seeded demo member sees it in French (support/languages.ts; E2E_LANGUAGES=en,fr
 * for both) at 1440 and 390 px: no page
 * is wider than the window, and each changed screen is photographed (screenshots/investor-*.png).
 */

/** Seeded by apps/api/src/db/seed.ts outside production (DEMO_MEMBER). */
const DEMO = { email: 'demo@parcelle.art', password: 'Parcelle!2026' };

let browser: Browser;
/** A work on sale on the primary market (its page has a Buy now button that can be used). */
let onSale: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${baseUrl()}/api/paintings/?type=primary&limit=20&offset=0`);
  const { data } = (await response.json()) as { data: { paintings: { id: string; market: number }[] } };
  const work = data.paintings.find((painting) => painting.market === 2);
  if (!work) throw new Error('the seed needs a work on sale on the primary market');
  onSale = work.id;
});
afterAll(async () => {
  await browser?.close();
});

/** The widest thing on the page, and what it is, so a failure names the culprit. */
async function widest(page: Page): Promise<{ scrollWidth: number; viewport: number; culprit: string }> {
  return page.evaluate(() => {
    let culprit = '';
    let right = 0;
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      if (box.right > right) {
        right = box.right;
        culprit = `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)} (${Math.round(box.width)} px)`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth, culprit };
  });
}

async function expectFits(page: Page, name: string) {
  const measured = await widest(page);
  expect(measured.scrollWidth, `${name} is wider than the window; widest: ${measured.culprit}`).toBeLessThanOrEqual(
    measured.viewport,
  );
}

describe('the risk disclosure', () => {
  it.each(['en', 'fr'] as const)('is rendered on the server in %s, every risk in it', async (language) => {
    const response = await fetch(`${baseUrl()}/risks?lng=${language}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const expected =
      language === 'fr'
        ? ['Avertissement sur les risques', 'perdre tout ou partie de votre capital', 'Concentration']
        : ['Risk disclosure', 'You may lose all or part of your capital', 'Concentration'];
    for (const text of expected) expect(html).toContain(text);
  });
});

const runs: { language: Language; viewport: Viewport }[] = journeyLanguages('fr').flatMap((language) => [
  { language, viewport: 'desktop' as const },
  { language, viewport: 'mobile' as const },
]);

describe.each(runs)('the investor view in $language at $viewport', ({ language, viewport }) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, { locale: language, viewport }));
    await context.addInitScript((lng) => window.localStorage.setItem('i18nextLng', lng), language);
    const login = new LoginPage(page);
    await login.open(language);
    await login.signIn(DEMO.email, DEMO.password);
    await expectPath(page, '/');
    await page.getByTestId('header-user').waitFor();
    if ((await page.evaluate(() => document.documentElement.lang)) !== language) {
      await choosePreferences(page, { language });
    }
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows /user/market no wider than the window', async () => {
    await page.goto('/user/market');
    await page.getByTestId('member-market-primary').waitFor();
    await page.waitForFunction(() => !document.querySelector('main .MuiSkeleton-root'));
    await expectFits(page, '/user/market');
    await screenshot(page, `investor-market-${language}-${viewport}`);
  });

  it('links My parts and the market from the portfolio and the sidebar', async () => {
    await page.goto('/user/portfolio');
    await page.getByTestId('portfolio-link-market').waitFor();
    await page.waitForFunction(() => !document.querySelector('main .MuiSkeleton-root'));
    await expectFits(page, '/user/portfolio');
    await screenshot(page, `investor-portfolio-${language}-${viewport}`);
    await openMemberPage(page, 'sidebar-account-market');
    await page.waitForURL('**/user/market');
    await openMemberPage(page, 'sidebar-account-parts');
    await page.waitForURL('**/user/parts');
    await page.getByTestId('parts-screen').waitFor();
    await page.waitForFunction(() => !document.querySelector('main .MuiSkeleton-root'));
    await expectFits(page, '/user/parts');
    await screenshot(page, `investor-parts-${language}-${viewport}`);
  });

  it('shows the risk disclosure and the FAQ, no wider than the window', async () => {
    for (const path of ['/risks', '/faqs']) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      await expectFits(page, path);
      await screenshot(page, `investor-${path.slice(1)}-${language}-${viewport}`);
    }
    // The footer's "Risk disclosure" is that page.
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: language === 'fr' ? 'Avertissement sur les risques' : 'Risk disclosure' })
      .click();
    await page.waitForURL('**/risks');
  });

  it('names the language in the reader language on the profile', async () => {
    await page.goto('/user/profile');
    const value = page.getByTestId('profile-language');
    await value.waitFor();
    expect(await value.textContent()).toMatch(language === 'fr' ? /Anglais|Français/ : /English|French/);
    await screenshot(page, `investor-profile-${language}-${viewport}`);
  });

  it('keeps Buy now within reach on a small screen, without covering the page', async () => {
    await page.goto(`/primary-market/details/${onSale}`);
    await page.getByTestId('buy-now').waitFor();
    const bar = page.getByTestId('buy-now-bar');
    // A document sends the bar hidden and shows it while the page's button is below the window (decision 454).
    if (viewport === 'desktop') {
      expect(await bar.isVisible()).toBe(false);
      await screenshot(page, `investor-painting-${language}-${viewport}`);
      return;
    }
    // The page's own button is far below the window: the pinned bar offers it.
    await bar.waitFor();
    await screenshot(page, `investor-painting-bar-${language}-${viewport}`, { fullPage: false });
    const violations = await axeViolations(page);
    expect(violations.map((v) => `${v.id}: ${v.targets.join(', ')}`)).toEqual([]);
    // Beside the page's button, the bar goes away.
    await page.getByTestId('buy-now').scrollIntoViewIfNeeded();
    await bar.waitFor({ state: 'hidden' });
    // At the very bottom (the page's button scrolled past) nothing is pinned over the footer.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Once the scroll has landed and two frames were drawn after it (the bar follows scroll events).
    await page.waitForFunction(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await bar.isVisible()).toBe(false);
    await expectFits(page, 'the painting page');
    // Back at the top, the bar returns; the room kept for it is below the page's last content.
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.waitFor();
    await page.getByTestId('buy-now-sticky').click();
    await page.waitForURL(/\/buy\?/);
  });
});
