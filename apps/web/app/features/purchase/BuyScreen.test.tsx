// @vitest-environment jsdom

import { DELAY_MS } from '@parcelle/shared/constants';
import type { TVerificationStatus } from '@parcelle/shared/contracts/verification';
import { fillMessage, messages } from '@parcelle/shared/i18n/messages';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { altchaChallengeData, isSolvedCaptcha } from '../captcha/testing';
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
type Answer = { status?: number; data?: unknown; error?: { en: string; fr: string }; step?: string };
type Route = (call: Call) => Answer | undefined | Promise<Answer | undefined>;

let calls: Call[];
let route: Route;
let walletMinor: number;
/** The member's identity verification (issue 29): approved unless a test says otherwise. */
let verification: TVerificationStatus;

function verificationStatus(state: TVerificationStatus['state']): TVerificationStatus {
  return {
    state,
    verified: state === 'approved',
    declaration: null,
    documents: [],
    missing: [],
    can_edit: state === 'not_started',
    can_submit: false,
    source_of_funds_threshold_minor: 1_000_000,
    submitted_at: null,
    last_decision: null,
    documents_to_resend: [],
    provider: { name: 'manual', step: 'none' },
  };
}

function json(status: number, payload: unknown) {
  return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(async () => {
  window.localStorage.clear();
  initI18n();
  await act(() => i18n.changeLanguage('en'));
  calls = [];
  walletMinor = 0;
  verification = verificationStatus('approved');
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
      const answer = await route(call);
      if (answer) {
        const status = answer.status ?? 200;
        return json(
          status,
          status < 400
            ? { status, data: answer.data, message: { en: 'OK', fr: 'OK' } }
            : { error: answer.error, ...(answer.step ? { step: answer.step, page: '/user/verification' } : {}) },
        );
      }
      if (call.path === '/api/paintings/detail') {
        return json(200, { status: 200, data: { paintings: paintingDetail(), base_url: BASE_URL } });
      }
      if (call.path === '/api/user/profile') return json(200, { status: 200, data: { user: profile(walletMinor) } });
      if (call.path === '/api/user/verification') return json(200, { status: 200, data: verification });
      // Issue 30's steps, passed: a member ready to invest, the work's key information already acknowledged.
      if (call.path === '/api/user/investor') return json(200, { status: 200, data: { ready: true } });
      if (call.path.startsWith('/api/user/key-information/')) {
        return json(200, { status: 200, data: { required: true, acknowledged: true } });
      }
      return json(404, { error: { en: 'Not found', fr: 'Introuvable' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** The address the router is at, to see whether the screen left. */
function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function signIn() {
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refresh_token', 'refresh');
  window.localStorage.setItem('userData', JSON.stringify(profile(walletMinor)));
}

async function openDrawer() {
  fireEvent.click(screen.getByTestId('buy-responsibility'));
  fireEvent.click(screen.getByTestId('buy-open-drawer'));
  const drawer = await screen.findByTestId('purchase-drawer');
  // The steps the purchase may need are read first; the payment methods show after.
  await waitFor(() => expect(within(drawer).queryByTestId('purchase-drawer-checking')).toBeNull());
  return drawer;
}

describe('/buy', () => {
  it('shows a member not yet verified the identity step instead of the buy button (issue 29)', async () => {
    signIn();
    verification = verificationStatus('not_started');
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    const step = await screen.findByTestId('buy-verification-step', undefined, { timeout: 5_000 });
    expect(step.getAttribute('data-state')).toBe('not_started');
    expect(within(step).getByTestId('buy-verification-step-link').getAttribute('href')).toBe('/user/verification');
    expect(screen.queryByTestId('buy-open-drawer')).toBeNull();
    expect(calls.some((call) => call.path === '/api/paintings/purchase')).toBe(false);
  });

  it('shows the identity step in the drawer when the API refuses the payment with it (issue 29)', async () => {
    signIn();
    route = (call) => {
      if (call.method === 'POST' && call.path === '/api/paintings/purchase') {
        // The case was suspended since the page read it: the gate answers, and the state is read again.
        verification = verificationStatus('suspended');
        return { status: 403, error: messages.VerificationSuspended, step: 'identity_verification' };
      }
      return undefined;
    };
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByTestId('payment-method-card'));
    fireEvent.click(within(drawer).getByTestId('payment-submit'));
    const step = await within(drawer).findByTestId('purchase-verification-step');
    expect(step.getAttribute('data-state')).toBe('suspended');
    expect(within(drawer).queryByTestId('payment-submit')).toBeNull();
  });

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

  it('links the risk disclosure from the drawer, in a new tab (issue 17)', async () => {
    signIn();
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));
    const drawer = await openDrawer();
    const link = within(drawer).getByTestId('purchase-drawer-risks-link');
    expect(link.getAttribute('href')).toBe('/risks');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(plain(link.textContent)).toBe('Read the risk disclosure (opens in a new window)');
  });

  it('writes quantities and totals the French way', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '1800' } });
    expect(plain(screen.getByTestId('buy-quantity-cm2').textContent)).toBe('1 800 parts (200 cm²)');
    expect(plain(screen.getByTestId('buy-total').textContent)).toBe('936,00 $US');
  });

  it('offers no payment method before it knows the steps the purchase needs (issue 30)', async () => {
    signIn();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    route = async (call) => {
      if (!call.path.startsWith('/api/user/key-information/')) return undefined;
      await held;
      return { data: { required: true, acknowledged: true } };
    };
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '9' } });
    fireEvent.click(screen.getByTestId('buy-responsibility'));
    fireEvent.click(screen.getByTestId('buy-open-drawer'));
    const drawer = await screen.findByTestId('purchase-drawer');
    // A method offered, then taken away for the key information step, could be chosen in between.
    expect(within(drawer).getByTestId('purchase-drawer-checking').getAttribute('role')).toBe('status');
    expect(within(drawer).queryByTestId('payment-method-card')).toBeNull();
    release();
    expect(await within(drawer).findByTestId('payment-method-card')).toBeTruthy();
    expect(within(drawer).queryByTestId('purchase-drawer-checking')).toBeNull();
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
    // Issue 31: the wallet is empty, which the drawer says calmly (its balance) without a warning before the member
    // chooses it; chosen, it explains that the balance does not cover the total and the button waits.
    const smart = within(drawer).getByTestId('payment-method-smart') as HTMLInputElement;
    expect(smart.disabled).toBe(false);
    expect(plain(within(drawer).getByTestId('payment-wallet-balance').textContent)).toBe('Balance: $0.00');
    expect(within(drawer).queryByTestId('payment-smart-insufficient')).toBeNull();
    expect(within(drawer).queryByText(/insufficient/i)).toBeNull();
    fireEvent.click(smart);
    expect(plain(within(drawer).getByTestId('payment-smart-insufficient').textContent)).toBe(
      `Your balance does not cover ${plain(within(drawer).getByTestId('purchase-drawer-total').textContent)}: choose a card or PayPal, or buy fewer parts.`,
    );
    expect((within(drawer).getByTestId('payment-submit') as HTMLButtonElement).disabled).toBe(true);
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() =>
      expect(plain(within(drawer).getByTestId('payment-smart-insufficient').textContent)).toMatch(
        /^Votre solde ne couvre pas .+ : choisissez une carte ou PayPal, ou achetez moins de parts\.$/,
      ),
    );
    fireEvent.click(within(drawer).getByTestId('payment-method-card'));
    expect(within(drawer).queryByTestId('payment-smart-insufficient')).toBeNull();
    expect((within(drawer).getByTestId('payment-submit') as HTMLButtonElement).disabled).toBe(false);
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
    renderScreen(
      <>
        <BuyScreen />
        <Where />
      </>,
      PATH,
    );
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

  it('leads on to the portfolio or home, and stays while the member reads the certificate (issue 31)', async () => {
    // Timers run as usual; the spec's delays are then skipped at once rather than waited for.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const modal = await openCardModal();
      fillCard(modal, '4242 4242 4242 4242');
      const success = await screen.findByTestId('purchase-success');
      expect(within(success).getByTestId('purchase-success-portfolio').getAttribute('href')).toBe('/user/portfolio');
      expect(plain(within(success).getByTestId('purchase-success-portfolio').textContent)).toBe('See my portfolio');
      expect(within(success).getByTestId('purchase-success-home').getAttribute('href')).toBe('/');
      expect(within(success).getByTestId('purchase-certificate-verify').getAttribute('href')).toBe(
        `/certificates/verify/${CERTIFICATE}`,
      );
      // Past every delay of the spec's redirect: still on /buy, the certificate still shown.
      await act(() => vi.advanceTimersByTimeAsync(DELAY_MS.leaveAfterSmartSuccess + DELAY_MS.afterCardPurchase));
      expect(screen.getByTestId('where').textContent).toBe('/buy');
      expect(screen.getByTestId('purchase-certificate-number')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
  it('keeps the success dialog when the purchase sold the last parts and the work moved to market 3', async () => {
    const primary = route;
    let paid = false;
    route = (call) => {
      if (call.path === '/api/payments/sandbox/card/confirm') paid = true;
      if (call.path === '/api/paintings/detail' && paid) {
        const sold = paintingDetail();
        return { data: { paintings: { ...sold, market: 3, sold_out_part: sold.total_part }, base_url: BASE_URL } };
      }
      return primary(call);
    };
    const modal = await openCardModal();
    fillCard(modal, '4242 4242 4242 4242');
    const success = await screen.findByTestId('purchase-success');
    expect(plain(within(success).getByTestId('purchase-certificate-number').textContent)).toContain(CERTIFICATE);
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/paintings/detail').length).toBeGreaterThan(1),
    );
    expect(screen.getByTestId('purchase-success')).toBeTruthy();
    expect(screen.getByTestId('buy-screen').getAttribute('data-market')).toBe('primary');
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
    expect(plain(within(dialog).getByTestId('otp-dialog-text').textContent)).toContain('+33 612345678');
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
    // The total as the server charged it.
    expect(plain(within(success).getByTestId('purchase-success-total').textContent)).toBe('Total paid: $4.68');
    const paid = calls.filter((call) => call.method === 'POST' && call.path === '/api/paintings/purchase').at(-1);
    expect(paid?.body).toMatchObject({ payment_method: 'smart_amount', verification_code: '123456' });
  });
});

