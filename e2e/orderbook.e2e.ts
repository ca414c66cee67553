import { formatMoney } from '@parcelle/shared/money';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language, NewMember } from './pages/auth';
import { choosePreferences, plain } from './pages/catalogue';
import { PartsPage, PortfolioPage, paintingNow, paintingsOnSale, shot, signUpMemberByApi } from './pages/member';
import { BuyPage, creditWallet, endReflectionPeriod, fillInput } from './pages/purchase';
import { expectNoAxeViolations } from './support/axe';
import { confirmWithWalletCode, launchBrowser, newPage } from './support/browser';
import { journeyLanguages } from './support/languages';

/**
 * Issue 17, the order book end to end, in French (support/languages.ts: E2E_LANGUAGES=en,fr runs it in both): member A sells out a work on the primary
 * market (it moves to the secondary market) and asks a price for some parts on the work's page; member B, a primary
 * holder of another work with euros in the wallet, bids lower (the bid rests) and cancels it, then bids the ask's
 * price; they trade at once (matching mode),
 * the page shows the trade, and both see the parts where they now are in their portfolios (My parts), with the
 * true numbers: A's realised gain (first in, first out) and B's cost basis, to the cent. Both pay in euros (chosen in
 * the header first), so every figure is exact without a conversion.
 */

let browser: Browser;
/** Works of the middle of the list (fewest parts left first), so as not to take those of the member-area journey. */
const works = {} as Record<Language, { soldOut: string; primary: string }>;

beforeAll(async () => {
  browser = await launchBrowser();
  const onSale = await paintingsOnSale();
  if (onSale.length < 8) throw new Error('the seed needs at least eight works on sale');
  works.en = { soldOut: onSale[2]?.id ?? '', primary: onSale[onSale.length - 3]?.id ?? '' };
  works.fr = { soldOut: onSale[3]?.id ?? '', primary: onSale[onSale.length - 4]?.id ?? '' };
});
afterAll(async () => {
  await browser?.close();
});

const CARD = '4242 4242 4242 4242';
const TRADED = 5;
const texts = {
  // Issue 31: an order says what became of it: resting on the book, or filled with what was bought.
  en: { listed: 'Parts listed', bid: 'Bid placed', filled: 'Filled' },
  fr: { listed: 'Parts mises en vente', bid: 'Offre d’achat placée', filled: 'Exécuté' },
} as const;

function signUp(page: Page, language: Language, role: 'a' | 'b', salt: number): Promise<NewMember> {
  const names = {
    en: { a: ['Rosa', 'Bonheur'], b: ['Eugene', 'Boudin'] },
    fr: { a: ['Suzanne', 'Valadon'], b: ['Camille', 'Corot'] },
  }[language][role] as [string, string];
  return signUpMemberByApi(page, language, { firstName: names[0], lastName: names[1], tag: `orderbook.${role}`, salt });
}

async function buyPrimary(page: Page, paintingId: string, parts: number, owner: string) {
  const buy = new BuyPage(page);
  await buy.fromPainting(paintingId);
  await buy.choose(parts, owner);
  await buy.openDrawer('card');
  await buy.payByCard(CARD);
  await buy.certificateNumber();
}

/** The order form on a secondary-market work's page: an ask or a bid; answers the confirmation's text. */
async function placeOrder(
  page: Page,
  member: NewMember,
  language: Language,
  paintingId: string,
  side: 'ask' | 'bid',
  price: string,
) {
  await page.goto(`/secondary-market/details/${paintingId}?lng=${language}`);
  await page.getByTestId('order-book').waitFor();
  await page.getByTestId(`order-side-${side}`).click();
  await fillInput(page, 'order-parts', String(TRADED));
  await fillInput(page, 'order-price', price);
  // Issue 26: the order is confirmed with the wallet code, as a wallet purchase.
  await confirmWithWalletCode(page, member.phone ?? '', () => page.getByTestId('order-submit').click());
  const done = page.getByTestId('order-done');
  await done.or(page.getByTestId('order-error')).first().waitFor();
  return plain(await done.or(page.getByTestId('order-error')).first().textContent());
}

