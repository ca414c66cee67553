// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import { BASE_URL, paintingDetail } from '../paintings/test-fixtures';
import { BuyScreen } from './BuyScreen';

const PAINTING_ID = 'p-raw';
const PATH = `/buy?type=primary&path=artist&limit=1&offset=0&currency=USD&painting_id=${PAINTING_ID}`;
const CERTIFICATE = 'PCL-2026-7QX4M9T2KD';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function profile(walletMinor = 0) {
  return {
    id: 'u1',
    first_name: 'Ada',
    last_name: 'Lund',
    country: 'FR',
    birth_date: '1980-01-01',
    phone: { code: '+33', number: '612345678', slug: 'FR' },
    email: 'ada@example.com',
    paypal: null,
    img: null,
    base_url: BASE_URL,
    curr: 'USD',
    lang: 'en',
    wallet_amount: { value: walletMinor / 100, minor: walletMinor, curr: 'USD' },
    ipe: false,
    iev: true,
    role: 'member',
    created_at: '2025-01-01T00:00:00Z',
  };
}

function purchase(overrides: Record<string, unknown> = {}) {
  return {
    reference_id: 'PUR-1',
    status: 'pending',
    total: { value: 4.68, curr: 'USD' },
    total_part: 9,
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    ...overrides,
  };
}

type Call = { method: string; path: string; body: unknown; headers: Record<string, string> };
type Route = (call: Call) => { status?: number; data?: unknown; error?: { en: string; fr: string } } | undefined;

let calls: Call[];
let route: Route;
let walletMinor: number;

function json(status: number, payload: unknown) {
  return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(async () => {
  window.localStorage.clear();
  initI18n();
  await act(() => i18n.changeLanguage('en'));
  calls = [];
  walletMinor = 0;
  route = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.pathname,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const answer = route(call);
      if (answer) {
        const status = answer.status ?? 200;
        return json(
          status,
          status < 400 ? { status, data: answer.data, message: { en: 'OK', fr: 'OK' } } : { error: answer.error },
        );
      }
      if (call.path === '/api/paintings/detail') {
        return json(200, { status: 200, data: { paintings: paintingDetail(), base_url: BASE_URL } });
      }
      if (call.path === '/api/user/profile') return json(200, { status: 200, data: { user: profile(walletMinor) } });
      return json(404, { error: { en: 'Not found', fr: 'Introuvable' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function signIn() {
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refresh_token', 'refresh');
  window.localStorage.setItem('userData', JSON.stringify(profile(walletMinor)));
}

async function openDrawer() {
  fireEvent.click(screen.getByTestId('buy-responsibility'));
  fireEvent.click(screen.getByTestId('buy-open-drawer'));
  return screen.findByTestId('purchase-drawer');
}

describe('/buy', () => {
  it('shows the work, the quantity with its surface and the live total (en)', async () => {
    renderScreen(<BuyScreen />, PATH);
    expect(plain((await screen.findByTestId('buy-painting-title')).textContent)).toContain('Raw Linen No. 12');
    expect(screen.getByTestId('buy-screen').getAttribute('data-state')).toBe('ready');
    // $0.52 per part (0.45 € × 1.15), 9 parts by default.
    expect((screen.getByTestId('buy-quantity') as HTMLInputElement).value).toBe('9');
    expect(plain(screen.getByTestId('buy-quantity-cm2').textContent)).toContain('9 parts (1 cm²)');
    expect(plain(screen.getByTestId('buy-total').textContent)).toContain('$4.68');

    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '20' } });
    expect(plain(screen.getByTestId('buy-quantity-cm2').textContent)).toContain('20 parts (2 cm² + 2 parts)');
    expect(plain(screen.getByTestId('buy-total').textContent)).toContain('$10.40');

    fireEvent.click(screen.getByTestId('buy-quick-900'));
    expect((screen.getByTestId('buy-quantity') as HTMLInputElement).value).toBe('900');
    expect(plain(screen.getByTestId('buy-total').textContent)).toContain('$468.00');
  });

  it('writes quantities and totals the French way', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '1800' } });
    expect(plain(screen.getByTestId('buy-quantity-cm2').textContent)).toBe('1 800 parts (200 cm²)');
    expect(plain(screen.getByTestId('buy-total').textContent)).toBe('936,00 $US');
  });

  it('defaults the holder to the member and validates the form with the shared messages', async () => {
    signIn();
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));

    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('buy-owner'), { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('buy-open-drawer'));
    expect(plain((await screen.findByTestId('buy-quantity-error')).textContent)).toContain('Please select the shares');
    expect(plain(screen.getByTestId('buy-owner-error').textContent)).toContain(
      'Please give the name of the certificate holder',
    );
    expect(plain(screen.getByTestId('buy-responsibility-error').textContent)).toContain(
      'Please confirm that you remain responsible for the shares.',
    );
    expect(screen.queryByTestId('purchase-drawer')).toBeNull();

    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '999999' } });
    await waitFor(() =>
      expect(plain(screen.getByTestId('buy-quantity-error').textContent)).toContain(
        'Not enough parts are available for this quantity.',
      ),
    );

    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '9' } });
    fireEvent.change(screen.getByTestId('buy-owner'), { target: { value: 'Jon Lund' } });
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByTestId('payment-submit'));
    expect(plain((await within(drawer).findByTestId('payment-error')).textContent)).toContain(
      'Please select a payment method',
    );
    // The wallet is empty: the smart account cannot be chosen.
    expect((within(drawer).getByTestId('payment-method-smart') as HTMLInputElement).disabled).toBe(true);
    expect(plain(within(drawer).getByTestId('payment-smart-insufficient').textContent)).toContain(
      'Your account balance is insufficient',
    );
  });

  it('shows a calm message for a work that cannot be bought', async () => {
    route = (call) =>
      call.path === '/api/paintings/detail'
        ? { data: { paintings: paintingDetail({ market: 1 }), base_url: BASE_URL } }
        : undefined;
    renderScreen(<BuyScreen />, PATH);
    await waitFor(() => expect(screen.getByTestId('buy-screen').getAttribute('data-state')).toBe('unavailable'));
    expect(screen.getByTestId('buy-back-to-work').getAttribute('href')).toBe('/primary-market/details/p-raw');
  });

  it('answers an unknown work with the not-found state', async () => {
    route = (call) =>
      call.path === '/api/paintings/detail'
        ? { status: 404, error: { en: 'Painting not found', fr: 'Œuvre introuvable' } }
        : undefined;
    renderScreen(<BuyScreen />, PATH);
    await waitFor(() => expect(screen.getByTestId('buy-screen').getAttribute('data-state')).toBe('not-found'));
    expect(screen.getByText('Painting not found')).toBeTruthy();
  });
});

