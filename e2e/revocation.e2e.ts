import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plain } from './pages/catalogue';
import { signUpMemberByApi } from './pages/member';
import { BuyPage, paintingOnSale } from './pages/purchase';
import { launchBrowser, newPage, screenshot, waitForMessage } from './support/browser';

/**
 * Issue 30, the reflection period, in French: a member buys parts by card, finds the purchase provisional on the
 * portfolio, revokes it there and sees the refund; a second purchase is revoked through the link of its confirmation
 * email (the member's own session), and its certificate shows as void.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A new member in French, signed in, identity approved. Made through the API as the registration form would
 * (decision 563): the form is the subject of the sign-up journeys, not of this one.
 */
async function registerMember(page: Page) {
  return signUpMemberByApi(page, 'fr', { firstName: 'Suzanne', lastName: 'Valadon', tag: 'revocation', salt: 13 });
}

async function buyByCard(page: Page, paintingId: string, parts: number): Promise<string> {
  const buy = new BuyPage(page);
  await buy.fromPainting(paintingId);
  await buy.choose(parts, 'Suzanne Valadon');
  await buy.openDrawer('card');
  await buy.payByCard('4242 4242 4242 4242');
  return buy.certificateNumber();
}

describe('délai de réflexion', () => {
  it('un membre achète puis annule depuis son portefeuille, et voit le remboursement', async () => {
    const { context, page } = await newPage(browser, { locale: 'fr' });
    try {
      const member = await registerMember(page);
      const painting = await paintingOnSale();

      // Bought by card: provisional on the portfolio, with the date until which it can be revoked.
      expect(await buyByCard(page, painting.id, 9)).toMatch(/^PCL-/);
      await page.goto('/user/portfolio');
      const panel = page.getByTestId('reflection-purchases');
      await panel.waitFor();
      expect(plain(await panel.textContent())).toContain('Délai de réflexion');
      expect(plain(await panel.textContent())).toContain('Provisoire');
      expect(plain(await panel.textContent())).toMatch(/Annulable jusqu’au .+ \(heure de Paris\)/);
      await page.getByTestId('holding-provisional').first().waitFor();
      await screenshot(page, 'revocation-portfolio-fr');

      // Revoke → confirm → refunded to the card.
      await panel.locator('[data-testid^="revoke-"]').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(plain(await dialog.textContent())).toContain('remboursés sur votre carte');
      await page.getByTestId('revoke-confirm').click();
      const refund = panel.locator('[data-testid^="reflection-refund-"]').first();
      await refund.waitFor();
      expect(plain(await refund.textContent())).toMatch(/^Annulé\s?: .+ remboursés sur votre carte\.$/);
      expect(plain(await panel.textContent())).toContain('Annulé');
      const revokedMail = await waitForMessage(member.email, (message) =>
        message.subject.includes('Votre achat est annulé'),
      );
      expect(revokedMail.text).toContain('remboursés sur votre carte');
      await screenshot(page, 'revocation-refunded-fr');

      // A second purchase, revoked through the link of its confirmation email.
      const certificate = await buyByCard(page, painting.id, 9);
      // Its confirmation email (sent by the job queue) carries the revocation link; the first purchase's does too,
      // so the one wanted is the newest that names the second certificate.
      const revocationLink = /https?:\/\/\S+\/user\/revocation\?token=\S+/;
      const confirmation = await waitForMessage(
        member.email,
        (message) => revocationLink.test(message.text) && message.text.includes(certificate),
      );
      const link = revocationLink.exec(confirmation.text)?.[0];
      expect(link, confirmation.text).toBeTruthy();
      const url = new URL(link ?? '');
      await page.goto(`${url.pathname}${url.search}`);
      await page.getByTestId('revocation-screen').waitFor();
      await screenshot(page, 'revocation-link-fr');
      await page.getByTestId('revocation-confirm').click();
      const done = page.getByTestId('revocation-done');
      await done.waitFor();
      expect(plain(await done.textContent())).toContain('est annulé');
      await screenshot(page, 'revocation-link-done-fr');
      await page.goto(`/certificates/verify/${certificate}`);
      await page.getByText('Ce certificat est caduc').waitFor();
    } finally {
      await context.close();
    }
    // Two purchases, a revocation from the portfolio and one by the email's link: longer than the default 2 minutes.
  });
});
