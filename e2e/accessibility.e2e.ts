import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../apps/web/app/routes';
import { expectPath, type Language, LoginPage } from './pages/auth';
import { choosePreferences } from './pages/catalogue';
import { axeViolations, settled as transitionsEnded } from './support/axe';
import { baseUrl, launchBrowser, newPage, screenshot, type Viewport } from './support/browser';

/**
 * Issue 14, WCAG 2.2 AA: axe-core on every route of apps/web/app/routes.ts, signed out (public and guest-only pages)
 * and signed in as the seeded demo member (member pages), in English and French, at 1440 and 390 px (each route in
 * both languages and at both widths, `routesOfRun`). One browser,
 * one context per language and width (the two widths of a language side by side); each page is checked once its main
 * heading is shown and nothing is loading. A run's member-area pages after its first are opened through the app's
 * router, as a member moves between them (decision 572).
 */

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
/** A work resold by members (or a primary one when the seed has none): its page's islands are audited open. */
let resoldWork: string;

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
  resoldWork = resold;
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
    '/complaints',
    '/contact',
    '/newsletter/subscribe',
    '/newsletter/confirm',
    '/newsletter/unsubscribe',
    '/account/freeze',
    `/buy?painting_id=${work}`,
    '/reset-password/not-a-real-token',
    '/set-password/not-a-real-token',
    '/change-password',
    '/certificates/verify/PC-000000',
    // Issue 30: a work's key information document (the page the purchase gate names).
    `/key-information/${work}`,
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
    '/user/verification',
    '/user/complaints',
    '/user/investor-profile',
    // Issue 30: the revocation page the confirmation email links to (without a link: it says so).
    '/user/revocation',
    // Issue 30: the same page, signed in: the member's acknowledgement step under the document.
    `/key-information/${work}`,
    '/user/no-such-page',
    `/buy?painting_id=${work}`,
    // Issue 33: a work's page is a document whose member parts are islands (the book's form, the watch toggle).
    `/primary-market/details/${work}`,
    `/secondary-market/details/${resold}`,
  ];
});
afterAll(async () => {
  await browser?.close();
});

/** The page is ready for axe: its main heading is shown and no skeleton or spinner is left in it. */
async function settled(page: Page) {
  // A page under load may take longer than the journeys' 30 s default to paint its heading: this waits on the page.
  await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 45_000 });
  await page.waitForFunction(
    () =>
      !document.querySelector('main .MuiSkeleton-root, main [aria-busy="true"]') && document.fonts.status === 'loaded',
  );
  // A document's member islands (a work's order book and watch toggle) are mounted once the page has loaded.
  await page.waitForFunction(
    () =>
      !window.localStorage.getItem('token') ||
      !document.querySelector('[data-island="order-book"]:not([data-island-ready]), [data-island="watch"][hidden]'),
  );
  // A server-rendered form turns its button on once hydrated (decision 512), a colour transition of 250 ms: audited
  // before or during it, the button's half-way colours were measured as a contrast failure (CI, /register in fr).
  await page.waitForFunction(() => !document.querySelector('[data-hydrated="false"]'));
  await transitionsEnded(page);
}

/**
 * Issue 33: a member's "Buy now" on a resold work, an island of the document, opened by the keyboard: the dialog is
 * audited open, Escape closes it and the focus goes back to the button.
 */
async function auditBuyIsland(page: Page): Promise<Found[]> {
  const route = `/secondary-market/details/${resoldWork} (buy dialog)`;
  await page.goto(`/secondary-market/details/${resoldWork}`, { waitUntil: 'domcontentloaded' });
  await settled(page);
  const button = page.getByTestId('buy-now');
  if (!(await button.isEnabled())) return [];
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('secondary-dialog');
  await dialog.waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="secondary-dialog-loading"]'));
  const found = (await axeViolations(page)).map((violation) => ({ route, ...violation }));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'buy-now');
  return found;
}

type Found = { route: string; id: string; impact: string; help: string; targets: string[] };

