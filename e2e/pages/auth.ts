import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { chooseCountry } from '../support/country';

export type Language = 'en' | 'fr';

export type NewMember = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  countryName: string;
  countryCode: string;
  /** National number for the dial code (default 612345678, shared by the members of other journeys). */
  phone?: string;
};

/**
 * Waits until the path (without query) is the expected one, within the navigation guard of every journey (60 s,
 * decision 366): a client navigation on CI's loaded machine fetched its route's code and data for more than 15 s.
 */
export async function expectPath(page: Page, path: string) {
  try {
    await page.waitForURL((url) => url.pathname === path, { timeout: 60_000 });
  } catch (error) {
    // A form that did not lead on says why on the page (a toast, a field's error): the failure names it, so a run that
    // waited in vain (CI's investor-onboarding, 30 November) tells a refused submit from a slow one.
    throw new Error(`${path} not reached: ${await whatThePageSays(page)}`, { cause: error });
  }
  expect(new URL(page.url()).pathname).toBe(path);
}

/** The page's address and what it shows a person about their last action: toasts, alerts, fields' errors. */
export async function whatThePageSays(page: Page): Promise<string> {
  try {
    return await page.evaluate(() => {
      const texts = (selector: string) =>
        Array.from(document.querySelectorAll(selector), (element) => element.textContent?.trim()).filter(Boolean);
      return JSON.stringify({
        at: `${location.pathname}${location.search}`,
        toasts: texts('[data-testid="toast"], [role="alert"]'),
        fieldErrors: texts('.Mui-error.MuiFormHelperText-root, [data-testid$="-error"]'),
        busy: texts('button[disabled][type="submit"]'),
      });
    });
  } catch (error) {
    return `the page could not be read (${String(error)})`;
  }
}

/** The register screen: the intro's words and the form on one page (decision 392). */
export class RegisterPage {
  constructor(private readonly page: Page) {}

  /** The form arrives rendered by the server; it is filled once hydrated (what is typed earlier would be lost). */
  async open(language: Language) {
    await this.page.goto(`/register?lng=${language}`);
    await this.page.locator('[data-testid="register-form"][data-hydrated="true"]').waitFor();
  }

  async fill(member: NewMember) {
    const page = this.page;
    await page.getByTestId('register-first-name').fill(member.firstName);
    await page.getByTestId('register-last-name').fill(member.lastName);
    await page.getByTestId('register-email').fill(member.email);
    await chooseCountry(page, 'register-country', member.countryName);
    await page.getByTestId('register-dial-code').selectOption(member.countryCode);
    await page.getByTestId('register-phone').fill(member.phone ?? '612345678');
    await page.getByTestId('register-birth-date').fill('1988-03-14');
    await page.getByTestId('register-password').fill(member.password);
    await page.getByTestId('register-password-confirmation').fill(member.password);
    await page.getByTestId('register-accept-terms').check();
    await page.getByTestId('register-accept-privacy').check();
  }

  submit() {
    return this.page.getByTestId('register-submit').click();
  }
}

export class VerifyEmailPage {
  constructor(private readonly page: Page) {}

  async confirm(code: string) {
    await this.page.getByTestId('otp-input').fill(code);
    await this.page.getByTestId('otp-submit').click();
  }
}

export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(language: Language) {
    await this.page.goto(`/login?lng=${language}`);
    await this.page.locator('[data-testid="login-form"][data-hydrated="true"]').waitFor();
  }

  async signIn(email: string, password: string) {
    await this.page.getByTestId('login-email').fill(email);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  /** A sign-in that fails: waits for the error toast and answers its text. */
  async failedSignIn(email: string, password: string): Promise<string> {
    const toast = this.page.getByTestId('toast');
    if (await toast.count()) {
      await toast.getByRole('button').click();
      await toast.waitFor({ state: 'detached' });
    }
    await this.signIn(email, password);
    await toast.waitFor();
    return (await toast.textContent()) ?? '';
  }

  /** The security check the form shows once the server asks for a captcha (it solves itself in the browser). */
  securityCheck() {
    return this.page.getByTestId('login-captcha');
  }
}

export class Header {
  constructor(private readonly page: Page) {}

  memberName() {
    return this.page.getByTestId('header-user-name');
  }

  async logout() {
    await this.page.getByTestId('header-user').hover();
    await this.page.getByTestId('header-user').click();
    await this.page.getByTestId('logout').click();
  }
}