describe('card payment (sandbox)', () => {
  beforeEach(() => {
    signIn();
    let paid = false;
    route = (call) => {
      if (call.method === 'POST' && call.path === '/api/paintings/purchase') {
        return { data: purchase({ card_provider: 'sandbox', payment_client_secret: 'sbcs_secret_0123456789' }) };
      }
      if (call.path === '/api/payments/sandbox/card/confirm') {
        const number = String((call.body as { card_number: string }).card_number).replace(/\s/g, '');
        if (number === '4000000000000002') {
          return { status: 402, error: { en: 'Your card was declined.', fr: 'Votre carte a été refusée.' } };
        }
        paid = true;
        return { data: { status: 'succeeded', reference_id: 'PUR-1' } };
      }
      if (call.path === '/api/paintings/purchase/PUR-1') {
        return { data: paid ? purchase({ status: 'paid', certificate_number: CERTIFICATE }) : purchase() };
      }
      return undefined;
    };
  });

  async function openCardModal() {
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByTestId('payment-method-card'));
    fireEvent.click(within(drawer).getByTestId('payment-submit'));
    return screen.findByTestId('card-modal');
  }

  function fillCard(modal: HTMLElement, number: string) {
    fireEvent.change(within(modal).getByTestId('card-number'), { target: { value: number } });
    fireEvent.change(within(modal).getByTestId('card-expiry'), { target: { value: '1230' } });
    fireEvent.change(within(modal).getByTestId('card-cvc'), { target: { value: '123' } });
    fireEvent.click(within(modal).getByTestId('card-pay'));
  }

  it('declines a refused card, then pays with another and shows the certificate', async () => {
    const modal = await openCardModal();
    const order = calls.find((call) => call.path === '/api/paintings/purchase');
    expect(order?.body).toMatchObject({
      total_part: 9,
      payment_method: 'card',
      painting_id: PAINTING_ID,
      owner: 'Ada Lund',
      currency: 'USD',
      responsibility_accepted: true,
    });
    expect(order?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(plain(within(modal).getByTestId('card-sandbox-hint').textContent)).toContain('Sandbox — no real payment');

    fillCard(modal, '4000 0000 0000 0002');
    const refusal = await within(modal).findByTestId('card-error');
    expect(plain(refusal.textContent)).toContain('Your card was declined.');
    expect(plain(refusal.textContent)).toContain('An error occurred during the payment process. Please try again.');

    fillCard(modal, '4242 4242 4242 4242');
    const success = await screen.findByTestId('purchase-success');
    expect(plain(within(success).getByTestId('purchase-certificate-number').textContent)).toContain(CERTIFICATE);
    expect(within(success).getByTestId('purchase-certificate-verify').getAttribute('href')).toBe(
      `/certificates/verify/${CERTIFICATE}`,
    );
    expect(within(success).getByTestId('purchase-certificate-download')).toBeTruthy();
    expect(plain((await screen.findByTestId('toast')).textContent)).toContain('Payment successful');
    // One purchase only: the retry reused the reservation.
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/paintings/purchase')).toHaveLength(1);
  });
});

