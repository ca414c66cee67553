import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject, type ProvidedContext } from 'vitest';
import { baseUrl } from '../support/browser';
import type { Language } from './auth';

/** An operator's console in a browser context of its own, and every CSP refusal or page error it raised. */
export type Console = { context: BrowserContext; page: Page; problems: string[] };

/** The operators the global setup makes (e2e/support/server.ts) that a journey signs in to the console. */
export type ConsoleOperator = {
  [K in keyof ProvidedContext]: ProvidedContext[K] extends { email: string; password: string } ? K : never;
}[keyof ProvidedContext];

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data?: T };
  expect(response.status, `POST ${path}: ${JSON.stringify(answer)}`).toBe(200);
  return answer.data as T;
}

/** Enrols the operator's second factor through the API (the console's enrolment is admin-console.e2e.ts's). */
async function enrol(email: string, password: string): Promise<TOTP> {
  const first = await post<{ access_token: string }>('/auth/token', { email, password });
  const { secret } = await post<{ secret: string }>('/admin/totp/enrol', {}, first.access_token);
  const app = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  await post('/admin/totp/confirm', { code: app.generate() }, first.access_token);
  return app;
}

/**
 * Signs an operator in to the console (apps/admin at /admin) in a context of its own: the second factor enrolled
 * through the API, then the sign-in screen with the password and the authenticator's next code (the enrolment spent
 * the current one). Each operator can be signed in this way once per run: it enrols.
 */
export async function openConsole(browser: Browser, who: ConsoleOperator): Promise<Console> {
  const { email, password } = inject(who);
  const app = await enrol(email, password);
  const context = await browser.newContext({
    reducedMotion: 'reduce', // decision 367: a sliding ticker costs a core in headless Chromium
    baseURL: baseUrl(),
    locale: 'en-US',
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/admin');
  await page.waitForURL(/\/admin\/login(\?|$)/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code').fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  return { context, page, problems };
}

/** Switches the console to a language with its header's button (none when it is already in it). */
export async function setConsoleLanguage(page: Page, language: Language) {
  const name = language === 'fr' ? 'Français' : 'English';
  const button = page.getByRole('button', { name, exact: true });
  if (await button.isVisible()) await button.click();
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
}