/** The member area's pages, rendered in the browser by the app's router (apps/web/react-router.config.ts). */
const inMemberArea = (route: string) => route === '/user' || route.startsWith('/user/');

/**
 * Opens a page of the member area as a member going from one of its pages to the next does: through the app's router,
 * in the document already loaded (decision 572), when `from` was one of its pages too. Those pages render in the
 * browser whether the document was loaded for them or not; a full load adds the bundle's start and the shell's
 * hydration (audited on each run's first page of the area), 2 to 3 times the renderer's work of the audit itself: the
 * same nine pages took 18–25 s of the renderer's tasks loaded, 7–8 s through the router. The router's promise settles
 * before React has drawn the new page (the heading before was still there, seen on every page), so the audit waits
 * until every heading of the page before has left the document and a new one is there: each page's screen draws its
 * own h1. A route the router sends elsewhere (`/user`'s index, an unknown page: to /) is loaded in full instead.
 * Answers how the page was opened.
 */
async function open(page: Page, route: string, from: string | null): Promise<'router' | 'load'> {
  if (from !== null && inMemberArea(from) && inMemberArea(route)) {
    const landed = await page.evaluate(async (to) => {
      type Router = { navigate(to: string): Promise<void>; state: { location: { pathname: string } } };
      const scope = window as unknown as { __reactRouterDataRouter?: Router; a11yHeadingsBefore?: Element[] };
      const router = scope.__reactRouterDataRouter;
      if (!router) return false;
      scope.a11yHeadingsBefore = Array.from(document.querySelectorAll('main h1'));
      await router.navigate(to);
      return router.state.location.pathname === to.split('?')[0];
    }, route);
    if (landed) {
      await page
        .waitForFunction(() => {
          const before = (window as unknown as { a11yHeadingsBefore: Element[] }).a11yHeadingsBefore;
          const now = Array.from(document.querySelectorAll('main h1'));
          return before.every((heading) => !heading.isConnected) && now.some((heading) => !before.includes(heading));
        })
        .catch((error: Error) => {
          throw new Error(
            `${route}: the page before's heading stayed after the router's navigation (${error.message})`,
          );
        });
      return 'router';
    }
  }
  await page.goto(route, { waitUntil: 'domcontentloaded' });
  return 'load';
}

async function audit(page: Page, route: string, from: string | null = null): Promise<Found[]> {
  const started = Date.now();
  const how = await open(page, route, from);
  await settled(page);
  const ready = Date.now();
  const violations = await axeViolations(page);
  if (process.env.A11Y_TIMES) console.log(route, how, ready - started, Date.now() - ready);
  return violations.map((violation) => ({ route, ...violation }));
}

function report(found: Found[]): string {
  return found
    .map((v) => `${v.route} · ${v.id} (${v.impact}): ${v.help}\n    ${v.targets.slice(0, 6).join('\n    ')}`)
    .join('\n');
}

/** Every path pattern of the site's route config (`/user/:x`, `*` for the not-found pages), nesting resolved. */
function routePatterns(entries: readonly RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || '/' : entry.path ? `${parent}/${entry.path}` : parent;
    const own = entry.index || entry.path ? [path] : [];
    return [...own, ...routePatterns(entry.children ?? [], path === '/' ? '' : path)];
  });
}

const LANGUAGES = ['en', 'fr'] as const;
const WIDTHS = ['desktop', 'mobile'] as const;

/**
 * The routes one (language, width) run audits: every route in both languages and at both widths, each at one width
 * per language, the widths swapped between the languages (pairwise, decision 232). What differs between the
 * languages is the text, between the widths the layout: each is covered on every page, at half the audits of the
 * four full passes (208 audits took 15 of CI's minutes).
 */