describe('smart account', () => {
  beforeEach(() => {
    walletMinor = 100_000;
    signIn();
    route = (call) => {
      if (call.path === '/api/paintings/purchase/code') return { data: { sent_to: 'phone' } };
      if (call.method === 'POST' && call.path === '/api/paintings/purchase') {
        const code = (call.body as { verification_code?: string }).verification_code;
        if (code !== '123456') {
          return { status: 400, error: { en: 'The code is not valid', fr: "Le code n'est pas valide" } };
        }
        return { data: purchase({ status: 'paid', certificate_number: CERTIFICATE }) };
      }
      return undefined;
    };
  });

  it('asks for the one-time code, checks it, then pays from the wallet', async () => {
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));
    const drawer = await openDrawer();
    await waitFor(() =>
      expect((within(drawer).getByTestId('payment-method-smart') as HTMLInputElement).disabled).toBe(false),
    );
    expect(plain(within(drawer).getByTestId('payment-wallet-balance').textContent)).toContain('$1,000.00');
    fireEvent.click(within(drawer).getByTestId('payment-method-smart'));
    fireEvent.click(within(drawer).getByTestId('payment-submit'));

    const dialog = await screen.findByTestId('otp-dialog');
    expect(plain(within(dialog).getByTestId('otp-dialog-destination').textContent)).toContain('+33 612345678');
    fireEvent.click(within(dialog).getByTestId('otp-dialog-submit'));
    expect(plain((await within(dialog).findByTestId('otp-dialog-input-error')).textContent)).toContain(
      'Plesae input Otp!',
    );
    fireEvent.change(within(dialog).getByTestId('otp-dialog-input'), { target: { value: '123' } });
    fireEvent.click(within(dialog).getByTestId('otp-dialog-submit'));
    await waitFor(() =>
      expect(plain(within(dialog).getByTestId('otp-dialog-input-error').textContent)).toContain('Otp is not valid!'),
    );
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/paintings/purchase')).toBe(false);

    fireEvent.change(within(dialog).getByTestId('otp-dialog-input'), { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByTestId('otp-dialog-submit'));
    await waitFor(() =>
      expect(plain(within(dialog).getByTestId('otp-dialog-input-error').textContent)).toContain(
        'The code is not valid',
      ),
    );

    fireEvent.change(within(dialog).getByTestId('otp-dialog-input'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByTestId('otp-dialog-submit'));
    const success = await screen.findByTestId('purchase-success');
    expect(plain(within(success).getByTestId('purchase-certificate-number').textContent)).toContain(CERTIFICATE);
    expect(plain((await screen.findByTestId('toast')).textContent)).toContain(
      'Congratulations! Your parts purchase is complete',
    );
    const paid = calls.filter((call) => call.method === 'POST' && call.path === '/api/paintings/purchase').at(-1);
    expect(paid?.body).toMatchObject({ payment_method: 'smart_amount', verification_code: '123456' });
  });
});

describe('quick sign-up', () => {
  it('lets a visitor sign up in the drawer and go on with the purchase', async () => {
    route = (call) => {
      if (call.path === '/api/user/register') {
        return {
          data: { access_token: 'new-access', refresh_token: 'new-refresh', iev: false, lang: 'en', curr: 'USD' },
        };
      }
      return undefined;
    };
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('');
    const drawer = await openDrawer();
    expect(within(drawer).queryByTestId('payment-submit')).toBeNull();
    // No token: the drawer does not ask for the profile.
    expect(calls.some((call) => call.path === '/api/user/profile')).toBe(false);

    fireEvent.click(within(drawer).getByTestId('quick-signup-submit'));
    expect(plain((await within(drawer).findByTestId('quick-signup-email-error')).textContent)).toContain(
      'You cannot leave this field blank',
    );
    fireEvent.change(within(drawer).getByTestId('quick-signup-first-name'), { target: { value: 'Ada' } });
    fireEvent.change(within(drawer).getByTestId('quick-signup-last-name'), { target: { value: 'Lund' } });
    fireEvent.change(within(drawer).getByTestId('quick-signup-email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(within(drawer).getByTestId('quick-signup-submit'));

    expect(await within(drawer).findByTestId('payment-submit')).toBeTruthy();
    const register = calls.find((call) => call.path === '/api/user/register');
    expect(register?.body).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lund',
      email: 'ada@example.com',
      quick_sign_up: true,
      lang: 'en',
      curr: 'USD',
      device_type: 'web',
    });
    expect(window.localStorage.getItem('token')).toBe('new-access');
    expect(plain((await screen.findByTestId('toast')).textContent)).toContain(
      'Login successful. your login credentials have been sent to your email address.',
    );
    // The holder defaults to the new member.
    await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));
  });
});
