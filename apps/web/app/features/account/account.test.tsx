// @vitest-environment jsdom
import { DELAY_MS } from '@parcelle/shared/constants';
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import { GEO_KEY } from '../preferences/geo';
import { ApiError } from '../session/api-error';
import { DisableDialog } from './DisableSection';
import { EmailSection } from './EmailSection';
import { FreezeScreen } from './FreezeScreen';
import { OtpDialog } from './OtpDialog';
import { PayoutSection } from './PayoutSection';
import { PersonalSection } from './PersonalSection';
import { PhoneSection } from './PhoneSection';
import { imageProblem } from './schemas';

initI18n();

const profile: TProfile = {
  id: 'u1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  country: 'FR',
  birth_date: '1990-05-10',
  phone: { code: '+33', number: '612345678', slug: 'FR' },
  email: 'ada@example.com',
  paypal: null,
  img: null,
  base_url: 'http://localhost/media/',
  curr: 'EURO',
  lang: 'en',
  wallet_amount: { value: 0, minor: 0, curr: 'EURO' },
  ipe: false,
  iev: true,
  role: 'member',
  created_at: '2024-01-01T00:00:00.000Z',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  window.localStorage.clear();
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/geo') return json(200, { status: 200, data: { country: 'BE', currency: 'EURO' } });
    if (url === '/api/user/bank') return json(200, { status: 200, data: null });
    return json(500, { status: 500 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const errorOf = (testId: string) => screen.findByTestId(`${testId}-error`).then((element) => element.textContent);

describe('personal details form', () => {
  it('shows the spec messages in English then in French', async () => {
    renderScreen(<PersonalSection profile={{ ...profile, country: null, birth_date: null }} />, '/user/edit');
    fireEvent.change(screen.getByTestId('edit-first-name'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('edit-last-name'), { target: { value: 'Lovelace 2' } });
    fireEvent.click(screen.getByTestId('edit-personal-submit'));
    expect(await errorOf('edit-first-name')).toBe('You cannot leave this field blank');
    expect(await errorOf('edit-last-name')).toBe('Cannot contain special characters or numbers');
    expect(await errorOf('edit-country')).toBe('Please select your country');
    expect(await errorOf('edit-birth-date')).toBe('Please enter your date of birth');

    await act(() => i18n.changeLanguage('fr'));
    expect(await errorOf('edit-first-name')).toBe('Vous ne pouvez pas laisser ce champ vide');
    expect(await errorOf('edit-last-name')).toBe('Ne peut pas contenir de caractères spéciaux ni de chiffres');
    expect(await errorOf('edit-country')).toBe('Veuillez sélectionner votre pays');
  });

  it('refuses a member younger than 18', async () => {
    renderScreen(<PersonalSection profile={profile} />, '/user/edit');
    const year = new Date().getUTCFullYear() - 10;
    fireEvent.change(screen.getByTestId('edit-birth-date'), { target: { value: `${year}-01-01` } });
    fireEvent.click(screen.getByTestId('edit-personal-submit'));
    expect(await errorOf('edit-birth-date')).toBe('You must be at least 18 years old');
  });
});

describe('email change form', () => {
  it('refuses an invalid or unchanged address, in both languages', async () => {
    renderScreen(<EmailSection profile={profile} onNeedPhone={() => {}} />, '/user/edit');
    fireEvent.change(screen.getByTestId('edit-email'), { target: { value: 'ada@' } });
    fireEvent.click(screen.getByTestId('edit-email-submit'));
    expect(await errorOf('edit-email')).toBe('Invalid email');

    fireEvent.change(screen.getByTestId('edit-email'), { target: { value: 'ADA@example.com' } });
    fireEvent.click(screen.getByTestId('edit-email-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('edit-email-error').textContent).toBe("You can't update with the same email"),
    );
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('edit-email-error').textContent).toBe('Vous ne pouvez pas utiliser le même e-mail');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/user/update/email', expect.anything());
  });

  it('sends a member without a phone to the phone section instead of asking for a code', async () => {
    const onNeedPhone = vi.fn();
    renderScreen(<EmailSection profile={{ ...profile, phone: null, ipe: true }} onNeedPhone={onNeedPhone} />);
    fireEvent.change(screen.getByTestId('edit-email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByTestId('edit-email-submit'));
    await waitFor(() => expect(onNeedPhone).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('otp-dialog')).toBeNull();
  });
});

describe('phone change form', () => {
  it('keeps 15 digits at most and checks the number, in both languages', async () => {
    renderScreen(<PhoneSection profile={profile} needed={false} />, '/user/edit');
    const phone = screen.getByTestId('edit-phone') as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '06 12-34.56a78 999 999 999' } });
    expect(phone.value).toBe('061234567899999');

    fireEvent.change(phone, { target: { value: '1234' } });
    fireEvent.click(screen.getByTestId('edit-phone-submit'));
    expect(await errorOf('edit-phone')).toBe('Phone number is not valid');
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('edit-phone-error').textContent).toBe("Le numéro de téléphone n'est pas valide");

    fireEvent.change(phone, { target: { value: '0612345678' } });
    fireEvent.click(screen.getByTestId('edit-phone-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('edit-phone-error').textContent).toBe(
        'Vous ne pouvez pas utiliser le même numéro de téléphone',
      ),
    );
  });

  it('defaults the country to the cached geolocation, else to France', async () => {
    window.localStorage.setItem(GEO_KEY, JSON.stringify({ country: 'CH', at: Date.now() }));
    renderScreen(<PhoneSection profile={{ ...profile, phone: null, ipe: true }} needed />, '/user/edit');
    expect((screen.getByTestId('edit-dial-code') as HTMLSelectElement).value).toBe('CH');
    expect(screen.getByTestId('edit-phone-needed').textContent).toBe('Please enter your phone number, to receive OTP!');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server for the country when none is cached', async () => {
    renderScreen(<PhoneSection profile={{ ...profile, phone: null, ipe: true }} needed={false} />, '/user/edit');
    await waitFor(() => expect((screen.getByTestId('edit-dial-code') as HTMLSelectElement).value).toBe('BE'));
    expect(JSON.parse(window.localStorage.getItem(GEO_KEY) ?? '{}').country).toBe('BE');
  });
});

describe('payout forms', () => {
  it('checks the bank account holder and the IBAN', async () => {
    renderScreen(<PayoutSection profile={profile} />, '/user/edit');
    fireEvent.click(screen.getByTestId('edit-bank-submit'));
    expect(await errorOf('edit-bank-owner')).toBe('*Required field');
    fireEvent.change(screen.getByTestId('edit-iban'), { target: { value: 'fr7630006000011234567890189' } });
    expect((screen.getByTestId('edit-iban') as HTMLInputElement).value).toBe('FR76 3000 6000 0112 3456 7890 189');
    fireEvent.change(screen.getByTestId('edit-iban'), { target: { value: 'FR7630006000011234567890188' } });
    fireEvent.click(screen.getByTestId('edit-bank-submit'));
    await waitFor(() => expect(screen.getByTestId('edit-iban-error').textContent).toBe('Invalid IBAN'));
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('edit-iban-error').textContent).toBe('IBAN invalide');
  });

  it('checks the PayPal address', async () => {
    renderScreen(<PayoutSection profile={profile} />, '/user/edit');
    fireEvent.click(screen.getByTestId('edit-payout-paypal'));
    fireEvent.change(screen.getByTestId('edit-paypal-email'), { target: { value: 'pay@pal' } });
    fireEvent.click(screen.getByTestId('edit-paypal-submit'));
    expect(await errorOf('edit-paypal-email')).toBe('Invalid email');
  });
});

describe('the hold a payout change starts, told before saving (issue 31)', () => {
  function eligibility(hours: number | null) {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/user/bank') return json(200, { status: 200, data: null });
      if (url === '/api/member/withdrawal/eligibility') {
        return json(200, {
          status: 200,
          data: { hold_until: null, change_hold_hours: hours, bank: null, paypal: null },
        });
      }
      return json(500, { status: 500 });
    });
  }

  it('says nothing for the first account: it starts no hold', async () => {
    eligibility(null);
    renderScreen(<PayoutSection profile={profile} />, '/user/edit');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/member/withdrawal/eligibility', expect.anything()),
    );
    await screen.findByTestId('edit-bank-saved');
    expect(screen.queryByTestId('edit-payout-hold-notice')).toBeNull();
  });

  it('tells the hold and its end before another account is saved, in English and French', async () => {
    eligibility(48);
    const until = new Date(Date.now() + 48 * 3_600_000);
    renderScreen(<PayoutSection profile={profile} />, '/user/edit');
    const notice = await screen.findByTestId('edit-payout-hold-notice');
    expect(notice.textContent).toContain('pauses withdrawals for 48 hours, until');
    expect(notice.textContent).toContain(String(until.getFullYear()));
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('edit-payout-hold-notice').textContent).toContain('pendant 48 heures, jusqu’au');
  });
});

