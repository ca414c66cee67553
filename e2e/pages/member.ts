import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_DEVICE_TOKEN, WEB_DEVICE_TYPE } from '@parcelle/shared/constants';
import { currencyForCountry } from '@parcelle/shared/countries';
import { CURRENCY_COOKIE, LANGUAGE_COOKIE } from '@parcelle/shared/preferences';
import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { solveCaptcha } from '../../apps/web/app/features/captcha/solve';
import {
  approveIdentity,
  baseUrl,
  confirmWithWalletCode,
  screenshotsWanted,
  waitForCode,
  waitUntilLive,
} from '../support/browser';
import { confirmIdentity, type Identity } from './account';
import { expectPath, type Language, type NewMember, RegisterPage, VerifyEmailPage } from './auth';
import { plain } from './catalogue';
import { BuyPage, fillInput } from './purchase';

/** Where the member-area journey leaves its screenshots (looked at by hand, not compared). */
export const shotsDir = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';

export async function shot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  mkdirSync(shotsDir, { recursive: true });
  // From the top: a full-page capture of a scrolled page draws the sticky header in the middle of it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

/** A French mobile number (6 + eight digits) nobody else in the run has; `salt` tells apart members made together. */
export function uniqueMobile(salt: number): string {
  return `6${String(Date.now() + salt * 7_919).slice(-8)}`;
}

/** The member a journey makes: living in France, a unique mobile from `salt`, `tag` naming the journey in the address. */
function newMember(
  language: Language,
  who: { firstName: string; lastName: string; tag: string; salt: number },
): NewMember {
  return {
    firstName: who.firstName,
    lastName: who.lastName,
    email: `${who.tag}.${language}.${Date.now()}@example.com`,
    password: 'Gallery!pass7',
    countryName: 'France',
    countryCode: 'FR',
    phone: uniqueMobile(who.salt),
  };
}

/**
 * A new member signed up in `language` (living in France, a unique mobile from `salt`), their email confirmed with
 * the code it received, back on the home page, their identity approved (issue 29; `approved: false` leaves it not
 * started). `tag` names the journey in the address.
 */
export async function signUpMember(
  page: Page,
  language: Language,
  who: { firstName: string; lastName: string; tag: string; salt: number; approved?: boolean },
): Promise<NewMember> {
  const member = newMember(language, who);
  const register = new RegisterPage(page);
  await register.open(language);
  await register.fill(member);
  await register.submit();
  await expectPath(page, '/verify-email');
  await new VerifyEmailPage(page).confirm(await waitForCode(member.email));
  await expectPath(page, '/');
  if (who.approved !== false) await approveIdentity(member.email);
  return member;
}

/**
 * The same new member as `signUpMember`, made through the API as the registration form would (a solved captcha, the
 * emailed code, the identity approved), then signed in in `page` as the form leaves the browser: tokens, profile flags,
 * language and currency stored, on the home page. For journeys whose subject is what a member does next (the
 * registration form itself is driven by sign-up-and-sign-in, verification and investor-onboarding); it spares each of
 * them the client-rendered form, the code screen and two page loads (issue 27). `approved: false` leaves the identity
 * not started; `investorReady: false` approves it but leaves the investor onboarding (issue 30) to do.
 */
