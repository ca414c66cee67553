import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../apps/web/app/routes';
import { expectPath, type Language, LoginPage } from './pages/auth';
import { choosePreferences } from './pages/catalogue';
import { baseUrl, launchBrowser, newPage, screenshot, screenshotDir, type Viewport } from './support/browser';

/**
 * Issue 14, WCAG 2.2 AA: axe-core on every route of apps/web/app/routes.ts, signed out (public and guest-only pages)
 * and signed in as the seeded demo member (member pages), in English and French, at 1440 and 390 px. One browser,
 * one context per language and width; each page is checked once its main heading is shown and nothing is loading.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Seeded by apps/api/src/db/seed.ts outside production (DEMO_MEMBER). */
const DEMO = { email: 'demo@parcelle.art', password: 'Parcelle!2026' };

async function apiData<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`);
  expect(response.status, `GET ${path}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Public and guest-only routes (signed out), with param values taken from the seeded data. */
let publicRoutes: string[];
/** Routes behind the sign-in, and the public pages that change for a member (the purchase screen). */
let memberRoutes: string[];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const { artists } = await apiData<{ artists: { id: string }[] }>('/artists/?limit=1&offset=0');
  const primary = await apiData<{ paintings: { id: string }[] }>('/paintings/?type=primary&limit=1&offset=0');
  const secondary = await apiData<{ paintings: { id: string }[] }>('/paintings/?type=secondary&limit=1&offset=0');
  const artist = artists[0]?.id;
  const work = primary.paintings[0]?.id;
  if (!artist || !work) throw new Error('the seed needs an artist and a work on the primary market');
  // A work resold by members if the seed has one, else the detail page of the secondary market shows a primary work.
  const resold = secondary.paintings[0]?.id ?? work;
  publicRoutes = [
    '/',
    '/artists',
    `/artists/details/${artist}`,
    '/primary-market',
    `/primary-market/details/${work}`,
    '/secondary-market',
    `/secondary-market/details/${resold}`,
    '/gallery',
    '/about',
    '/presentation',
    '/collaborators',
    '/partners',
    '/board',
    '/press',
    '/faqs',
    '/terms',
    '/privacy-policy',
    '/lexique',
    '/cookies',
    '/devigulation',
    '/coverage',
    '/risks',
    '/exits',
    '/newsletter/confirm',
    '/newsletter/unsubscribe',
    '/account/freeze',
    `/buy?painting_id=${work}`,
    '/reset-password/not-a-real-token',
    '/set-password/not-a-real-token',
    '/change-password',
    '/certificates/verify/PC-000000',
    '/login',
    '/register',
    '/forgot',
    '/connexion',
    '/email-confirm',
    '/no-such-page',
  ];
  memberRoutes = [
    '/verify-email',
    '/user',
    '/user/profile',
    '/user/edit',
    '/user/portfolio',
    '/user/finance',
    '/user/history',
    '/user/market',
    '/user/market/primary-market',
    '/user/parts',
    '/user/withdraw',
    '/user/notifications',
    '/user/watchlist',
    '/user/no-such-page',
    `/buy?painting_id=${work}`,
  ];
});
afterAll(async () => {
  await browser?.close();
});

/** The page is ready for axe: its main heading is shown and no skeleton or spinner is left in it. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor({ state: 'visible' });
  await page.waitForFunction(
    () =>
      !document.querySelector('main .MuiSkeleton-root, main [aria-busy="true"]') && document.fonts.status === 'loaded',
  );
}

type Found = { route: string; id: string; impact: string; help: string; targets: string[] };

async function audit(page: Page, route: string): Promise<Found[]> {
  const started = Date.now();
  await page.goto(route, { waitUntil: 'domcontentloaded' });
  await settled(page);
  const ready = Date.now();
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  if (process.env.A11Y_TIMES) console.log(route, ready - started, Date.now() - ready);
  return results.violations.map((violation) => ({
    route,
    id: violation.id,
    impact: violation.impact ?? '',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

function report(found: Found[]): string {
  return found
    .map((v) => `${v.route} · ${v.id} (${v.impact}): ${v.help}\n    ${v.targets.slice(0, 6).join('\n    ')}`)
    .join('\n');
}

const runs: { language: Language; viewport: Viewport }[] = [
  { language: 'en', viewport: 'desktop' },
  { language: 'en', viewport: 'mobile' },
  { language: 'fr', viewport: 'desktop' },
  { language: 'fr', viewport: 'mobile' },
];

/** Every path pattern of the site's route config (`/user/:x`, `*` for the not-found pages), nesting resolved. */
function routePatterns(entries: readonly RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || '/' : entry.path ? `${parent}/${entry.path}` : parent;
    const own = entry.index || entry.path ? [path] : [];
    return [...own, ...routePatterns(entry.children ?? [], path === '/' ? '' : path)];
  });
}