describe('identity check before a change (issue 12)', () => {
  type Call = { url: string; method: string; body: Record<string, unknown> | undefined };
  /** Answers the calls of the check and of the change; records them in order. */
  function server(): Call[] {
    const calls: Call[] = [];
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ url, method: init?.method ?? 'GET', body });
      if (url === '/api/user/bank' && (init?.method ?? 'GET') === 'GET') return json(200, { status: 200, data: null });
      if (url === '/api/auth/reauthenticate') {
        return body?.password === 'Secret!pass1'
          ? json(200, { status: 200, data: { valid_until: '2030-01-01T00:00:00.000Z' } })
          : json(400, { status: 400, error: { en: 'The password is incorrect', fr: 'Le mot de passe est incorrect' } });
      }
      return json(200, { status: 200, data: { code_sent: true }, message: { en: 'Done', fr: 'Fait' } });
    });
    return calls;
  }

  it('bank details: the password (a wrong one shown under the field), then the emailed code, then the save', async () => {
    const calls = server();
    renderScreen(<PayoutSection profile={profile} />, '/user/edit');
    fireEvent.change(screen.getByTestId('edit-bank-owner'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByTestId('edit-iban'), { target: { value: 'FR7630006000011234567890189' } });
    fireEvent.click(screen.getByTestId('edit-bank-submit'));
    await screen.findByTestId('identity-dialog');
    expect(calls.some((call) => call.url === '/api/user/bank' && call.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByTestId('identity-password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('identity-submit'));
    expect(await errorOf('identity-password')).toBe('The password is incorrect');
    fireEvent.change(screen.getByTestId('identity-password'), { target: { value: 'Secret!pass1' } });
    fireEvent.click(screen.getByTestId('identity-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('otp-dialog-text').textContent).toContain('current email address ada@example.com'),
    );
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/user/bank' && call.method === 'POST')?.body).toEqual({
        account_owner: 'Ada Lovelace',
        iban: 'FR7630006000011234567890189',
        current_channel_code: '246810',
      }),
    );
    expect(
      calls.map((call) => call.url).filter((url) => url !== '/api/user/bank' && !url.includes('eligibility')),
    ).toEqual([
      '/api/auth/reauthenticate',
      '/api/auth/reauthenticate',
      '/api/user/security-code',
      '/api/user/security-code/verify',
    ]);
  });

  it('first phone (none saved): saved directly with the emailed code, no SMS code (spec §4)', async () => {
    window.localStorage.setItem(GEO_KEY, JSON.stringify({ country: 'FR', at: Date.now() }));
    const calls = server();
    renderScreen(<PhoneSection profile={{ ...profile, phone: null, ipe: true }} needed={false} />, '/user/edit');
    fireEvent.change(screen.getByTestId('edit-phone'), { target: { value: '698765432' } });
    fireEvent.click(screen.getByTestId('edit-phone-submit'));
    await screen.findByTestId('identity-dialog');
    fireEvent.change(screen.getByTestId('identity-password'), { target: { value: 'Secret!pass1' } });
    fireEvent.click(screen.getByTestId('identity-submit'));
    await screen.findByTestId('otp-dialog');
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '135790' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/user/update/phone')?.body).toEqual({
        slug: 'FR',
        country_code: '+33',
        number: '698765432',
        current_channel_code: '135790',
      }),
    );
    expect(calls.some((call) => call.url === '/api/user/phone')).toBe(false);
  });

  it('closing the password dialog changes nothing', async () => {
    const calls = server();
    renderScreen(<PayoutSection profile={profile} />, '/user/edit');
    fireEvent.click(screen.getByTestId('edit-payout-paypal'));
    fireEvent.change(screen.getByTestId('edit-paypal-email'), { target: { value: 'pay@example.com' } });
    fireEvent.click(screen.getByTestId('edit-paypal-submit'));
    await screen.findByTestId('identity-dialog');
    fireEvent.click(screen.getByTestId('identity-cancel'));
    await waitFor(() => expect(screen.queryByTestId('identity-dialog')).toBeNull());
    expect(calls.filter((call) => call.url === '/api/user/paypal')).toEqual([]);
  });

  it('email change: password, emailed code, SMS code; both codes go with the change, then the session ends (fr)', async () => {
    await act(() => i18n.changeLanguage('fr'));
    window.localStorage.setItem('token', 'access');
    window.localStorage.setItem('refresh_token', 'refresh');
    const calls = server();
    renderScreen(<EmailSection profile={profile} onNeedPhone={() => {}} />, '/user/edit');
    fireEvent.change(screen.getByTestId('edit-email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByTestId('edit-email-submit'));
    expect((await screen.findByTestId('identity-dialog')).textContent).toContain('Confirmez');
    fireEvent.change(screen.getByTestId('identity-password'), { target: { value: 'Secret!pass1' } });
    fireEvent.click(screen.getByTestId('identity-submit'));
    await waitFor(() => expect(screen.getByTestId('otp-dialog-text').textContent).toContain('adresse e-mail actuelle'));
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '111111' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    await waitFor(() => expect(screen.getByTestId('otp-dialog-text').textContent).toContain('SMS'));
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '222222' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/user/update/email').map((call) => call.body)).toEqual([
        { email: 'new@example.com' },
        { email: 'new@example.com', verification_code: '222222', current_channel_code: '111111' },
      ]),
    );
    // Every session was closed by the change: this one is forgotten a moment later (the success shown first). Waited
    // for here, not left running: the web files share one window (decision 511), and this timer once cleared the
    // session of whatever file came next in the worker (member-market's French test, its tables then disabled).
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull(), {
      timeout: DELAY_MS.afterEmailChange + 2_000,
    });
    expect(window.localStorage.getItem('refresh_token')).toBeNull();
  });
});

