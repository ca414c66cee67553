import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, Header, type Language, LoginPage, RegisterPage, VerifyEmailPage } from './pages/auth';
import { baseUrl, launchBrowser, newPage, screenshot, waitForCode } from './support/browser';
import { journeyLanguages } from './support/languages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const buttons: Record<Language, { registerButton: string; loginButton: string }> = {
  en: { registerButton: 'Create my account', loginButton: 'Log in' },
  fr: { registerButton: 'Créer mon compte', loginButton: 'Se connecter' },
};
/** The visitor's journey in French, the phone-width screens in English (support/languages.ts). */
const journeys = journeyLanguages('fr').map((language) => ({ language, countryName: 'France', ...buttons[language] }));

describe.each(journeys)('a visitor in $language', ({ language, countryName, registerButton, loginButton }) => {
  it('signs up, verifies the email, signs out, signs in, sees the profile and signs out', async () => {
    const { context, page } = await newPage(browser, { locale: language });
    const member = {
      firstName: language === 'fr' ? 'Hélène' : 'Grace',
      lastName: language === 'fr' ? 'Durand' : 'Hopper',
      email: `journey.${language}.${Date.now()}@example.com`,
      password: 'Gallery!pass7',
      countryName,
      countryCode: 'FR',
    };
    try {
      const register = new RegisterPage(page);
      await register.open(language);
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      await expect(page.getByTestId('register-submit').textContent()).resolves.toBe(registerButton);
      await screenshot(page, `register-${language}-desktop`);
      await register.fill(member);
      await register.submit();

      await expectPath(page, '/verify-email');
      await new VerifyEmailPage(page).confirm(await waitForCode(member.email));
      await expectPath(page, '/');

      const header = new Header(page);
      await expect(header.memberName().textContent()).resolves.toBe(member.firstName);
      await header.logout();
      await expectPath(page, '/login');

      const login = new LoginPage(page);
      await expect(page.getByTestId('login-submit').textContent()).resolves.toBe(loginButton);
      await screenshot(page, `login-${language}-desktop`);
      await login.signIn(member.email, member.password);
      await expectPath(page, '/');
      await expect(header.memberName().textContent()).resolves.toBe(member.firstName);

      await page.goto('/user/profile');
      await page.getByTestId('profile-screen').waitFor();
      await expect(page.getByTestId('profile-screen').textContent()).resolves.toContain(member.email);
      await screenshot(page, `profile-${language}-desktop`);

      await header.logout();
      await expectPath(page, '/login');
    } finally {
      await context.close();
    }
  });
});

describe('route guards', () => {
  it('sends a guest from /user/profile to /login', async () => {
    const { context, page } = await newPage(browser, { locale: 'en' });
    try {
      await page.goto('/user/profile');
      await expectPath(page, '/login');
    } finally {
      await context.close();
    }
  });

  it('sends a signed-in member from /login to /', async () => {
    const { context, page } = await newPage(browser, { locale: 'en' });
    try {
      const login = new LoginPage(page);
      await login.open('en');
      await login.signIn('demo@parcelle.art', 'Parcelle!2026');
      await expectPath(page, '/');
      await page.goto('/login');
      await expectPath(page, '/');
    } finally {
      await context.close();
    }
  });

  it('shows the spec messages for an empty sign-in form, in French', async () => {
    const { context, page } = await newPage(browser, { locale: 'fr' });
    try {
      await new LoginPage(page).open('fr');
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('login-email-error').textContent()).resolves.toBe('*Champ obligatoire');
    } finally {
      await context.close();
    }
  });
});

/**
 * One wrong password sent to the sign-in API, again while the server says to wait (429, the attempt not counted),
 * until it is counted as a failure.
 */
async function countedFailure(email: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${baseUrl()}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Wrong!guess2' }),
    });
    if (response.status === 401) return;
    expect(response.status, await response.text()).toBe(429);
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('failed sign-ins', () => {
  it('slow down, then ask for the security check, and the right password still gets in', async () => {
    const { context, page } = await newPage(browser, { locale: 'en' });
    try {
      const login = new LoginPage(page);
      await login.open('en');
      const email = 'demo@parcelle.art';
      const invalid = 'Invalid email or password';
      const wait = 'Too many failed sign-in attempts. Please wait a few seconds before trying again.';
      // Three wrong passwords in the form: refused as wrong, nothing held yet.
      const seen: string[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) seen.push(await login.failedSignIn(email, 'Wrong!guess1'));
      expect(seen).toEqual([invalid, invalid, invalid]);
      // Past the third, each attempt must wait 1 s, then 2 s, after the one before. A person types slower than a
      // loaded machine answers, so the fourth failure is made from outside the page (the same address), and the
      // form's attempt follows it at once: it comes inside its 2 s and is told to wait (and does not count).
      await countedFailure(email);
      expect(await login.failedSignIn(email, 'Wrong!guess1')).toBe(wait);
      expect(await login.securityCheck().count()).toBe(0);
      // The fifth failure, once its delay has run: nothing is ever locked.
      await countedFailure(email);

      // Five failures: the server asks for a captcha; the form shows the check, solves it and signs in.
      await login.signIn(email, 'Parcelle!2026');
      await login.securityCheck().waitFor();
      await screenshot(page, 'login-security-check-en');
      await expectPath(page, '/');
    } finally {
      await context.close();
    }
  });
});

describe('cookie consent', () => {
  it('shows the banner until it is accepted, and not again after', async () => {
    const { context, page } = await newPage(browser, { locale: 'en', cookiesAccepted: false });
    try {
      // The page's clock is the test's: an hour passes at once, and no timer of the page closes the banner.
      await page.clock.install();
      await page.goto('/');
      await page.getByTestId('cookie-banner').waitFor();
      await page.clock.runFor(60 * 60 * 1000);
      expect(await page.getByTestId('cookie-banner').isVisible()).toBe(true);
      await page.getByTestId('cookie-accept').click();
      await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
      await page.reload();
      await page.getByTestId('footer').waitFor();
      // Sent hidden, never shown again; the page runtime, which starts after the first paint (decision 502), removes it.
      expect(await page.getByTestId('cookie-banner').isVisible()).toBe(false);
      await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});

describe('screens at phone width', () => {
  it.each(journeyLanguages('en'))('renders the login and register screens at 390px in %s', async (language) => {
    const { context, page } = await newPage(browser, { locale: language, viewport: 'mobile' });
    try {
      await new LoginPage(page).open(language);
      await screenshot(page, `login-${language}-mobile`);
      await new RegisterPage(page).open(language);
      await screenshot(page, `register-${language}-mobile`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      // The home page carries the full header (sign-in button and language menu): nothing may stick out.
      await page.goto(`/?lng=${language}`);
      await page.getByTestId('header-login').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});