export async function signUpMemberByApi(
  page: Page,
  language: Language,
  who: { firstName: string; lastName: string; tag: string; salt: number },
  options: { approved?: boolean; investorReady?: boolean } = {},
): Promise<NewMember> {
  const member = newMember(language, who);
  const api = async <T>(path: string, body?: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'accept-language': language,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  };
  const { challenge } = await api<{ challenge: unknown }>('/captcha/challenge');
  const captcha = await solveCaptcha(challenge);
  if (!captcha) throw new Error('the captcha could not be solved');
  const currency = currencyForCountry(member.countryCode);
  const session = await api<{ access_token: string; refresh_token: string }>('/user/register', {
    first_name: member.firstName,
    last_name: member.lastName,
    email: member.email,
    slug: member.countryCode,
    country_code: '+33',
    number: member.phone,
    password: member.password,
    password_confirmation: member.password,
    country: member.countryCode,
    birth_date: '1988-03-14',
    curr: currency,
    lang: language,
    quick_sign_up: false,
    captcha,
    device_token: WEB_DEVICE_TOKEN,
    device_type: WEB_DEVICE_TYPE,
  });
  await api('/user/email/verify', { code: await waitForCode(member.email) }, session.access_token);
  if (options.approved !== false) await approveIdentity(member.email, { investorReady: options.investorReady });
  // What startSession and the code screen leave in the browser (apps/web/app/features/auth/start-session.ts).
  await page.context().addCookies([
    { name: LANGUAGE_COOKIE, value: language, url: baseUrl() },
    { name: CURRENCY_COOKIE, value: currency, url: baseUrl() },
  ]);
  await page.goto('/robots.txt');
  await page.evaluate(
    ({ token, refresh, userData, currency: chosen }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('refresh_token', refresh);
      window.localStorage.setItem('userData', userData);
      window.localStorage.setItem('currency', chosen);
    },
    {
      token: session.access_token,
      refresh: session.refresh_token,
      userData: JSON.stringify({ iev: true, lang: language, curr: currency }),
      currency,
    },
  );
  await page.goto('/');
  await page.getByTestId('account-menu').waitFor();
  return member;
}

type ApiPainting = {
  id: string;
  market: number;
  total_part: number;
  sold_out_part: number;
  title: { en: string; fr: string };
};

/** The works on sale (market 2), fewest parts left first. */
export async function paintingsOnSale(): Promise<(ApiPainting & { left: number })[]> {
  const response = await fetch(`${baseUrl()}/api/paintings/?type=primary&limit=100&offset=0`);
  const { data } = (await response.json()) as { data: { paintings: ApiPainting[] } };
  return data.paintings
    .filter((painting) => painting.market === 2 && painting.total_part > painting.sold_out_part)
    .map((painting) => ({ ...painting, left: painting.total_part - painting.sold_out_part }))
    .sort((a, b) => a.left - b.left);
}

/** One work as the public API sees it now. */
export async function paintingNow(id: string): Promise<ApiPainting> {
  const response = await fetch(`${baseUrl()}/api/paintings/detail?painting_id=${id}&currency=EURO`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { paintings: ApiPainting } };
  return body.data.paintings;
}

/**
 * The operator (created by the admin CLI in e2e/support/server.ts). There is no back-office screen yet: the operator
 * signs in through the login API and acts through /api/admin. Operators have a second factor (TOTP): the first
 * sign-in may only enrol it (the test plays the authenticator app with the same library as the server), every
 * later one answers a challenge that a code turns into tokens.
 */
export class Operator {
  private constructor(private readonly token: string) {}

  private static async post<T>(path: string, body: unknown, token?: string) {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { data?: T };
    expect(response.status, `POST ${path}: ${JSON.stringify(answer)}`).toBe(200);
    return answer.data as T;
  }

  /**
   * Signs in the admin operator, or (`finance`) the second one who releases payouts and approves dividends, or the
   * finance operators of the exit journey (`exitsOperator`, and `exitsApprover` who approves its offer), or the
   * compliance operator of the verification journey, or the admin who reads the audit log (`auditor`).
   */
  static async signIn(
    who: 'operator' | 'finance' | 'exitsOperator' | 'exitsApprover' | 'complianceOperator' | 'auditor' = 'operator',
  ): Promise<Operator> {
    const { email, password } = inject(who);
    const first = await Operator.post<{ access_token: string; iev: boolean }>('/auth/token', { email, password });
    expect(first.iev).toBe(true);
    // Until the second factor is enrolled the operator tools answer 403.
    const refused = await fetch(`${baseUrl()}/api/admin/members`, {
      headers: { authorization: `Bearer ${first.access_token}` },
    });
    expect(refused.status).toBe(403);
    const { secret, otpauth_uri } = await Operator.post<{ secret: string; otpauth_uri: string }>(
      '/admin/totp/enrol',
      {},
      first.access_token,
    );
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    const app = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
    const { recovery_codes } = await Operator.post<{ recovery_codes: string[] }>(
      '/admin/totp/confirm',
      { code: app.generate() },
      first.access_token,
    );
    expect(recovery_codes).toHaveLength(10);
    // A sign-in from now on: password, then the code of the authenticator (the next step: the current one is spent).
    const challenged = await Operator.post<{ totp_required: boolean; challenge: string }>('/auth/token', {
      email,
      password,
    });
    expect(challenged.totp_required).toBe(true);
    const session = await Operator.post<{ access_token: string }>('/auth/token/totp', {
      challenge: challenged.challenge,
      code: app.generate({ timestamp: Date.now() + 30_000 }),
    });
    return new Operator(session.access_token);
  }

