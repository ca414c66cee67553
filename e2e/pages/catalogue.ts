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

/** Waits until every image on the page that has started loading has finished (for screenshots). */
export async function imagesLoaded(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.images)
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

  async readMore(): Promise<string> {
    await this.page.getByTestId('read-more').click();
    const dialog = this.page.getByTestId('read-more-dialog');
    await dialog.waitFor();
    const text = plain(await dialog.textContent());
    await this.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    return text;
  }
}
