// @vitest-environment jsdom
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { messages } from '@parcelle/shared/i18n/messages';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import { PayoutSection } from './PayoutSection';
import { TwoFactorSection } from './TwoFactorSection';

/** Issue 17: the member's two-step verification on /user/edit, and the payout forms when it is on. */
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
  two_factor: false,
};

const RECOVERY = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', 'aaaaa-bbbbb', 'ccccc-ddddd'];
const QR = 'data:image/png;base64,iVBORw0KGgo=';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Call = { url: string; method: string; body: Record<string, unknown> | undefined };
let calls: Call[];
let enabled: boolean;

beforeEach(() => {
  window.localStorage.clear();
  calls = [];
  enabled = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ url, method, body });
      if (url === '/api/user/two-factor') {
        return json(200, { status: 200, data: { enabled, recovery_codes_left: enabled ? 10 : 0 } });
      }
      if (url === '/api/user/bank' && method === 'GET') return json(200, { status: 200, data: null });
      if (url === '/api/auth/reauthenticate') {
        return json(200, { status: 200, data: { valid_until: '2030-01-01T00:00:00.000Z' } });
      }
      if (url === '/api/user/two-factor/enrol') {
        return json(200, {
          status: 200,
          data: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/Parcelle', qr_code: QR },
        });
      }
      if (url === '/api/user/two-factor/confirm') {
        if (body?.code !== '123456') return json(400, { status: 400, error: messages.TotpCodeInvalid, field: 'code' });
        enabled = true;
        return json(200, { status: 200, data: { recovery_codes: RECOVERY }, message: messages.TwoFactorEnabled });
      }
      if (url === '/api/user/two-factor/disable') {
        if (body?.code !== '654321') return json(400, { status: 400, error: messages.TotpCodeInvalid, field: 'code' });
        enabled = false;
        return json(200, { status: 200, data: null, message: messages.TwoFactorDisabled });
      }
      if (url === '/api/user/profile')
        return json(200, { status: 200, data: { user: { ...profile, two_factor: enabled } } });
      return json(200, { status: 200, data: { code_sent: true }, message: { en: 'Done', fr: 'Fait' } });
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const errorOf = (testId: string) => screen.findByTestId(`${testId}-error`).then((element) => element.textContent);

async function givePassword() {
  await screen.findByTestId('identity-dialog');
  fireEvent.change(screen.getByTestId('identity-password'), { target: { value: 'Secret!pass1' } });
  fireEvent.click(screen.getByTestId('identity-submit'));
}

describe('two-step verification section', () => {
  it('turns it on: the password, the QR code and key, a wrong then right first code, the recovery codes once', async () => {
    renderScreen(<TwoFactorSection profile={profile} />, '/user/edit');
    expect((await screen.findByTestId('two-factor-status')).textContent).toBe('Off');
    fireEvent.click(screen.getByTestId('two-factor-turn-on'));
    await givePassword();

    const qr = (await screen.findByTestId('two-factor-qr')) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(QR);
    expect(qr.getAttribute('alt')).toMatch(/QR code/);
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    // Keyboard users land in the code field (the button that opened the step is gone).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('two-factor-code')));

    fireEvent.click(screen.getByTestId('two-factor-confirm'));
    expect(await errorOf('two-factor-code')).toBe(messages.TotpCodeInvalid.en);
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '12a34' } });
    expect((screen.getByTestId('two-factor-code') as HTMLInputElement).value).toBe('1234');
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('two-factor-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('two-factor-code-error').textContent).toBe(messages.TotpCodeInvalid.en),
    );
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('two-factor-confirm'));

    const list = await screen.findByTestId('two-factor-recovery-codes');
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual(RECOVERY);
    await waitFor(() =>
      expect(document.activeElement?.textContent).toMatch(/Keep these recovery codes somewhere safe/),
    );
    expect(screen.getByTestId('two-factor-download')).toBeTruthy();
    expect(screen.getByTestId('two-factor-copy')).toBeTruthy();
    fireEvent.click(screen.getByTestId('two-factor-done'));
    await waitFor(() => expect(screen.queryByTestId('two-factor-recovery-codes')).toBeNull());
    expect((await screen.findByTestId('two-factor-status')).textContent).toBe('On');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/auth/reauthenticate',
      '/api/user/two-factor/enrol',
      '/api/user/two-factor/confirm',
      '/api/user/two-factor/confirm',
    ]);
  });

  it('turns it off with the password and a code (a wrong one shown in the dialog), in French', async () => {
    enabled = true;
    await act(() => i18n.changeLanguage('fr'));
    renderScreen(<TwoFactorSection profile={{ ...profile, two_factor: true }} />, '/user/edit');
    expect((await screen.findByTestId('two-factor-status')).textContent).toBe('Activée');
    expect(screen.getByTestId('two-factor-left').textContent).toBe('Codes de secours inutilisés\u00a0: 10');
    fireEvent.click(screen.getByTestId('two-factor-turn-off'));
    await givePassword();
    await screen.findByTestId('totp-dialog');
    fireEvent.change(screen.getByTestId('totp-dialog-input'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('totp-dialog-submit'));
    expect(await errorOf('totp-dialog-input')).toBe(messages.TotpCodeInvalid.fr);
    fireEvent.change(screen.getByTestId('totp-dialog-input'), { target: { value: '111111' } });
    fireEvent.click(screen.getByTestId('totp-dialog-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('totp-dialog-input-error').textContent).toBe(messages.TotpCodeInvalid.fr),
    );
    fireEvent.change(screen.getByTestId('totp-dialog-input'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('totp-dialog-submit'));
    expect((await screen.findByText('Désactivée')).textContent).toBe('Désactivée');
    expect(calls.filter((call) => call.url === '/api/user/two-factor/disable').map((call) => call.body)).toEqual([
      { code: '111111' },
      { code: '654321' },
    ]);
  });
});

describe('payout forms when it is on', () => {
  it('asks for the app code after the emailed code and sends it as totp_code (a recovery code works too)', async () => {
    renderScreen(<PayoutSection profile={{ ...profile, two_factor: true }} />, '/user/edit');
    fireEvent.change(screen.getByTestId('edit-bank-owner'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByTestId('edit-iban'), { target: { value: 'FR7630006000011234567890189' } });
    fireEvent.click(screen.getByTestId('edit-bank-submit'));
    await givePassword();
    await screen.findByTestId('otp-dialog');
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    await screen.findByTestId('totp-dialog');
    expect(calls.some((call) => call.url === '/api/user/bank' && call.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByTestId('totp-dialog-input'), { target: { value: ' ABCDE-FGHJK ' } });
    fireEvent.click(screen.getByTestId('totp-dialog-submit'));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/user/bank' && call.method === 'POST')?.body).toEqual({
        account_owner: 'Ada Lovelace',
        iban: 'FR7630006000011234567890189',
        current_channel_code: '246810',
        totp_code: 'ABCDE-FGHJK',
      }),
    );
  });

  it('does not ask for it when it is off', async () => {
    renderScreen(<PayoutSection profile={profile} />, '/user/edit');
    fireEvent.click(screen.getByTestId('edit-payout-paypal'));
    fireEvent.change(screen.getByTestId('edit-paypal-email'), { target: { value: 'pay@example.com' } });
    fireEvent.click(screen.getByTestId('edit-paypal-submit'));
    await givePassword();
    await screen.findByTestId('otp-dialog');
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/user/paypal')?.body).toEqual({
        email: 'pay@example.com',
        current_channel_code: '246810',
      }),
    );
    expect(screen.queryByTestId('totp-dialog')).toBeNull();
  });
});
