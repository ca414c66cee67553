import { readFileSync } from 'node:fs';
import { MAX_PARTS_PER_PURCHASE } from '@parcelle/shared/contracts/purchases';
import { partsForAmount, primarySteps } from '@parcelle/shared/invest-amount';
import { formatMoney } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagesLoaded, plain } from './pages/catalogue';
import { signUpMemberByApi } from './pages/member';
import { BuyPage, creditWallet, fillInput, paintingOnSale } from './pages/purchase';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, newPage, screenshot, waitForCode, waitForMessage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A new member, signed in, identity approved (issue 29: buying needs it). Made through the API as the registration
 * form would (decision 563): the form is the subject of the sign-up journeys, not of this one.
 */
async function registerMember(page: Page, language: 'en' | 'fr') {
  return signUpMemberByApi(page, language, {
    firstName: language === 'fr' ? 'Berthe' : 'Mary',
    lastName: language === 'fr' ? 'Morisot' : 'Cassatt',
    tag: 'buyer',
    salt: 11,
  });
}

describe('a member buys parts on the primary market', () => {
  it('pays by card (after a declined card), by PayPal and from the wallet, then checks the certificate', async () => {
    const { context, page } = await newPage(browser, { locale: 'en' });
    try {
      const member = await registerMember(page, 'en');
      const painting = await paintingOnSale();
      const buy = new BuyPage(page);

      // Card: the declined test card shows the error; the good one pays.
      await buy.fromPainting(painting.id);
      await buy.choose(9, 'Mary Cassatt');
      expect(plain(await page.getByTestId('buy-quantity-cm2').textContent())).toContain('1 cm²');
      await imagesLoaded(page);
      await screenshot(page, 'purchase-buy-desktop-en');
      await buy.openDrawer('card');
      await buy.payByCard('4000 0000 0000 0002');
      await page.getByTestId('card-error').waitFor();
      expect(plain(await page.getByTestId('card-error').textContent())).toMatch(
        /declined|error occurred during the payment/i,
      );
      await fillInput(page, 'card-number', '4242 4242 4242 4242');
      await page.getByTestId('card-pay').click();
      const cardCertificate = await buy.certificateNumber();
      expect(cardCertificate).toMatch(/^PCL-/);
      await screenshot(page, 'purchase-success-desktop-en');
      // The confirmation goes out through the job queue: waited for, the one that names this certificate.
      await waitForMessage(member.email, (message) => message.text.includes(cardCertificate));

      // PayPal (sandbox approval through the same capture path).
      await buy.fromPainting(painting.id);
      await buy.choose(18, 'Mary Cassatt');
      await buy.openDrawer('paypal');
      await page.getByTestId('paypal-modal').waitFor();
      await page.getByTestId('paypal-approve').click();
      expect(await buy.certificateNumber()).toMatch(/^PCL-/);

      // Smart account: the wallet pays after the one-time code.
      await creditWallet(member.email, 'EURO', 50_000);
      await buy.fromPainting(painting.id);
      await buy.choose(9, 'Mary Cassatt');
      await buy.openDrawer('smart');
      await page.getByTestId('otp-dialog').waitFor();
      const code = await waitForCode(`+33${member.phone}`);
      await fillInput(page, 'otp-dialog-input', code);
      await page.getByTestId('otp-dialog-submit').click();
      expect(await buy.certificateNumber()).toMatch(/^PCL-/);

      // The certificate: downloaded from the profile as a PDF, and genuine on its public page.
      await page.goto('/user/profile');
      const row = page.locator(`[data-testid="profile-certificate"][data-number="${cardCertificate}"]`);
      await row.waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByTestId('profile-certificate-download').click(),
      ]);
      const file = await download.path();
      expect(
        readFileSync(file ?? '')
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await page.goto(`/certificates/verify/${cardCertificate}`);
      await page.locator('[data-testid="certificate-verify-screen"][data-state="valid"]').waitFor();
      expect(plain(await page.getByTestId('certificate-number').textContent())).toContain(cardCertificate);
      // A document drawn without MUI (decision 580): no MUI or emotion class, the genuine panel included.
      expect(await page.locator('[class*="css-"], [class*="Mui"]').count()).toBe(0);
      await screenshot(page, 'purchase-certificate-verify-desktop-en');
    } finally {
      await context.close();
    }
  });

  it('shows the purchase page at 390px in French, and buys by amount', async () => {
    const { context, page } = await newPage(browser, { locale: 'fr', viewport: 'mobile' });
    try {
      await registerMember(page, 'fr');
      const painting = await paintingOnSale();
      const buy = new BuyPage(page);
      await buy.fromPainting(painting.id);
      await buy.choose(20, 'Berthe Morisot');
      expect(plain(await page.getByTestId('buy-quantity-cm2').textContent())).toContain('2 cm²');
      await imagesLoaded(page);
      await screenshot(page, 'purchase-buy-mobile-fr');
      await page.getByTestId('buy-open-drawer').click();
      await page.getByTestId('purchase-drawer').waitFor();
      // Issue 30: a new member reads and confirms the work's key information document before the methods show.
      await buy.acknowledgeKeyInformation();
      await page.getByTestId('payment-submit').click();
      expect(plain(await page.getByTestId('payment-error').textContent())).toBe(
        'Veuillez sélectionner un moyen de paiement',
      );
      await screenshot(page, 'purchase-drawer-mobile-fr');

      // Issue 17: the work's investment case on its page passes axe at 390 px.
      await page.goto(`/primary-market/details/${painting.id}`);
      await page.getByTestId('investment-case').scrollIntoViewIfNeeded();
      await page.getByTestId('appraisal-history').waitFor();
      await expectNoAxeViolations(page, 'painting page with its investment case (fr, 390 px)');

      // Buying by amount. 50 (in the page's currency) buys the parts the shared rule says, every fee is on its own
      // line, and the payment is for those parts exactly.
      await buy.fromPainting(painting.id);
      const currency = new URL(page.url()).searchParams.get('currency') === 'USD' ? 'USD' : 'EURO';
      const detail = (await (
        await fetch(`${baseUrl()}/api/paintings/detail?painting_id=${painting.id}&currency=${currency}`)
      ).json()) as {
        data: { paintings: { price_per_part: { value: number }; total_part: number; sold_out_part: number } };
      };
      const work = detail.data.paintings;
      const price = Math.round(work.price_per_part.value * 100);
      const expected = partsForAmount(
        5000,
        primarySteps(work.total_part - work.sold_out_part, price),
        MAX_PARTS_PER_PURCHASE,
      );
      expect(expected.parts).toBeGreaterThan(0);
      await buy.chooseAmount('50,00', 'Berthe Morisot');
      const partsText = plain(formatPartsQuantity(expected.parts, 'fr'));
      expect(plain(await page.getByTestId('buy-amount-parts').textContent())).toBe(`Achète ${partsText}`);
      expect(await buy.total()).toBe(plain(formatMoney(expected.spentMinor, currency, 'fr')));
      expect(plain(await page.getByTestId('order-line-remainder').textContent())).toBe(
        `${plain(formatMoney(expected.remainderMinor, currency, 'fr'))}, vous reste`,
      );
      for (const line of ['order-line-entry-fee', 'order-line-yearly', 'order-line-exit', 'order-line-share'])
        await page.getByTestId(line).waitFor();
      await screenshot(page, 'purchase-amount-mobile-fr');
      await expectNoAxeViolations(page, 'buy by amount (fr, 390 px)');
      await buy.openDrawer('card');
      expect(plain(await page.getByTestId('purchase-drawer-total').textContent())).toBe(
        plain(formatMoney(expected.spentMinor, currency, 'fr')),
      );
      await buy.payByCard('4242 4242 4242 4242');
      await page.getByTestId('purchase-success').waitFor();
      expect(plain(await page.getByTestId('purchase-success').textContent())).toContain(`${partsText} de «`);
    } finally {
      await context.close();
    }
  });
});