  /** An operator API call, whatever it answers: its status and body (`call` expects 200). */
  async attempt<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; answer: { data: T; error?: { en: string } } }> {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, answer: (await response.json()) as { data: T; error?: { en: string } } };
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const { status, answer } = await this.attempt<T>(method, path, body);
    expect(status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(200);
    return answer.data;
  }

  /** The verification case of a member (compliance role, issue 29): found in the queue by their email. */
  async verificationCase(email: string) {
    const { verifications } = await this.call<{
      verifications: { id: string; state: string; member: { email: string } }[];
    }>('GET', `/admin/verifications?q=${encodeURIComponent(email)}&limit=20&offset=0`);
    const row = verifications.find((candidate) => candidate.member.email === email);
    if (!row) throw new Error(`no verification case for ${email}`);
    return this.call<{
      id: string;
      state: string;
      risk: string | null;
      history: { reason_code: string; to_state: string }[];
      documents: { kind: string; content_type: string }[];
    }>('GET', `/admin/verifications/${row.id}`);
  }

  /** Approves a member's case (documents verified), as the manual provider's reviewer does in the console. */
  async approveVerification(email: string, message = '') {
    const found = await this.verificationCase(email);
    expect(found.state).toBe('in_review');
    return this.call<{ state: string }>('POST', `/admin/verifications/${found.id}/approve`, {
      reason_code: 'documents_verified',
      message,
    });
  }

  /** Approves the pending withdrawal that has this reference; a second operator (`releaser`) then releases it. */
  async approveWithdrawal(reference: string, releaser?: Operator): Promise<void> {
    const { withdrawals } = await this.call<{ withdrawals: { id: string; reference: string }[] }>(
      'GET',
      '/admin/withdrawals?status=PENDING&limit=100&offset=0',
    );
    const withdrawal = withdrawals.find((row) => row.reference === reference);
    if (!withdrawal) throw new Error(`no pending withdrawal ${reference}`);
    const approved = await this.call<{ status?: string }>('POST', `/admin/withdrawals/${withdrawal.id}/approve`);
    expect(JSON.stringify(approved)).toMatch(/APPROVED/i);
    if (releaser) {
      const released = await releaser.call<{ status: string }>('POST', `/admin/withdrawals/${withdrawal.id}/release`);
      expect(released.status).toBe('RELEASED');
    }
  }

  /**
   * Declares a dividend paid per part to the holders of the work (POST /api/admin/dividends): nothing is paid until
   * the second operator (`approver`) approves it, which pays it (four eyes, issue 15). Answers the paid dividend.
   */
  async declareDividend(paintingId: string, perPartMinor: number, approver: Operator) {
    const declared = await this.call<{ id: string; status: string }>('POST', '/admin/dividends', {
      painting_id: paintingId,
      year: new Date().getFullYear() - 1,
      currency: 'EURO',
      amount_per_part_minor: perPartMinor,
    });
    expect(declared.status).toBe('declared');
    return approver.call<{ reference: string; status: string; holders: unknown[]; parts: number }>(
      'POST',
      `/admin/dividends/${declared.id}/approve`,
    );
  }
}

/** /user/parts: the holdings and the sell flow (drawer → confirmation → 'Parts Listed'). */
export class PartsPage {
  constructor(private readonly page: Page) {}

  async open(language: Language) {
    await this.page.goto(`/user/parts?lng=${language}`);
    await this.page.getByTestId('parts-screen').waitFor();
  }

  holding(paintingId: string): Locator {
    return this.page.locator(`[data-testid="holding-row"][data-painting-id="${paintingId}"]`);
  }