describe.each(journeyLanguages('fr'))('the order book in %s', (language) => {
  it('A asks, B bids the same price, they trade; both portfolios show it', async () => {
    const { soldOut, primary } = works[language];
    const a = await newPage(browser, { locale: language });
    const b = await newPage(browser, { locale: language });
    try {
      const salt = language === 'en' ? 4 : 6;
      const [memberA, memberB] = await Promise.all([
        signUp(a.page, language, 'a', salt),
        signUp(b.page, language, 'b', salt + 1),
      ]);
      await Promise.all([
        choosePreferences(a.page, { currency: 'EURO' }),
        choosePreferences(b.page, { currency: 'EURO' }),
      ]);
      const work = await paintingNow(soldOut);
      const allLeft = work.total_part - work.sold_out_part;
      await Promise.all([
        buyPrimary(a.page, soldOut, allLeft, `${memberA.firstName} ${memberA.lastName}`),
        buyPrimary(b.page, primary, 9, `${memberB.firstName} ${memberB.lastName}`),
      ]);
      expect((await paintingNow(soldOut)).market).toBe(3);
      await creditWallet(memberB.email, 'EURO', 1_000_000);

      // Both at 120 % of the work's part price (the reference; within the default bounds), typed with a dot, which
      // both languages accept: A sells above what A paid, so A realises a gain.
      type Priced = { price_per_part: { value: number } };
      const detail = (await paintingNow(soldOut)) as unknown as Priced;
      const paidMinor = Math.round(detail.price_per_part.value * 100);
      const tradeMinor = Math.round((paidMinor * 120) / 100);
      const price = (tradeMinor / 100).toFixed(2);
      const otherMinor = Math.round(((await paintingNow(primary)) as unknown as Priced).price_per_part.value * 100);

      // Issue 30: A's parts are provisional for their reflection period; the story sells them after it.
      await endReflectionPeriod(memberA.email);
      expect(await placeOrder(a.page, memberA, language, soldOut, 'ask', price)).toContain(texts[language].listed);
      await a.page.getByTestId('order-book-asks').waitFor();
      // A bid under the ask rests, its funds held; B cancels it from the work's page.
      const lower = ((paidMinor * 0.9) / 100).toFixed(2);
      expect(await placeOrder(b.page, memberB, language, soldOut, 'bid', lower)).toContain(texts[language].bid);
      const resting = b.page.getByTestId('my-bid');
      await resting.waitFor();
      await resting.getByTestId('my-bid-cancel').click();
      await resting.waitFor({ state: 'detached' });

      expect(await placeOrder(b.page, memberB, language, soldOut, 'bid', price)).toContain(texts[language].filled);

      // The trade shows on the work's page (its book is read again after the order).
      const trades = b.page.getByTestId('order-book-trades');
      await trades.waitFor();
      expect(plain(await trades.textContent())).toContain(String(TRADED));
      await expectNoAxeViolations(b.page, `order book (${language})`);
      await shot(b.page, `orderbook-${language}-work`);

      // B holds the parts now; A holds what is left.
      const partsB = new PartsPage(b.page);
      await partsB.open(language);
      const holdingB = partsB.holding(soldOut);
      await holdingB.waitFor();
      expect(plain(await holdingB.getByTestId('holding-quantity').textContent())).toContain(String(TRADED));
      const partsA = new PartsPage(a.page);
      await partsA.open(language);
      const holdingA = partsA.holding(soldOut);
      await holdingA.waitFor();
      const leftA = plain(await holdingA.getByTestId('holding-quantity').textContent()).replace(/\D/g, '');
      expect(leftA.startsWith(String(allLeft - TRADED))).toBe(true);

      // The true numbers: A realised (trade − paid) on the parts sold; B's cost basis is what B paid for both works.
      const euros = (minor: number) => plain(formatMoney(minor, 'EURO', language));
      const portfolioA = new PortfolioPage(a.page);
      await portfolioA.open(language);
      expect(await portfolioA.performance('realised')).toBe(`+${euros(TRADED * (tradeMinor - paidMinor))}`);
      expect(await portfolioA.performance('cost-basis')).toBe(euros((allLeft - TRADED) * paidMinor));
      const portfolioB = new PortfolioPage(b.page);
      await portfolioB.open(language);
      expect(await portfolioB.performance('cost-basis')).toBe(euros(9 * otherMinor + TRADED * tradeMinor));
      expect(await portfolioB.performance('realised')).toBe(euros(0));
      await shot(a.page, `orderbook-${language}-portfolio-a`);
    } catch (error) {
      await shot(a.page, `orderbook-${language}-failure-a`).catch(() => undefined);
      await shot(b.page, `orderbook-${language}-failure-b`).catch(() => undefined);
      throw error;
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