// The journeys run each in one language (support/languages.ts): this pass is what keeps the other language of every
// page checked, so it must stay on every route, in both languages, at both widths.
describe('the accessibility pass', () => {
  it('audits every route of apps/web/app/routes.ts, in English and French, at 1440 and 390 px', () => {
    const audited = [...publicRoutes, ...memberRoutes].map((route) => route.split('?')[0] ?? route);
    const missing = routePatterns(routes).filter((pattern) => {
      const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+').replace('*', '.+')}$`);
      return !audited.some((route) => regex.test(route));
    });
    expect(missing).toEqual([]);
    expect(runs.map((run) => `${run.language} ${run.viewport}`).sort()).toEqual([
      'en desktop',
      'en mobile',
      'fr desktop',
      'fr mobile',
    ]);
  });
});

describe.each(runs)('axe, WCAG 2.2 AA, $language at $viewport', ({ language, viewport }) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, { locale: language, viewport }));
    // Every load starts in the language of the run (the sign-in answer would otherwise switch to the member's own).
    await context.addInitScript((lng) => window.localStorage.setItem('i18nextLng', lng), language);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('finds no violation on the public and guest-only pages', async () => {
    const found: Found[] = [];
    for (const route of publicRoutes) found.push(...(await audit(page, route)));
    expect(found, report(found)).toEqual([]);
  }, 600_000);

  it('opens the language and currency chooser in the header without a violation', async () => {
    await page.goto('/');
    await settled(page);
    await page.getByTestId('preferences-button').click();
    await page.getByTestId('preferences-dialog').waitFor();
    // The popover grows in: axe measures contrast on the final colours, once the transition has ended.
    await page.waitForFunction(() => {
      const dialog = document.querySelector('[data-testid="preferences-dialog"]');
      return dialog && getComputedStyle(dialog).opacity === '1' && getComputedStyle(dialog).transform === 'none';
    });
    if ((language === 'en' && viewport === 'desktop') || (language === 'fr' && viewport === 'mobile')) {
      await screenshot(page, `a11y-chooser-${language}-${viewport}`);
      // The header and the open chooser alone, readable at a glance.
      const width = viewport === 'mobile' ? 390 : 1440;
      await page.screenshot({
        path: join(screenshotDir, `a11y-chooser-${language}-${viewport}-header.png`),
        clip: { x: 0, y: 0, width, height: 460 },
      });
    }
    const results = await new AxeBuilder({ page })
      .withTags(TAGS)
      .include('[data-testid="preferences-dialog"]')
      .analyze();
    const found = results.violations.map((v) => ({
      route: '/ (chooser open)',
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((node) => node.target.join(' ')),
    }));
    expect(found, report(found)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('finds no violation on the member pages', async () => {
    const login = new LoginPage(page);
    await login.open(language);
    await login.signIn(DEMO.email, DEMO.password);
    await expectPath(page, '/');
    await page.getByTestId('header-user').waitFor();
    // The member's saved language follows the run, so pages after the sign-in stay in it.
    if ((await page.evaluate(() => document.documentElement.lang)) !== language) {
      await choosePreferences(page, { language });
    }
    const found: Found[] = [];
    for (const route of memberRoutes) found.push(...(await audit(page, route)));
    expect(found, report(found)).toEqual([]);
  }, 600_000);
});
