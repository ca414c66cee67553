import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath } from './pages/auth';
import { signUpMemberByApi } from './pages/member';
import { BuyPage, paintingOnSale } from './pages/purchase';
import { VerificationPage } from './pages/verification';
import { launchBrowser, makeInvestorReady, newPage, screenshot } from './support/browser';

/**
 * Issue 29, identity verification with a hosted provider (decisions 345–348), through the local Sumsub stub's own
 * page: a new member sends their declaration and documents, is offered the partner's step, opens it (the stub's page
 * stands in for Sumsub's), picks GREEN, and comes back to /user/verification, which reads the decision by itself
 * (the stub's signed webhook, then the decision fetched from the stub's API); approved, the member reaches the buy
 * screen's payment without the verification step. The identity provider is one per server: this file runs in a group
 * of its own, on a server configured for the stub (scripts/e2e.mjs OWN_SERVERS, decision 412).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a new member verifies with the identity partner (en)', () => {
  it('declaration and documents → the partner’s step → the stub’s page, GREEN → approved → the buy screen pays', async () => {
    // Run through scripts/e2e.mjs, which gives this file its server; against another, say so rather than time out.
    expect(inject('verificationProvider'), 'this journey needs the server of E2E_SERVER=sumsub (scripts/e2e.mjs)').toBe(
      'sumsub',
    );
    const { context, page } = await newPage(browser, { locale: 'en' });
    try {
      const member = await signUpMemberByApi(
        page,
        'en',
        { firstName: 'Berthe', lastName: 'Morisot', tag: 'verification-sumsub', salt: 53 },
        { approved: false },
      );
      const verification = new VerificationPage(page);
      await verification.open();
      await verification.sendCase(
        {
          firstName: 'Berthe',
          lastName: 'Morisot',
          birthDate: '1981-01-14',
          birthPlace: 'Bourges',
          birthCountry: 'France',
          nationality: 'France',
          line1: '40 rue de Villejust',
          postalCode: '75016',
          city: 'Paris',
          country: 'France',
          taxResidence: 'France',
          occupation: 'Painter',
          expectedEuros: '4000',
          document: 'id_card',
        },
        'Berthe Morisot',
      );

      // Sent: the page offers the partner's step and names it.
      expect(await verification.state()).toBe('in_review');
      const step = page.getByTestId('verification-provider-step');
      await step.waitFor();
      expect(await step.getAttribute('data-step')).toBe('to_open');
      expect(await page.getByTestId('verification-state-text').textContent()).toContain('Sumsub');
      await screenshot(page, 'verification-sumsub-to-open-en');

      // The hosted check opens in this tab: here the stub's page, where Sumsub's reviewers are played.
      await page.getByTestId('verification-provider-open').click();
      await page.waitForURL(/\/_stub\/websdk\/[A-Za-z0-9]+$/);
      await page.getByRole('heading', { name: 'Sumsub (local stub)' }).waitFor();
      await page.getByRole('button', { name: /^GREEN/ }).click();

      // Back on the member's page, which reads the state again until the partner's decision is applied.
      await page.waitForURL((url) => url.pathname === '/user/verification');
      await page.getByTestId('verification-status').waitFor();
      await expect.poll(async () => verification.state(), { timeout: 60_000 }).toBe('approved');
      expect(await page.getByTestId('verification-provider-step').count()).toBe(0);
      expect(await verification.stateText()).toBe('Verified');
      await screenshot(page, 'verification-sumsub-approved-en');

      // Approved (and, issue 30, the investor onboarding done through the development API): the buy screen offers
      // the payment, not the verification step.
      await makeInvestorReady(member.email);
      const painting = await paintingOnSale();
      const buy = new BuyPage(page);
      await buy.fromPainting(painting.id);
      await expectPath(page, '/buy');
      await buy.choose(3, 'Berthe Morisot');
      await page.getByTestId('buy-open-drawer').waitFor();
      expect(await page.getByTestId('buy-verification-step').count()).toBe(0);
      expect(await page.getByTestId('buy-open-drawer').isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
