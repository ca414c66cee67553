import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
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

/**
 * Whether the page may move. Journeys ask for reduced motion unless motion is what they check (decision 367): the
 * header's ticker slides for as long as a page is open, and headless Chromium, which composites in software, spent
 * 0.8 of a core on one idle page to draw it (8 s of CPU in 10 s on /about; 0 with reduced motion, where the ticker
 * stands still and scrolls by hand). Two groups with two or three pages open each spent most of CI's two cores on it.
 */
export type Motion = 'full' | 'reduced';

export async function newPage(
  browser: Browser,
  options: { locale: 'en' | 'fr'; viewport?: Viewport; cookiesAccepted?: boolean; motion?: Motion },
): Promise<{ context: BrowserContext; page: Page }> {
  const mobile = options.viewport === 'mobile';
  const context = await browser.newContext({
    reducedMotion: options.motion === 'full' ? 'no-preference' : 'reduce',
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
  // A hang guard, not a speed limit: on CI's loaded 2-core machine a fresh context's first page took 26 s to load.
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(60_000);
  return { context, page };
}

/**
 * Whether the journeys keep pictures of what they saw (e2e/screenshots, for a person to look at). They prove nothing
 * by themselves, and a full-page capture costs the browser a second of software rasterising: CI, where nobody looks
 * at them, sets E2E_SCREENSHOTS=0 (`.ci/run`). What a picture is taken beside (a page no wider than the phone…) is
 * checked either way.
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS !== '0';

/** A picture of the page (whole by default) in e2e/screenshots, unless pictures are not wanted. */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {},
): Promise<void> {
  if (!screenshotsWanted) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({
    path: join(screenshotDir, `${name}.png`),
    fullPage: options.fullPage ?? true,
    clip: options.clip,
  });
}

/**
 * Issue 29: buying, selling and withdrawing need an approved identity. The journeys about those approve the member
 * through the development API (the seeded path, as a compliance operator's approval would end); the verification
 * journey itself goes through the member's page and the console instead.
 */
export async function approveIdentity(email: string, options: { investorReady?: boolean } = {}): Promise<void> {
  // Issue 30: the same route makes the member ready to invest (a passed test, a simulation) unless told not to.
  const response = await fetch(`${baseUrl()}/api/dev/verification/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, investor_ready: options.investorReady !== false }),
  });
  if (response.status !== 200) throw new Error(`identity approval failed: ${response.status} ${await response.text()}`);
}

/** Issue 30: a member made ready to invest through the development API (a passed test, a loss simulation). */
export async function makeInvestorReady(email: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/dev/investor/ready`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (response.status !== 200)
    throw new Error(`investor readiness failed: ${response.status} ${await response.text()}`);
}

/**
 * A message in the development outbox: an email's subject never carries a code (issue 31), its plain-text part
 * (`text`) carries what the HTML part (`html`) shows; an SMS has only `text`.
 */
export type OutboxMessage = { subject: string; text: string; html: string | null };

/** Every message sent to an address, newest first, read from the development outbox. */
async function messagesTo(address: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(address)}`);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/** The newest message sent to an address, read from the development outbox. */
export async function lastMessageTo(address: string): Promise<OutboxMessage | undefined> {
  return (await messagesTo(address))[0];
}

/**
 * The newest message to an address that `wanted` accepts, waited for: emails go out through the job queue, so a
 * message asked for by the step just taken may land a moment after the page has moved on (30 s at most, a hang guard).
 */
export async function waitForMessage(
  address: string,
  wanted: (message: OutboxMessage) => boolean,
): Promise<OutboxMessage> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const found = (await messagesTo(address)).find(wanted);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no message to ${address} as expected`);
}

/**
 * The code of the newest message to an address that carries one, read from its text (the body: never the subject).
 * Not simply the newest message: a notice queued earlier (a payout change, sent by the job queue) may land after the
 * code and carries none.
 */
export async function waitForCode(address: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const message of await messagesTo(address)) {
      const code = /\b(\d{6})\b/.exec(message.text)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code emailed to ${address}`);
}

/** The wallet code's SMS (apps/api notifications/sms.ts `codeSms`, purpose `purchase`), in either language. */
const WALLET_CODE_SMS = /(?:pay from your account|payer avec votre compte)\D*(\d{6})\b/;

/**
 * Issue 26: an order, an ask or an accepted order is confirmed with the wallet code (by SMS to `phone`, a French
 * mobile without its +33) in the same code dialog as a wallet purchase. `submit` opens it. Only a wallet-code SMS
 * that was not there before counts: another SMS still on its way (a phone check, a notice) is never taken for it.
 */
export async function confirmWithWalletCode(page: Page, phone: string, submit: () => Promise<void>): Promise<void> {
  const address = `+33${phone}`;
  const before = new Set((await messagesTo(address)).map((message) => message.text));
  await submit();
  await page.getByTestId('otp-dialog').waitFor();
  const deadline = Date.now() + 30_000;
  let code: string | undefined;
  while (!code && Date.now() < deadline) {
    const fresh = (await messagesTo(address)).find(
      (message) => !before.has(message.text) && WALLET_CODE_SMS.test(message.text),
    );
    code = fresh ? WALLET_CODE_SMS.exec(fresh.text)?.[1] : undefined;
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  if (!code) throw new Error(`no new wallet code sent to ${address}`);
  await page.getByTestId('otp-dialog-input').fill(code);
  await page.getByTestId('otp-dialog-submit').click();
}

/**
 * Waits until React has taken charge of an element the server rendered (its props are attached to the node once the
 * page is hydrated): a click or keystroke before then is lost, or replayed by React after a later one.
 */
export async function waitUntilLive(locator: Locator): Promise<void> {
  await locator.waitFor();
  await locator.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const live = () => Object.keys(element).some((key) => key.startsWith('__reactProps'));
        if (live()) return resolve();
        const timer = setInterval(() => {
          if (!live()) return;
          clearInterval(timer);
          resolve();
        }, 50);
      }),
  );
}
