import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Language } from './auth';

/** The header's language and currency menu (spec §2). */
export async function choosePreferences(page: Page, options: { language?: Language; currency?: 'USD' | 'EURO' }) {
  if (options.language) {
    await page.getByTestId('preferences-button').click();
    await page.getByTestId(`language-${options.language}`).click();
    await page.waitForFunction((lang) => document.documentElement.lang === lang, options.language);
    await page.keyboard.press('Escape');
  }
  if (options.currency) {
    await page.getByTestId('preferences-button').click();
    await page.getByTestId(`currency-${options.currency}`).click();
    await page.keyboard.press('Escape');
  }
}

/** Text with Intl's narrow and ordinary no-break spaces made plain. */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

export async function textOf(page: Page, testId: string): Promise<string> {
  return plain(await page.getByTestId(testId).first().textContent());
}

/**
 * Waits until every image on the page that has started loading has finished (for screenshots). An image not rendered
 * (a gallery image not chosen, the cover of a closed dialog) has no box and, being lazy, is not fetched: skipped.
 */
export async function imagesLoaded(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((image) => image.getClientRects().length > 0)
      .filter((image) => image.loading !== 'lazy' || image.getBoundingClientRect().top < window.innerHeight)
      .every((image) => image.complete),
  );
}

export class ArtistsPage {
  constructor(private readonly page: Page) {}

  async openFirstArtist(): Promise<string> {
    const card = this.page.getByTestId('artist-card').first();
    await card.waitFor();
    const artistId = (await card.getAttribute('data-artist-id')) ?? '';
    await card.click();
    await this.page.getByTestId('artist-screen').waitFor();
    return artistId;
  }
}

export class PaintingPage {
  constructor(private readonly page: Page) {}

  async waitForIt() {
    await this.page.getByTestId('painting-screen').waitFor();
    await this.page.getByTestId('painting-title').waitFor();
  }

  /** Opens the first document that exists in a new tab and checks it is a PDF. */
  async openDocument(kind: string): Promise<void> {
    const link = this.page.getByTestId(`painting-document-${kind}`);
    expect(await link.getAttribute('aria-disabled')).not.toBe('true');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/\.pdf$/);
    const [popup] = await Promise.all([this.page.context().waitForEvent('page'), link.click()]);
    const response = await this.page.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await popup.close();
  }

  /**
   * Opens "Read more" (the browser's modal dialog, opened by its button's command), reads it and closes it with Escape;
   * focus goes back to the button.
   */
  async readMore(): Promise<string> {
    const opener = this.page.getByTestId('read-more');
    await opener.click();
    const dialog = this.page.getByTestId('read-more-dialog');
    await dialog.waitFor();
    expect(await dialog.evaluate((element: HTMLDialogElement) => element.open && element.matches(':modal'))).toBe(true);
    const text = plain(await dialog.textContent());
    await this.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    return text;
  }

  /** The alt text of the main image shown: one at a time, saying which image it is. */
  async shownImage(): Promise<string> {
    const shown = this.page.getByTestId('painting-gallery-main').filter({ visible: true });
    expect(await shown.count()).toBe(1);
    return (await shown.getAttribute('alt')) ?? '';
  }

  /**
   * Shows image `index` (from 0) of the gallery by its thumbnail (a radio's label), then goes back to the first with the
   * arrow keys of the radio group; returns the alt texts of the main image shown after each step.
   */
  async browseImages(index: number): Promise<string[]> {
    await this.page.getByTestId('painting-gallery-thumb').nth(index).click();
    const chosen = await this.shownImage();
    for (let step = 0; step < index; step += 1) await this.page.keyboard.press('ArrowLeft');
    return [chosen, await this.shownImage()];
  }
}