  /** Lists parts of a work, confirmed with the wallet code sent to `phone` (issue 26); answers the success text. */
  /**
   * Sells from My parts (issue 31: one way to sell): the parts, a price per part (`price` turns the reference price the
   * field starts with, in euro cents, into the chosen one; the reference when absent), the fees and what the member
   * receives read before confirming, then the wallet code. Answers the success dialog's text, the proceeds shown in
   * the confirmation and the chosen price in cents.
   */
  async sell(
    paintingId: string,
    parts: number,
    phone: string,
    price: (referenceMinor: number) => number = (reference) => reference,
  ): Promise<{ text: string; proceeds: string; priceMinor: number }> {
    const row = this.holding(paintingId);
    await row.getByTestId('holding-sell').click();
    await this.page.getByTestId('sell-drawer').waitFor();
    await this.page.getByTestId('sell-reference').waitFor();
    const reference = await this.page.getByTestId('sell-price').inputValue();
    const [whole = '0', cents = '00'] = reference.split('.');
    const priceMinor = price(Number(whole) * 100 + Number(cents.padEnd(2, '0')));
    await fillInput(this.page, 'sell-parts', String(parts));
    await fillInput(
      this.page,
      'sell-price',
      `${Math.floor(priceMinor / 100)}.${String(priceMinor % 100).padStart(2, '0')}`,
    );
    await this.page.getByTestId('sell-net').waitFor();
    await this.page.getByTestId('sell-submit').click();
    const confirm = this.page.getByTestId('sell-confirm-dialog');
    await confirm.waitFor();
    const proceeds = plain(await confirm.getByTestId('sell-confirm-net').textContent());
    await confirmWithWalletCode(this.page, phone, () => this.page.getByTestId('sell-confirm').click());
    const success = this.page.getByTestId('sell-success-dialog');
    await success.waitFor();
    const text = plain(await success.textContent());
    await this.page.getByTestId('sell-success-close').click();
    await success.waitFor({ state: 'hidden' });
    return { text, proceeds, priceMinor };
  }
}

/** /user/history: Purchase, Sale, Dividend and Artwork tabs, and the statements of the shown tab. */
export class HistoryPage {
  constructor(private readonly page: Page) {}

  async open(language: Language, tab: 'purchase' | 'sale' | 'dividend' | 'artwork') {
    await this.page.goto(`/user/history?tab=${tab}&lng=${language}`);
    await this.page.getByTestId('history-screen').waitFor();
    await this.page.locator(`[data-testid="history-tab-${tab}"][aria-selected="true"]`).waitFor();
  }

  async showTab(tab: 'purchase' | 'sale' | 'dividend' | 'artwork') {
    await this.page.getByTestId(`history-tab-${tab}`).click();
    await this.page.locator(`[data-testid="history-tab-${tab}"][aria-selected="true"]`).waitFor();
  }

  /** The rows of the shown table tab once loaded. */
  async rows(): Promise<{ reference: string; cells: Record<string, string> }[]> {
    const table = this.page.locator('[data-testid="history-table"][aria-busy="false"]');
    await table.waitFor();
    await this.page.locator('[data-testid="history-row"], [data-testid="history-empty"]').first().waitFor();
    return table.getByTestId('history-row').evaluateAll((rows) =>
      rows.map((row) => ({
        reference: row.getAttribute('data-reference') ?? '',
        cells: Object.fromEntries(
          Array.from(row.querySelectorAll('td[data-column]')).map((cell) => [
            cell.getAttribute('data-column') ?? '',
            (cell.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').trim(),
          ]),
        ),
      })),
    );
  }

  /**
   * Downloads the statement of the shown tab: the button opens the signed link in a new window, which turns into a
   * download (Chromium reports it on the opener) and closes.
   */
  async download(format: 'csv' | 'pdf'): Promise<{ name: string; content: Buffer }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId(`history-download-${format}`).click(),
    ]);
    const path = await download.path();
    for (const other of this.page.context().pages()) {
      if (other !== this.page) await other.close().catch(() => undefined);
    }
    return { name: download.suggestedFilename(), content: readFileSync(path) };
  }
}

