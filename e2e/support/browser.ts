import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const screenshotDir = join(import.meta.dirname, '..', 'screenshots');

export function baseUrl(): string {
  return inject('baseUrl');
}

/** Debian's Chromium, headless, with the flags this sandbox needs (no background network, no sandbox as root). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROME_PATH)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export type Viewport = 'desktop' | 'mobile';

export async function newPage(
  browser: Browser,
  options: { locale: 'en' | 'fr'; viewport?: Viewport; cookiesAccepted?: boolean },
): Promise<{ context: BrowserContext; page: Page }> {
  const mobile = options.viewport === 'mobile';
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: options.locale === 'fr' ? 'fr-FR' : 'en-US',
    viewport: mobile ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    isMobile: mobile,
    hasTouch: mobile,
  });
  // The cookie banner never closes by itself (spec §1); journeys start with it accepted unless they test it.
  if (options.cookiesAccepted !== false) {
    await context.addInitScript(() => window.localStorage.setItem('cookiesAccepted', 'true'));
  }
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** The newest message sent to an address, read from the development outbox. */
export async function lastMessageTo(address: string): Promise<{ subject: string; text: string } | undefined> {
  const response = await fetch(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(address)}`);
  const body = (await response.json()) as { data: { subject: string; text: string }[] };
  return body.data[0];
}

export async function waitForCode(address: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const message = await lastMessageTo(address);
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code emailed to ${address}`);
}