describe('freeze link page (issue 12)', () => {
  it('freezes only after a click, with the token of the link, and says so in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const posted: unknown[] = [];
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/account/freeze') posted.push(JSON.parse(String(init?.body)));
      return json(200, { status: 200, data: null, message: { en: 'Frozen', fr: 'Votre compte est gelé' } });
    });
    window.localStorage.setItem('token', 'access');
    renderScreen(<FreezeScreen />, '/account/freeze?token=abcdefghijklmnopqrstuvwxyz');
    expect((await screen.findByTestId('freeze-confirm')).textContent).toBe('Geler mon compte');
    expect(posted).toEqual([]);
    fireEvent.click(screen.getByTestId('freeze-confirm'));
    expect((await screen.findByTestId('freeze-message')).textContent).toBe('Votre compte est gelé');
    expect(posted).toEqual([{ token: 'abcdefghijklmnopqrstuvwxyz' }]);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('without a token says the link is invalid', async () => {
    renderScreen(<FreezeScreen />, '/account/freeze');
    expect((await screen.findByTestId('freeze-message')).textContent).toBe(
      'This link is invalid, expired or already used.',
    );
  });
});

describe('disable account dialog', () => {
  it('asks for a reason (spec §5), in both languages', async () => {
    renderScreen(<DisableDialog open onClose={() => {}} />, '/user/edit');
    fireEvent.change(screen.getByTestId('disable-reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('disable-confirm'));
    expect(await errorOf('disable-reason')).toBe('Please provide a reason to continue.');
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('disable-reason-error').textContent).toBe('Veuillez indiquer une raison pour continuer.');
  });
});

describe('one-time code modal', () => {
  it("shows 'Plesae input Otp!' and 'Otp is not valid!' before calling the server", async () => {
    const onConfirm = vi.fn(async () => {});
    renderScreen(<OtpDialog open destination="+33 6 12 34 56 78" onClose={() => {}} onConfirm={onConfirm} />);
    expect(screen.getByTestId('otp-dialog-text').textContent).toContain('+33 6 12 34 56 78');
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    expect(await errorOf('otp-dialog-input')).toBe('Plesae input Otp!');
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '12a3' } });
    expect((screen.getByTestId('otp-dialog-input') as HTMLInputElement).value).toBe('123');
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    await waitFor(() => expect(screen.getByTestId('otp-dialog-input-error').textContent).toBe('Otp is not valid!'));
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('otp-dialog-input-error').textContent).toBe("Le code n'est pas valide\u00a0!");
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '1234567' } });
    expect((screen.getByTestId('otp-dialog-input') as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('123456'));
  });

  it('shows a refused code under the field', async () => {
    const onConfirm = vi.fn(async () => {
      throw new ApiError(400, { en: 'The code is not valid', fr: "Le code n'est pas valide" });
    });
    renderScreen(<OtpDialog open destination="+33 6" onClose={() => {}} onConfirm={onConfirm} />);
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    expect(await errorOf('otp-dialog-input')).toBe('The code is not valid');
  });
});

describe('profile image', () => {
  it('accepts JPEG, PNG and WebP up to 5 MiB', () => {
    const file = (type: string, size: number) => new File([new Uint8Array(size)], 'a', { type });
    expect(imageProblem(file('image/png', 1000))).toBeNull();
    expect(imageProblem(file('image/webp', 1000))).toBeNull();
    expect(imageProblem(file('image/gif', 1000))).toBe('ImageTypeNotAllowed');
    expect(imageProblem(file('image/jpeg', 5 * 1024 * 1024 + 1))).toBe('ImageTooLarge');
  });
});