/** /user/finance: the wallet card and the money movements. */
export class FinancePage {
  constructor(private readonly page: Page) {}

  async open(language: Language) {
    await this.page.goto(`/user/finance?lng=${language}`);
    await this.page.getByTestId('finance-wallet-balance').waitFor();
    await this.page.locator('[data-testid="finance-table"][aria-busy="false"]').waitFor();
  }

  async walletBalance(): Promise<string> {
    return plain(await this.page.getByTestId('finance-wallet-balance').textContent());
  }

  /**
   * "Add money" → by card → the amount → the sandbox card form (the purchase's): returns what the dialog says once the
   * server has credited the top-up, then closes it.
   */
  async addMoneyByCard(amount: string, cardNumber: string): Promise<string> {
    const add = this.page.getByTestId('finance-add-money');
    await this.page.locator('[data-testid="finance-add-money"]:not([disabled])').waitFor();
    await add.click();
    await this.page.getByTestId('add-money-dialog').waitFor();
    await this.page.getByTestId('add-money-card').check();
    await fillInput(this.page, 'add-money-amount', amount);
    await this.page.getByTestId('add-money-submit').click();
    await this.page.getByTestId('card-modal').waitFor();
    await fillInput(this.page, 'card-number', cardNumber);
    await fillInput(this.page, 'card-expiry', '12/30');
    await fillInput(this.page, 'card-cvc', '123');
    await this.page.getByTestId('card-pay').click();
    const done = this.page.getByTestId('add-money-done');
    await done.waitFor();
    const text = plain(await done.textContent());
    await this.page.getByTestId('add-money-close').click();
    await this.page.getByTestId('add-money-dialog').waitFor({ state: 'detached' });
    return text;
  }

  /** Each movement: `nature` is purchase, sale, dividend, withdrawal or other; `natureText` as shown. */
  async rows(): Promise<
    { reference: string; direction: string; nature: string; natureText: string; amount: string }[]
  > {
    await this.page.locator('[data-testid="finance-row"], [data-testid="finance-empty"]').first().waitFor();
    return this.page.getByTestId('finance-row').evaluateAll((rows) =>
      rows.map((row) => {
        const cell = (column: string) =>
          (row.querySelector(`td[data-column="${column}"]`)?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
        return {
          reference: row.getAttribute('data-reference') ?? '',
          direction: row.querySelector('td[data-column="amount"]')?.getAttribute('data-direction') ?? '',
          nature: row.querySelector('td[data-column="nature"]')?.getAttribute('data-nature') ?? '',
          natureText: cell('nature'),
          amount: cell('amount'),
        };
      }),
    );
  }
}

/**
 * The payout section of /user/edit: the bank account withdrawals are paid to. Saving it asks for the password and the
 * code emailed to the member (issue 12).
 */
export async function saveBankAccount(page: Page, language: Language, owner: string, iban: string, identity: Identity) {
  await page.goto(`/user/edit?lng=${language}#payout`);
  await page.getByTestId('edit-payout-section').waitFor();
  await page.getByTestId('edit-payout-bank').click();
  await fillInput(page, 'edit-bank-owner', owner);
  await fillInput(page, 'edit-iban', iban);
  await page.getByTestId('edit-bank-submit').click();
  await confirmIdentity(page, identity);
  await page.waitForFunction(
    (last4) => document.querySelector('[data-testid="edit-bank-saved"]')?.textContent?.includes(last4),
    iban.replace(/\s/g, '').slice(-4),
  );
}

/** /user/withdraw: the balance, the request (amount → code by SMS → in progress), In progress and History lists. */
export class WithdrawPage {
  constructor(private readonly page: Page) {}

  async open(language: Language) {
    await this.page.goto(`/user/withdraw?lng=${language}`);
    await this.page.getByTestId('withdraw-balance').waitFor();
    await this.page.locator('[data-testid="withdraw-history-table"][aria-busy="false"]').waitFor();
    await this.page.locator('[data-testid="withdraw-pending-table"][aria-busy="false"]').waitFor();
  }

