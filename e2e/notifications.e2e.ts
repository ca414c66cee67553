import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from './pages/auth';
import { plain } from './pages/catalogue';
import { signUpMemberByApi } from './pages/member';
import { NotificationsPage } from './pages/notifications';
import { BuyPage, paintingOnSale } from './pages/purchase';
import { expectNoAxeViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { journeyLanguages } from './support/languages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A new member, signed in, identity approved (issue 29: the journey buys and sells). Made through the API as the
 * registration form would (decision 563): the form is the subject of the sign-up journeys, not of this one.
 */
async function registerMember(page: Page, language: Language) {
  return signUpMemberByApi(page, language, {
    firstName: language === 'fr' ? 'Suzanne' : 'Grace',
    lastName: language === 'fr' ? 'Valadon' : 'Hartigan',
    tag: 'notified',
    salt: 12,
  });
}

const TEXTS = {
  en: {
    none: 'Notifications, none unread',
    one: 'Notifications, 1 unread',
    title: (work: string) => `Purchase completed: “${work}”`,
    owner: 'Grace Hartigan',
  },
  fr: {
    none: 'Notifications, aucune non lue',
    one: 'Notifications, 1 non lue',
    title: (work: string) => `Achat terminé : « ${work} »`,
    owner: 'Suzanne Valadon',
  },
} as const;

describe('a member stays informed (issue 17)', () => {
  // In English (support/languages.ts: each journey in one language, E2E_LANGUAGES=en,fr for both).
  for (const language of journeyLanguages('en')) {
    it(`watches a work, is notified when a purchase settles and marks it read (${language})`, async () => {
      const { context, page } = await newPage(browser, { locale: language });
      const texts = TEXTS[language];
      try {
        await registerMember(page, language);
        const painting = await paintingOnSale();
        const inbox = new NotificationsPage(page);
        await inbox.bellSays(texts.none);

        await inbox.watch(painting.id);
        await page.goto('/user/watchlist');
        await page.getByTestId('watched-work').first().waitFor();
        expect(plain(await page.getByTestId('watched-work').first().textContent())).toContain(painting.title[language]);

        const buy = new BuyPage(page);
        await buy.fromPainting(painting.id);
        await buy.choose(9, texts.owner);
        await buy.openDrawer('card');
        await buy.payByCard('4242 4242 4242 4242');
        await buy.certificateNumber();

        await page.goto('/');
        await inbox.bellSays(texts.one);
        await inbox.open();
        expect(plain(await page.getByTestId('notification').first().textContent())).toContain(
          plain(texts.title(painting.title[language])),
        );
        await screenshot(page, `notifications-desktop-${language}`);
        await expectNoAxeViolations(page, `notifications with one unread (${language})`);
        await inbox.markFirstRead();
        await inbox.bellSays(texts.none);
      } finally {
        await context.close();
      }
    });
  }
});
