import { PDFDocument } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath } from './pages/auth';
import { plain } from './pages/catalogue';
import { signUpMember } from './pages/member';
import { BuyPage, fillInput, paintingOnSale, partPriceMinor } from './pages/purchase';
import { expectNoAxeViolations } from './support/axe';
import { approveIdentity, baseUrl, launchBrowser, newPage, screenshot } from './support/browser';

/**
 * Issue 30, the investor's own protections in the browser (English): a new member, verified through the development
 * API but not yet onboarded, is shown the investor step where they would pay; on /user/investor-profile they pass the
 * knowledge test and declare a loss simulation; back on the work, a purchase above their threshold shows the
 * per-investment warning, is refused until it is ticked, then pays by card. Last, they ask to be treated as a
 * sophisticated investor and attach a small PDF as evidence, which the page then lists (decision 328).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  for (const path of ['/register?lng=en', '/?lng=en']) await fetch(`${baseUrl()}${path}`).then((r) => r.text());
});
afterAll(async () => {
  await browser?.close();
});

/** The answers that pass the current questionnaire (the server scores them). */
const PASSING: Record<string, string> = {
  experience: 'few',
  objective: 'diversification',
  total_loss: 'all',
  illiquidity: 'if_buyer',
  deposit_guarantee: 'no',
  secondary_market: 'unsold',
  concentration: 'small',
  past_returns: 'no',
};

describe('a new investor onboards and makes a first purchase (en)', () => {
  it('investor step on /buy → knowledge test → loss simulation → warning above the threshold → card', async () => {
    const { context, page } = await newPage(browser, { locale: 'en' });
    try {
      const member = await signUpMember(page, 'en', {
        firstName: 'Berthe',
        lastName: 'Morisot',
        tag: 'investor-onboarding',
        salt: 30,
        approved: false,
      });
      await approveIdentity(member.email, { investorReady: false });
      const painting = await paintingOnSale(400);
      const buy = new BuyPage(page);

      // Verified but not onboarded: the buy screen shows the investor step, not a button the API would refuse.
      await buy.fromPainting(painting.id);
      const step = page.getByTestId('buy-investor-step');
      await step.waitFor();
      expect(await step.getAttribute('data-step')).toBe('investor_knowledge_test');
      expect(await page.getByTestId('buy-open-drawer').count()).toBe(0);
      await page.getByTestId('buy-investor-step-link').click();
      await expectPath(page, '/user/investor-profile');

      // The knowledge test, answered and scored by the server.
      await page.getByTestId('investor-status').waitFor();
      await expectNoAxeViolations(page, '/user/investor-profile (en)');
      for (const [question, option] of Object.entries(PASSING)) {
        await page.locator(`input[data-testid="investor-answer-${question}-${option}"]`).check();
      }
      await page.getByTestId('investor-test-submit').click();
      const result = page.getByTestId('investor-test-result');
      await result.waitFor();
      expect(await result.getAttribute('data-passed')).toBe('true');

      // The loss simulation: €1,000 of yearly income and nothing else, so the €1,000 floor is the threshold.
      await fillInput(page, 'investor-annual_income_minor', '1000');
      await fillInput(page, 'investor-liquid_assets_minor', '0');
      await fillInput(page, 'investor-annual_commitments_minor', '0');
      expect(plain(await page.getByTestId('investor-simulation-preview').textContent())).toContain('100');
      await page.getByTestId('investor-simulation-submit').click();
      await page.getByTestId('investor-ready').waitFor();
      await screenshot(page, 'investor-profile-ready-en');

      // A purchase a little above €1,000: the warning shows, the payment waits for the box, then the card pays.
      const price = await partPriceMinor(painting.id);
      const parts = Math.ceil(110_000 / price);
      await buy.fromPainting(painting.id);
      await buy.choose(parts, 'Berthe Morisot');
      await page.getByTestId('buy-open-drawer').click();
      await page.getByTestId('purchase-drawer').waitFor();
      // The work's key information document comes first (issue 30), then the warning with the payment methods.
      const kid = page.getByTestId('purchase-key-information-step');
      const warning = page.getByTestId('purchase-investment-warning');
      await kid.or(warning).first().waitFor();
      if (await kid.isVisible()) await buy.acknowledgeKeyInformation();
      await warning.waitFor();
      expect(plain(await page.getByTestId('purchase-investment-warning-text').textContent())).toContain(
        'You may lose all of it',
      );
      await page.getByTestId('payment-method-card').click();
      await page.getByTestId('payment-submit').click();
      expect(plain(await page.getByTestId('payment-error').textContent())).toContain('read the warning');
      await screenshot(page, 'investor-warning-en');
      await page.locator('input[data-testid="purchase-investment-warning-accept"]').check();
      await page.getByTestId('payment-submit').click();
      await buy.payByCard('4242 4242 4242 4242');
      expect(await buy.certificateNumber()).toMatch(/^PCL-/);

      // Sophistication evidence: a request, then a one-page PDF attached through the page's own picker and listed.
      await page.goto('/user/investor-profile');
      const category = page.getByTestId('investor-category-section');
      await category.waitFor();
      for (const criterion of ['A gross personal income', 'At least one year of work in the financial sector']) {
        await category.getByRole('checkbox', { name: new RegExp(`^${criterion}`) }).check();
      }
      await category.getByLabel('How you meet them').fill('Income above €60,000 a year; ten years at a bank.');
      await category.getByRole('checkbox', { name: /^I declare that this information is true/ }).check();
      await page.getByTestId('investor-category-submit').click();
      await page.getByTestId('investor-evidence-none').waitFor();
      const evidence = await PDFDocument.create();
      evidence.addPage([300, 200]).drawText('Tax notice 2026', { x: 20, y: 100, size: 16 });
      await page.getByTestId('investor-evidence-input').setInputFiles({
        name: 'tax-notice.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(await evidence.save()),
      });
      const listed = page.locator('[data-testid^="investor-evidence-open-"]');
      await listed.first().waitFor();
      expect(await listed.count()).toBe(1);
      const item = page.locator('li[data-testid^="investor-evidence-"]').first();
      expect(plain(await item.textContent())).toMatch(/^Document 1 · PDF · [\d.,]+\s?(bytes|B|kB|KB) · /);
      expect(await page.getByTestId('investor-evidence-none').count()).toBe(0);
      await expectNoAxeViolations(page, '/user/investor-profile with evidence (en)');
      await screenshot(page, 'investor-evidence-en');
    } finally {
      await context.close();
    }
  });
});