describe('quick sign-up', () => {
  it('lets a visitor sign up in the drawer and go on with the purchase', async () => {
    const challenge = await altchaChallengeData();
    route = (call) => {
      if (call.path === '/api/captcha/challenge') return { data: challenge };
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
    // The sign-up carries the captcha the page solved.
    expect(await isSolvedCaptcha((register?.body as { captcha?: unknown } | undefined)?.captcha)).toBe(true);
    expect(window.localStorage.getItem('token')).toBe('new-access');
    expect(plain((await screen.findByTestId('toast')).textContent)).toContain(
      'Login successful. We have emailed you a link to choose your password.',
    );
    // The holder defaults to the new member.
    await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));
  });
});

describe('secondary market (market 3)', () => {
  const SECONDARY_PATH = `/buy?type=secondary&path=artist&limit=1&offset=0&currency=USD&painting_id=${PAINTING_ID}`;
  const step = (quantity: number, value: number) => ({ quantity, price_per_part: { value, curr: 'USD' } });
  type OfferOverrides = { eligible?: boolean; steps?: ReturnType<typeof step>[]; own_listed_part?: number };

  function offer(overrides: OfferOverrides = {}) {
    const steps = overrides.steps ?? [step(2, 10), step(3, 12)];
    return {
      painting_id: PAINTING_ID,
      market: 3,
      eligible: overrides.eligible ?? true,
      available_part: steps.reduce((sum, s) => sum + s.quantity, 0),
      own_listed_part: overrides.own_listed_part ?? 0,
      steps,
    };
  }

  let currentOffer: ReturnType<typeof offer>;
  let purchaseAnswer: ReturnType<Route>;
  const offerCalls = () => calls.filter((call) => call.path === '/api/paintings/sale/offer').length;

  beforeEach(() => {
    currentOffer = offer();
    purchaseAnswer = undefined;
    route = (call) => {
      if (call.path === '/api/paintings/detail') {
        return {
          data: {
            paintings: paintingDetail({ market: 3, sold_out_part: 48600, progress: 100, availability: 0 }),
            base_url: BASE_URL,
          },
        };
      }
      if (call.path === '/api/paintings/sale/offer') return { data: currentOffer };
      if (call.method === 'POST' && call.path === '/api/paintings/purchase') return purchaseAnswer;
      return undefined;
    };
  });

  it('prices the order on the listings, oldest first, each at its price', async () => {
    signIn();
    renderScreen(<BuyScreen />, SECONDARY_PATH);
    await screen.findByTestId('buy-painting-title');
    const page = screen.getByTestId('buy-screen');
    expect(page.getAttribute('data-state')).toBe('ready');
    expect(page.getAttribute('data-market')).toBe('secondary');
    expect(plain(screen.getByTestId('buy-available').textContent)).toBe('5 parts');
    expect(plain(screen.getByTestId('buy-price-per-part').textContent)).toBe('from $10.00');
    expect(plain(screen.getByTestId('buy-eyebrow').textContent)).toContain('Secondary market');
    // 9 parts by default, but only 5 are listed.
    expect((screen.getByTestId('buy-quantity') as HTMLInputElement).value).toBe('5');
    expect(plain(screen.getByTestId('buy-total').textContent)).toBe('$56.00');

    // 2 parts at $10.00, then 2 of the 3 at $12.00: $44.00, not 4 × $10.00.
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '4' } });
    expect(plain(screen.getByTestId('buy-total').textContent)).toBe('$44.00');
    expect(plain(screen.getByTestId('buy-total-breakdown').textContent)).toBe('2 × $10.00 + 2 × $12.00');
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '2' } });
    expect(plain(screen.getByTestId('buy-total').textContent)).toBe('$20.00');
    expect(screen.queryByTestId('buy-total-breakdown')).toBeNull();
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '4' } });

    // Opening the drawer loads the offer again: the total paid is never a stale one.
    const before = offerCalls();
    await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));
    const drawer = await openDrawer();
    await waitFor(() => expect(offerCalls()).toBe(before + 1));
    expect(plain((await within(drawer).findByTestId('purchase-drawer-total')).textContent)).toBe('$44.00');
    expect(within(drawer).queryByTestId('purchase-drawer-notice')).toBeNull();
  });

  it('writes the stepped price and total the French way', async () => {
    await act(() => i18n.changeLanguage('fr'));
    signIn();
    renderScreen(<BuyScreen />, SECONDARY_PATH);
    await screen.findByTestId('buy-painting-title');
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '4' } });
    expect(plain(screen.getByTestId('buy-price-per-part').textContent)).toBe('à partir de 10,00 $US');
    expect(plain(screen.getByTestId('buy-total').textContent)).toBe('44,00 $US');
  });

  it('shows one price without "from" when every listing asks the same', async () => {
    currentOffer = offer({ steps: [step(30, 10)] });
    signIn();
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    // The painting's market decides, whatever `type` says.
    expect(screen.getByTestId('buy-screen').getAttribute('data-market')).toBe('secondary');
    expect(plain(screen.getByTestId('buy-price-per-part').textContent)).toBe('$10.00');
    expect(plain(screen.getByTestId('buy-total').textContent)).toBe('$90.00');
  });

  it('tells the member when the listings changed, after NotEnoughParts', async () => {
    signIn();
    purchaseAnswer = {
      status: 400,
      error: { en: 'Not enough parts are available for this quantity.', fr: 'Pas assez de parts.' },
    };
    renderScreen(<BuyScreen />, SECONDARY_PATH);
    await screen.findByTestId('buy-painting-title');
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '4' } });
    await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));
    const drawer = await openDrawer();
    await within(drawer).findByTestId('purchase-drawer-total');
    // Meanwhile another member bought the oldest listing.
    currentOffer = offer({ steps: [step(3, 12)] });
    const before = offerCalls();
    fireEvent.click(within(drawer).getByTestId('payment-method-card'));
    fireEvent.click(within(drawer).getByTestId('payment-submit'));
    expect(plain((await within(drawer).findByTestId('payment-error')).textContent)).toContain('Not enough parts');
    await waitFor(() => expect(offerCalls()).toBe(before + 1));
    await waitFor(() => expect(plain(screen.getByTestId('buy-available').textContent)).toBe('3 parts'));
    expect(plain(within(drawer).getByTestId('purchase-drawer-notice').textContent)).toContain(
      'Fewer parts are listed now: 3 parts at most.',
    );
    expect(plain(within(drawer).getByTestId('purchase-drawer-total').textContent)).toBe('—');
  });

  it('gives the new total when the listings changed before the drawer opened', async () => {
    signIn();
    renderScreen(<BuyScreen />, SECONDARY_PATH);
    await screen.findByTestId('buy-painting-title');
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '4' } });
    expect(plain(screen.getByTestId('buy-total').textContent)).toBe('$44.00');
    await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));
    // One of the $10.00 parts was bought meanwhile: 1 at $10.00, then 3 at $12.00.
    currentOffer = offer({ steps: [step(1, 10), step(5, 12)] });
    const drawer = await openDrawer();
    expect(plain((await within(drawer).findByTestId('purchase-drawer-notice')).textContent)).toBe(
      'The listings have changed since you chose: the total is now $46.00.',
    );
    expect(plain(within(drawer).getByTestId('purchase-drawer-total').textContent)).toBe('$46.00');
    expect(plain(screen.getByTestId('buy-total').textContent)).toBe('$46.00');
  });

  it('shows the total the server charged', async () => {
    signIn();
    purchaseAnswer = {
      data: purchase({
        total: { value: 46, curr: 'USD' },
        total_part: 4,
        card_provider: 'sandbox',
        payment_client_secret: 'sbcs_secret_0123456789',
      }),
    };
    renderScreen(<BuyScreen />, SECONDARY_PATH);
    await screen.findByTestId('buy-painting-title');
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '4' } });
    await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));
    const drawer = await openDrawer();
    await within(drawer).findByTestId('purchase-drawer-total');
    fireEvent.click(within(drawer).getByTestId('payment-method-card'));
    fireEvent.click(within(drawer).getByTestId('payment-submit'));
    const modal = await screen.findByTestId('card-modal');
    expect(plain(modal.textContent)).toContain('$46.00');
    const order = calls.find((call) => call.method === 'POST' && call.path === '/api/paintings/purchase');
    expect(order?.body).toMatchObject({ total_part: 4, painting_id: PAINTING_ID, currency: 'USD' });
  });

  it('explains that the secondary market is reserved to holders of primary parts', async () => {
    currentOffer = offer({ eligible: false });
    signIn();
    renderScreen(<BuyScreen />, SECONDARY_PATH);
    await waitFor(() => expect(screen.getByTestId('buy-screen').getAttribute('data-state')).toBe('unavailable'));
    expect(screen.getByTestId('buy-screen').getAttribute('data-market')).toBe('secondary');
    expect(screen.getByTestId('buy-message').getAttribute('data-reason')).toBe('not-eligible');
    expect(plain(screen.getByTestId('buy-message-text').textContent)).toBe(
      'The secondary market is reserved for members holding parts bought on the primary market.',
    );
    expect(screen.queryByTestId('buy-quantity')).toBeNull();
    expect(screen.getByTestId('buy-back-to-work').getAttribute('href')).toBe('/secondary-market/details/p-raw');
  });

  it('says when no other member lists parts', async () => {
    currentOffer = offer({ steps: [], own_listed_part: 7 });
    signIn();
    renderScreen(<BuyScreen />, SECONDARY_PATH);
    await waitFor(() => expect(screen.getByTestId('buy-screen').getAttribute('data-state')).toBe('none-listed'));
    expect(screen.getByTestId('buy-message').getAttribute('data-reason')).toBe('none-listed');
    expect(plain(screen.getByTestId('buy-message-text').textContent)).toContain(
      'You cannot buy your own parts: the 7 parts you list are not counted.',
    );
    expect(screen.getByTestId('buy-back-to-work')).toBeTruthy();
  });

  it('asks a visitor to log in, without asking for the offer', async () => {
    renderScreen(<BuyScreen />, SECONDARY_PATH);
    await waitFor(() => expect(screen.getByTestId('buy-screen').getAttribute('data-state')).toBe('sign-in'));
    expect(screen.getByTestId('buy-login').getAttribute('href')).toBe('/login');
    expect(offerCalls()).toBe(0);
  });
});

