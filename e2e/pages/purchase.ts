import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from '../support/browser';
import { expectPath } from './auth';
import { plain } from './catalogue';

/** A work on sale (market 2) with parts left, chosen from the API. */
export async function paintingOnSale(minimumParts = 200): Promise<{ id: string; title: { en: string; fr: string } }> {
  const response = await fetch(`${baseUrl()}/api/paintings/?type=primary&limit=100&offset=0`);
  const { data } = (await response.json()) as {
    data: {
      paintings: {
        id: string;
        market: number;
        total_part: number;
        sold_out_part: number;
        title: { en: string; fr: string };
      }[];
    };
  };
  const onSale = data.paintings.filter((p) => p.market === 2 && p.total_part - p.sold_out_part >= minimumParts);
  // A seeded work, with an appraisal history and custody (the investment case is whole): works other journeys create
  // (admin-catalogue: one appraisal) have no history, and may come first in the list when the suites run together.
  for (const candidate of onSale) {
    const detail = await fetch(`${baseUrl()}/api/paintings/detail?painting_id=${candidate.id}`);
    const work = ((await detail.json()) as { data: { paintings: { appraisals: unknown[]; custody_place: unknown } } })
      .data.paintings;
    if (work.appraisals.length > 1 && work.custody_place !== null) return candidate;
  }
  throw new Error('no appraised painting on sale');
}

/** The price of one part of a work in euros (minor units), to buy just above the €1,000 floor. */
export async function partPriceMinor(paintingId: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/paintings/detail?painting_id=${paintingId}&currency=EURO`);
  const work = ((await response.json()) as { data: { paintings: { price_per_part: { value: number } } } }).data
    .paintings;
  return Math.round(work.price_per_part.value * 100);
}

/** Credits a member's wallet through the development endpoint (absent in production). */
export async function creditWallet(email: string, currency: 'USD' | 'EURO', amountMinor: number) {
  const response = await fetch(`${baseUrl()}/api/dev/wallet/credit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, currency, amount_minor: amountMinor }),
  });
  expect(response.status).toBe(200);
}

/**
 * Issue 30: a member's primary purchases made older than their 4-day reflection period (development endpoint), for
 * journeys that sell parts right after buying them: provisional parts cannot be sold.
 */
export async function endReflectionPeriod(email: string) {
  const response = await fetch(`${baseUrl()}/api/dev/reflection/end`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(200);
}

/** /buy and its purchase drawer (spec §2, §4). */
export class BuyPage {
  constructor(private readonly page: Page) {}

  async fromPainting(paintingId: string) {
    await this.page.goto(`/primary-market/details/${paintingId}`);
    await this.page.getByTestId('buy-now').click();
    // Not reached, the failure says where the page went and what it showed (CI, 30 November: a member's "Buy now" on
    // a sale that had just opened led nowhere in 30 s, once; the same journey passed here).
    await expectPath(this.page, '/buy');
    await this.page.locator('[data-testid="buy-screen"]').waitFor();
    await this.page.getByTestId('buy-painting-title').waitFor();
  }

  async choose(parts: number, owner: string) {
    await fillInput(this.page, 'buy-quantity', String(parts));
    await fillInput(this.page, 'buy-owner', owner);
    await this.page
      .locator('input[data-testid="buy-responsibility"], [data-testid="buy-responsibility"] input')
      .first()
      .check();
  }

  /** Buying by amount (issue 17): the amount typed as the reader's language writes it. */
  async chooseAmount(amount: string, owner: string) {
    await this.page.getByTestId('buy-by-amount').click();
    await fillInput(this.page, 'buy-amount', amount);
    await fillInput(this.page, 'buy-owner', owner);
    await this.page
      .locator('input[data-testid="buy-responsibility"], [data-testid="buy-responsibility"] input')
      .first()
      .check();
  }

  async total(): Promise<string> {
    return plain(await this.page.getByTestId('buy-total').textContent());
  }

  async openDrawer(method: 'card' | 'paypal' | 'smart') {
    await this.page.getByTestId('buy-open-drawer').click();
    await this.page.getByTestId('purchase-drawer').waitFor();
    const option = this.page.getByTestId(`payment-method-${method}`);
    const step = this.page.getByTestId('purchase-key-information-step');
    // Issue 30: a primary work's key information document, read and confirmed before the payment methods show.
    await option.or(step).first().waitFor();
    if (await step.isVisible()) await this.acknowledgeKeyInformation();
    await option.click();
    await this.acceptInvestmentWarning();
    await this.page.getByTestId('payment-submit').click();
  }

  /**
   * Issue 30: above the member's threshold (max of €1,000 and 5 % of their declared net worth) the drawer shows the
   * per-investment warning; the member ticks that they understand before paying. The server's answer decides whether
   * it shows, so it is waited for briefly and ticked when it is there.
   */
  async acceptInvestmentWarning() {
    const box = this.page.locator('input[data-testid="purchase-investment-warning-accept"]');
    await box.waitFor({ timeout: 3_000 }).catch(() => undefined);
    if (await box.isVisible()) await box.check();
  }

  /**
   * Opens the document (a new tab, which `read` may look at before it is closed), ticks "I have read version N",
   * confirms; the step then goes.
   */
  async acknowledgeKeyInformation(read?: (tab: Page) => Promise<void>) {
    const step = this.page.getByTestId('purchase-key-information-step');
    const [tab] = await Promise.all([
      this.page.context().waitForEvent('page'),
      this.page.getByTestId('purchase-key-information-step-page').click(),
    ]);
    if (read) await read(tab);
    await tab.close();
    await this.page.locator('[data-testid="purchase-key-information-step-read"] input').first().check();
    await this.page.getByTestId('purchase-key-information-step-confirm').click();
    await step.waitFor({ state: 'detached' });
  }

  async payByCard(number: string) {
    await this.page.getByTestId('card-modal').waitFor();
    await fillInput(this.page, 'card-number', number);
    await fillInput(this.page, 'card-expiry', '12/30');
    await fillInput(this.page, 'card-cvc', '123');
    await this.page.getByTestId('card-pay').click();
  }

  async certificateNumber(): Promise<string> {
    await this.page.getByTestId('purchase-success').waitFor();
    return (
      plain(await this.page.getByTestId('purchase-certificate-number').textContent()).match(
        /PCL-\d{4}-[0-9A-Z]{10}/,
      )?.[0] ?? ''
    );
  }
}

/** Fills an input whose test id is on the input itself or on its MUI wrapper. */
export async function fillInput(page: Page, testId: string, value: string) {
  const target = page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
  await target.fill(value);
}