function routesOfRun<T>(all: readonly T[], language: Language, viewport: Viewport): T[] {
  const offset = (language === 'fr' ? 1 : 0) + (viewport === 'mobile' ? 1 : 0);
  return all.filter((_, index) => (index + offset) % 2 === 0);
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
    for (const list of [publicRoutes, memberRoutes]) {
      const runs = LANGUAGES.flatMap((language) =>
        WIDTHS.map((viewport) => ({ language, viewport, routes: routesOfRun(list, language, viewport) })),
      );
      for (const route of list) {
        const seenIn = runs.filter((run) => run.routes.includes(route));
        expect(new Set(seenIn.map((run) => run.language)), route).toEqual(new Set(LANGUAGES));
        expect(new Set(seenIn.map((run) => run.viewport)), route).toEqual(new Set(WIDTHS));
      }
    }
  });
});

/** The chooser of language and currency in the header, opened, audited alone (and pictured for two of the runs). */
async function auditChooser(page: Page, language: Language, viewport: Viewport): Promise<Found[]> {
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
    await screenshot(page, `a11y-chooser-${language}-${viewport}-header`, {
      fullPage: false,
      clip: { x: 0, y: 0, width, height: 460 },
    });
  }
  const violations = await axeViolations(page, '[data-testid="preferences-dialog"]');
  await page.keyboard.press('Escape');
  return violations.map((violation) => ({ route: '/ (chooser open)', ...violation }));
}

/** Signs the demo member in, in the run's language (the member's saved language follows the run). */
async function signInDemo(page: Page, language: Language) {
  const login = new LoginPage(page);
  await login.open(language);
  await login.signIn(DEMO.email, DEMO.password);
  await expectPath(page, '/');
  await page.getByTestId('header-user').waitFor();
  if ((await page.evaluate(() => document.documentElement.lang)) !== language) {
    await choosePreferences(page, { language });
  }
}

// The two widths of one language run side by side, each in its own context of the one browser: the audits wait on
// the browser and the server in turn, so two at once keep both cores busy. The languages run one after the other:
// the demo member's saved language follows the run, and two languages at once would pull it both ways.
describe.each(LANGUAGES)('axe, WCAG 2.2 AA, in %s', (language) => {
  // The runs below ask for reduced motion, as every journey does (decision 367): the header's ticker stands still and
  // scrolls by hand. Here it slides, as most visitors see it: its hidden copies stay out of reach and the page has no
  // violation; hovering it stops it (WCAG 2.2.2, moving content can be paused).
  it('finds no violation on the home page with the ticker moving, and hovering the ticker stops it', async ({
    expect,
  }) => {
    const { context, page } = await newPage(browser, { locale: language, motion: 'full' });
    try {
      await context.addInitScript((lng) => window.localStorage.setItem('i18nextLng', lng), language);
      const playState = () =>
        page.evaluate(() => {
          const track = document.querySelector('.ticker-track');
          return track ? getComputedStyle(track).animationPlayState : 'missing';
        });
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await settled(page);
      await page.getByTestId('ticker-item').first().waitFor();
      expect(await playState()).toBe('running');
      const found = (await axeViolations(page)).map((violation) => ({ route: '/ (ticker moving)', ...violation }));
      expect(found, report(found)).toEqual([]);
      await page.getByTestId('ticker').hover();
      expect(await playState()).toBe('paused');
    } finally {
      await context.close();
    }
  });

  it.concurrent.for(WIDTHS)(
    'finds no violation on the public pages, the open chooser and the member pages at %s',
    { timeout: 1_200_000 },
    async (viewport, { expect }) => {
      const { context, page } = await newPage(browser, { locale: language, viewport });
      try {
        // Every load starts in the language of the run (the sign-in answer would otherwise switch to the member's).
        await context.addInitScript((lng) => window.localStorage.setItem('i18nextLng', lng), language);
        const found: Found[] = [];
        for (const route of routesOfRun(publicRoutes, language, viewport)) found.push(...(await audit(page, route)));
        found.push(...(await auditChooser(page, language, viewport)));
        await signInDemo(page, language);
        let from: string | null = null;
        for (const route of routesOfRun(memberRoutes, language, viewport)) {
          found.push(...(await audit(page, route, from)));
          from = route;
        }
        found.push(...(await auditBuyIsland(page)));
        expect(found, report(found)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