describe('test mode and the methods offered (GET /payments/config)', () => {
  const config = (data: { test_mode: boolean; methods: string[] }) => (call: Call) =>
    call.path === '/api/payments/config' ? { data } : undefined;

  it('says on the page and in the drawer that no real money is taken (en)', async () => {
    route = config({ test_mode: true, methods: ['card', 'paypal', 'smart_amount'] });
    signIn();
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    const notice = await screen.findByTestId('test-mode-notice');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toBe('Test mode — no real money is taken');
    const drawer = await openDrawer();
    expect(within(drawer).getByRole('status').textContent).toBe('Test mode — no real money is taken');
  });

  it('says it in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    route = config({ test_mode: true, methods: ['card', 'paypal', 'smart_amount'] });
    renderScreen(<BuyScreen />, PATH);
    expect((await screen.findByTestId('test-mode-notice')).textContent).toBe(
      'Mode test — aucun paiement réel n’est encaissé',
    );
  });

  it('says nothing with real providers, and offers only the methods the server offers', async () => {
    route = config({ test_mode: false, methods: ['card'] });
    signIn();
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/payments/config')).toBe(true));
    const drawer = await openDrawer();
    await waitFor(() => expect(within(drawer).queryByTestId('payment-method-paypal')).toBeNull());
    expect(within(drawer).getByTestId('payment-method-card')).toBeTruthy();
    expect(within(drawer).queryByTestId('payment-method-smart')).toBeNull();
    expect(screen.queryByTestId('test-mode-notice')).toBeNull();
  });
});