  /**
   * Requests a withdrawal; `code` reads the SMS sent to the member's phone; `totp` gives the authenticator app's
   * code when the member's two-step verification is on (issue 17). Answers its reference.
   */
  async request(amount: string, code: () => Promise<string>, totp?: () => string): Promise<string> {
    await this.page.getByTestId('withdraw-request').click();
    await this.page.getByTestId('withdraw-dialog').waitFor();
    await this.page.getByTestId('withdraw-account').waitFor();
    await fillInput(this.page, 'withdraw-amount', amount);
    await this.page.getByTestId('withdraw-continue').click();
    await this.page.getByTestId('otp-dialog').waitFor();
    await fillInput(this.page, 'otp-dialog-input', await code());
    await this.page.getByTestId('otp-dialog-submit').click();
    if (totp) {
      await this.page.getByTestId('totp-dialog').waitFor();
      await fillInput(this.page, 'totp-dialog-input', totp());
      await this.page.getByTestId('totp-dialog-submit').click();
    }
    const done = this.page.getByTestId('withdraw-in-progress-dialog');
    await done.waitFor();
    const reference = plain(await this.page.getByTestId('withdraw-in-progress-reference').textContent());
    await this.page.getByTestId('withdraw-in-progress-close').click();
    await done.waitFor({ state: 'hidden' });
    return reference;
  }

  row(list: 'pending' | 'history', reference: string): Locator {
    return this.page
      .getByTestId(`withdraw-${list}-table`)
      .locator(`[data-testid="withdraw-row"][data-reference="${reference}"]`);
  }
}

/** /user/portfolio: the summary cards (parts, value, dividends, wallet) and the holdings. */
export class PortfolioPage {
  constructor(private readonly page: Page) {}

  async open(language: Language) {
    await this.page.goto(`/user/portfolio?lng=${language}`);
    await this.page.getByTestId('portfolio-screen').waitFor();
    // The cards show skeletons until the summary arrives.
    await this.page.locator('[data-testid="portfolio-card-dividend-value"][aria-busy="false"]').waitFor();
  }

  async dividends(): Promise<string> {
    return plain(await this.page.getByTestId('portfolio-card-dividend-value').textContent());
  }

  /** One figure of the performance panel ("cost-basis", "value", "gain", "realised", "dividends"), as shown. */
  async performance(figure: string): Promise<string> {
    const value = this.page.getByTestId(`performance-${figure}-value`);
    await value.waitFor();
    return plain(await value.textContent());
  }
}

/**
 * Buying parts of a sold-out work (market 3) from other members: the painting's Buy now opens the secondary dialog,
 * whose Buy leads to /buy?type=secondary; the form and the payment drawer are those of a primary purchase.
 */
export class SecondaryBuyPage extends BuyPage {
  constructor(private readonly view: Page) {
    super(view);
  }

  async fromSoldOutWork(paintingId: string) {
    await this.view.goto(`/secondary-market/details/${paintingId}`);
    await this.view.getByTestId('buy-now').click();
    const dialog = this.view.getByTestId('secondary-dialog');
    await dialog.waitFor();
    const buy = this.view.getByTestId('secondary-dialog-buy');
    const reason = this.view.getByTestId('secondary-dialog-reason');
    await buy.or(reason).first().waitFor();
    if (await reason.isVisible()) {
      throw new Error(`cannot buy on the secondary market: ${await reason.getAttribute('data-reason')}`);
    }
    await buy.click();
    await this.view.waitForURL((url) => url.pathname === '/buy' && url.searchParams.get('type') === 'secondary');
    await this.view.locator('[data-testid="buy-screen"][data-market="secondary"]').waitFor();
    await this.view.getByTestId('buy-painting-title').waitFor();
  }
}

/** Goes to a member page by the member area's navigation; on a phone its list opens from a button first (issue 31). */
export async function openMemberPage(page: Page, testId: string) {
  const toggle = page.getByTestId('member-nav-toggle');
  const link = page.getByTestId(testId);
  if (await toggle.isVisible()) {
    // The button is in the server's page before the browser has made it live: a click then would be lost (or
    // replayed by React after ours, closing the list again).
    await waitUntilLive(toggle);
    // Opened only when closed: a click on an open list's button would close it.
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  await link.click();
}
