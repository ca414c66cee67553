import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plain } from './pages/catalogue';
import { FinancePage, signUpMemberByApi } from './pages/member';
import { NotificationsPage } from './pages/notifications';
import { launchBrowser, newPage } from './support/browser';
import { journeyLanguages } from './support/languages';

/**
 * Issue 31, money in: a verified member adds money to their wallet by card on the finance page (the sandbox card
 * form the purchases use), the server credits it on the card's confirmation, the notice arrives, and the finance
 * table shows the movement as a card top-up.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const CARD = '4242 4242 4242 4242';

const TEXTS = {
  en: {
    amount: '50',
    done: '€50.00 paid by card is now in your wallet.',
    empty: '€0.00',
    balance: '€50.00',
    notice: 'Card top-up received',
    nature: 'Card top-up',
    names: ['Georgia', 'Keeffe'],
  },
  fr: {
    amount: '50',
    done: '50,00 € payés par carte sont maintenant dans votre porte-monnaie.',
    empty: '0,00 €',
    balance: '50,00 €',
    notice: 'Rechargement par carte reçu',
    nature: 'Rechargement par carte',
    names: ['Sonia', 'Delaunay'],
  },
} as const;

describe('adding money to the wallet (issue 31)', () => {
  for (const language of journeyLanguages('en')) {
    it(`tops the wallet up by card, with its notice and its line in Finance (${language})`, async () => {
      const { context, page } = await newPage(browser, { locale: language });
      const texts = TEXTS[language];
      try {
        const [firstName, lastName] = texts.names;
        await signUpMemberByApi(page, language, { firstName, lastName, tag: 'top-up', salt: Date.now() });
        const finance = new FinancePage(page);
        await finance.open(language);
        expect(await finance.walletBalance()).toBe(texts.empty);
        const bell = page.getByTestId('notification-bell');
        const unreadBefore = await bell.getAttribute('aria-label');

        expect(await finance.addMoneyByCard(texts.amount, CARD)).toBe(texts.done);
        await expect.poll(() => finance.walletBalance(), { timeout: 30_000 }).toBe(texts.balance);

        // The notice: the bell counts one more (the identity's approval may already be there), the page names it.
        await page.reload();
        await finance.walletBalance();
        await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 30_000 }).not.toBe(unreadBefore);
        await new NotificationsPage(page).open();
        expect(plain(await page.getByTestId('notification').first().textContent())).toContain(texts.notice);

        // The finance table: one incoming card top-up of the amount.
        await finance.open(language);
        const rows = await finance.rows();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ direction: 'in', nature: 'topUpCard', natureText: texts.nature });
        expect(rows[0]?.amount).toBe(`+${texts.balance}`);
      } finally {
        await context.close();
      }
    });
  }
});