describe('reservation limits (decision 84)', () => {
  it.each([
    [409, fillMessage('ReservationPending', { minutes: 15 })],
    [422, fillMessage('ReservationShareLimit', { parts: '4,989', percent: 10 })],
  ])('shows the API’s %s with the limit it states, in the drawer', async (status, error) => {
    signIn();
    route = (call) =>
      call.method === 'POST' && call.path === '/api/paintings/purchase' ? { status, error } : undefined;
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByTestId('payment-method-card'));
    fireEvent.click(within(drawer).getByTestId('payment-submit'));
    expect(await screen.findByText(error.en)).toBeTruthy();
    expect(screen.queryByTestId('card-modal')).toBeNull();
  });
});

describe('/buy by amount (issue 17)', () => {
  it('turns an amount into whole parts, with every fee, the remainder and the share on their own lines (en)', async () => {
    signIn();
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    fireEvent.click(screen.getByTestId('buy-by-amount'));
    expect(screen.getByTestId('buy-by-amount').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('buy-quantity')).toBeNull();
    // $0.52 a part: $100 buys 192 parts ($99.84) and leaves $0.16.
    fireEvent.change(screen.getByTestId('buy-amount'), { target: { value: '1 00' } });
    expect((screen.getByTestId('buy-amount') as HTMLInputElement).value).toBe('100');
    expect(plain(screen.getByTestId('buy-amount-parts').textContent)).toBe('Buys 192 parts (21 cm² + 3 parts)');
    expect(plain(screen.getByTestId('buy-total').textContent)).toBe('$99.84');
    expect(plain(screen.getByTestId('order-line-parts').textContent)).toBe('192 × $0.52');
    expect(plain(screen.getByTestId('order-line-entry-fee').textContent)).toBe(
      '€3.84 included in the price (€0.02 a part)',
    );
    expect(plain(screen.getByTestId('order-line-yearly').textContent)).toBe(
      'About €0.80 a year for your parts, borne by the work, not charged now (0.94% of the latest appraisal)',
    );
    expect(plain(screen.getByTestId('order-line-exit').textContent)).toBe(
      '2.5% of the sale price, when the work is sold',
    );
    expect(plain(screen.getByTestId('order-line-remainder').textContent)).toBe('$0.16, stays with you');
    expect(plain(screen.getByTestId('order-line-share').textContent)).toBe('0.4% of the work');

    await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));
    const drawer = await openDrawer();
    expect(plain(within(drawer).getByTestId('purchase-drawer-total').textContent)).toBe('$99.84');
    expect(plain(within(drawer).getByTestId('purchase-summary').textContent)).toContain('192 parts');
    const caseLink = within(drawer).getByTestId('purchase-drawer-case-link');
    expect(caseLink.getAttribute('href')).toMatch(/\/primary-market\/details\/p-raw.*#investment-case$/);
  });

  it('says when an amount does not buy one part, and goes back to parts with the quantity it bought', async () => {
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    fireEvent.click(screen.getByTestId('buy-by-amount'));
    fireEvent.click(screen.getByTestId('buy-open-drawer'));
    expect(plain((await screen.findByTestId('buy-amount-error')).textContent)).toBe(
      'Please enter the amount you wish to invest.',
    );
    fireEvent.change(screen.getByTestId('buy-amount'), { target: { value: '0.5' } });
    await waitFor(() =>
      expect(plain(screen.getByTestId('buy-amount-error').textContent)).toBe(
        'This amount does not buy one part: the next part costs $0.52.',
      ),
    );
    fireEvent.change(screen.getByTestId('buy-amount'), { target: { value: '10.40' } });
    await waitFor(() => expect(screen.queryByTestId('buy-amount-error')).toBeNull());
    fireEvent.click(screen.getByTestId('buy-by-parts'));
    expect((screen.getByTestId('buy-quantity') as HTMLInputElement).value).toBe('20');
  });

  it('writes it the French way', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderScreen(<BuyScreen />, PATH);
    await screen.findByTestId('buy-painting-title');
    fireEvent.click(screen.getByTestId('buy-by-amount'));
    expect(screen.getByLabelText('Montant à investir ($US)')).toBeTruthy();
    fireEvent.change(screen.getByTestId('buy-amount'), { target: { value: '100,00' } });
    expect(plain(screen.getByTestId('buy-amount-parts').textContent)).toBe('Achète 192 parts (21 cm² + 3 parts)');
    expect(plain(screen.getByTestId('order-line-remainder').textContent)).toBe('0,16 $US, vous reste');
    expect(plain(screen.getByTestId('order-line-entry-fee').textContent)).toBe(
      '3,84 € compris dans le prix (0,02 € par part)',
    );
    expect(plain(screen.getByTestId('order-line-share').textContent)).toBe('0,4 % de l’œuvre');
  });
});
