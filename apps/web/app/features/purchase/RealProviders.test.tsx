// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import { BASE_URL, paintingDetail } from '../paintings/test-fixtures';
import { BuyScreen } from './BuyScreen';
import { paypalScriptOptions } from './PaypalButtonsModal';
import { STRIPE_PENDING_KEY } from './stripe-return';

/**
 * The real providers' browser paths (issue 5) with Stripe.js and PayPal's SDK mocked: they cannot be reached from
 * the tests. The server is played by a fetch stub.
 */

type Confirmation = { error?: { message?: string }; paymentIntent?: { status: string } };

const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn((_key: string) => Promise.resolve({})),
  confirmPayment: vi.fn(
    async (_options: unknown): Promise<Confirmation> => ({ paymentIntent: { status: 'succeeded' } }),
  ),
  elementsOptions: [] as unknown[],
  elements: { id: 'elements' },
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));

vi.mock('@stripe/react-stripe-js', async () => {
  const { useEffect } = await import('react');
  return {
    Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
      stripe.elementsOptions.push(options);
      return children;
    },
    PaymentElement: ({ onReady }: { onReady?: () => void }) => {
      useEffect(() => onReady?.(), [onReady]);
      return <div data-testid="mock-payment-element" />;
    },
    useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
    useElements: () => stripe.elements,
  };
});

type ButtonsProps = {
  createOrder: () => Promise<string>;
  onApprove: (data: Record<string, unknown>, actions: unknown) => Promise<void>;
  onCancel: (data: Record<string, unknown>) => void;
  onError: (error: unknown) => void;
};

const paypal = vi.hoisted(() => ({
  options: [] as unknown[],
  rejected: false,
  /** What PayPal hands to onApprove: the order id it was given, plus ids and a token the page must not forward. */
  approval: (orderID: string): Record<string, unknown> => ({
    orderID,
    payerID: 'PAYER-1',
    paymentID: 'PAYID-1',
    facilitatorAccessToken: 'A21-secret-token',
  }),
}));

vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ children, options }: { children: ReactNode; options: unknown }) => {
    paypal.options.push(options);
    return children;
  },
  usePayPalScriptReducer: () => [
    { isInitial: false, isPending: false, isResolved: !paypal.rejected, isRejected: paypal.rejected, options: {} },
  ],
  PayPalButtons: (props: ButtonsProps) => (
    <div>
      <button
        type="button"
        data-testid="mock-paypal-approve"
        onClick={async () => {
          const orderID = await props.createOrder();
          await props.onApprove(paypal.approval(orderID), {});
        }}
      >
        PayPal
      </button>
      <button type="button" data-testid="mock-paypal-cancel" onClick={() => props.onCancel({})}>
        Close
      </button>
      <button type="button" data-testid="mock-paypal-fail" onClick={() => props.onError(new Error('popup'))}>
        Fail
      </button>
    </div>
  ),
}));

const PAINTING_ID = 'p-raw';
const PATH = `/buy?type=primary&path=artist&limit=1&offset=0&currency=USD&painting_id=${PAINTING_ID}`;
const CERTIFICATE = 'PCL-2026-7QX4M9T2KD';
const SECRET = 'pi_3Test123_secret_abcDEF';
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function profile() {
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
    wallet_amount: { value: 0, minor: 0, curr: 'USD' },
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
type Answer = { status?: number; data?: unknown; error?: { en: string; fr: string } } | undefined;

let calls: Call[];
let route: (call: Call) => Answer;
let paid: boolean;

function json(status: number, payload: unknown) {
  return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The purchase's state: paid once the provider's confirmation has reached the server. */
function stateOf(call: Call): Answer {
  if (call.method === 'GET' && call.path === '/api/paintings/purchase/PUR-1') {
    return { data: paid ? purchase({ status: 'paid', certificate_number: CERTIFICATE }) : purchase() };
  }
  return undefined;
}

beforeEach(async () => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  initI18n();
  await act(() => i18n.changeLanguage('en'));
  calls = [];
  paid = false;
  route = stateOf;
  stripe.loadStripe.mockClear();
  stripe.confirmPayment.mockReset();
  stripe.elementsOptions.length = 0;
  paypal.options.length = 0;
  paypal.rejected = false;
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refresh_token', 'refresh');
  window.localStorage.setItem('userData', JSON.stringify(profile()));
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
      if (call.path === '/api/user/profile') return json(200, { status: 200, data: { user: profile() } });
      // The steps before paying, passed (issues 29 and 30): verified, ready to invest, key information acknowledged.
      if (call.path === '/api/user/verification') {
        return json(200, { status: 200, data: { state: 'approved', verified: true } });
      }
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
  window.sessionStorage.clear();
});

async function openMethod(method: 'card' | 'paypal', path = PATH) {
  renderScreen(<BuyScreen />, path);
  await screen.findByTestId('buy-painting-title');
  await waitFor(() => expect((screen.getByTestId('buy-owner') as HTMLInputElement).value).toBe('Ada Lund'));
  fireEvent.click(screen.getByTestId('buy-responsibility'));
  fireEvent.click(screen.getByTestId('buy-open-drawer'));
  const drawer = await screen.findByTestId('purchase-drawer');
  fireEvent.click(await within(drawer).findByTestId(`payment-method-${method}`));
  fireEvent.click(within(drawer).getByTestId('payment-submit'));
  return drawer;
}

const purchases = () => calls.filter((call) => call.method === 'POST' && call.path === '/api/paintings/purchase');
const polls = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/paintings/purchase/PUR-1');

describe('card payment with Stripe', () => {
  beforeEach(() => {
    route = (call) => {
      if (call.method === 'POST' && call.path === '/api/paintings/purchase') {
        return {
          data: purchase({
            card_provider: 'stripe',
            stripe_publishable_key: 'pk_test_123',
            payment_client_secret: SECRET,
          }),
        };
      }
      return stateOf(call);
    };
  });

  it('confirms with Stripe Elements, then waits for the webhook and shows the certificate', async () => {
    let keptBeforeConfirming: string | null = null;
    stripe.confirmPayment.mockImplementation(async () => {
      keptBeforeConfirming = window.sessionStorage.getItem(STRIPE_PENDING_KEY);
      // The webhook settles the purchase a moment later: the page polls until then.
      setTimeout(() => {
        paid = true;
      }, 50);
      return { paymentIntent: { status: 'succeeded' } };
    });
    await openMethod('card');
    const modal = await screen.findByTestId('card-modal');
    expect(within(modal).getByTestId('mock-payment-element')).toBeTruthy();
    expect(within(modal).queryByTestId('card-sandbox-hint')).toBeNull();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripe.elementsOptions.at(-1)).toMatchObject({
      clientSecret: SECRET,
      locale: 'en',
      appearance: { variables: { colorPrimary: '#1C1B19' } },
    });

    const pay = within(modal).getByTestId('card-pay') as HTMLButtonElement;
    await waitFor(() => expect(pay.disabled).toBe(false));
    fireEvent.click(pay);

    const success = await screen.findByTestId('purchase-success', {}, { timeout: 10_000 });
    expect(plain(within(success).getByTestId('purchase-certificate-number').textContent)).toContain(CERTIFICATE);
    expect(plain((await screen.findByTestId('toast')).textContent)).toContain('Payment successful');

    expect(stripe.confirmPayment).toHaveBeenCalledTimes(1);
    const options = stripe.confirmPayment.mock.calls[0]?.[0] as {
      elements: unknown;
      redirect: string;
      confirmParams: { return_url: string };
    };
    expect(options.elements).toBe(stripe.elements);
    expect(options.redirect).toBe('if_required');
    const returnUrl = new URL(options.confirmParams.return_url);
    expect(returnUrl.pathname).toBe('/buy');
    expect(returnUrl.searchParams.get('painting_id')).toBe(PAINTING_ID);
    // The purchase was kept for a redirect's return before confirming, and forgotten once paid.
    expect(JSON.parse(keptBeforeConfirming ?? 'null')).toEqual({ reference: 'PUR-1', paymentIntent: 'pi_3Test123' });
    expect(window.sessionStorage.getItem(STRIPE_PENDING_KEY)).toBeNull();
    expect(polls().length).toBeGreaterThanOrEqual(1);
    expect(purchases()).toHaveLength(1);
  });

  it("shows Stripe's message with the spec's payment error and keeps the form for another try", async () => {
    stripe.confirmPayment.mockResolvedValue({ error: { message: 'Your card has insufficient funds.' } });
    const drawer = await openMethod('card');
    const modal = await screen.findByTestId('card-modal');
    const pay = within(modal).getByTestId('card-pay') as HTMLButtonElement;
    await waitFor(() => expect(pay.disabled).toBe(false));
    fireEvent.click(pay);

    const refusal = await within(modal).findByTestId('card-error');
    expect(plain(refusal.textContent)).toContain('Your card has insufficient funds.');
    expect(plain(refusal.textContent)).toContain('An error occurred during the payment process. Please try again.');
    // Nothing is awaited from the server after a refusal, and the form stays open.
    expect(polls()).toHaveLength(0);
    await waitFor(() => expect(pay.disabled).toBe(false));

    fireEvent.click(within(modal).getByTestId('card-cancel'));
    expect(plain((await within(drawer).findByTestId('payment-error')).textContent)).toContain(
      'An error occurred during the payment process. Please try again.',
    );
  });

  it('after a refusal, another method gives up the card purchase first, so its parts do not hold the work', async () => {
    stripe.confirmPayment.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    const base = route;
    route = (call) => {
      if (call.method === 'POST' && call.path === '/api/paintings/purchase/PUR-1/cancel') {
        return { data: purchase({ status: 'failed' }) };
      }
      if (call.method === 'POST' && call.path === '/api/paintings/purchase' && purchases().length > 1) {
        return { data: purchase({ reference_id: 'PUR-2', paypal_order_id: 'ORDER-2', paypal_provider: 'sandbox' }) };
      }
      return base(call);
    };
    const drawer = await openMethod('card');
    const modal = await screen.findByTestId('card-modal');
    const pay = within(modal).getByTestId('card-pay') as HTMLButtonElement;
    await waitFor(() => expect(pay.disabled).toBe(false));
    fireEvent.click(pay);
    await within(modal).findByTestId('card-error');
    fireEvent.click(within(modal).getByTestId('card-cancel'));
    await within(drawer).findByTestId('payment-error');

    fireEvent.click(within(drawer).getByTestId('payment-method-paypal'));
    fireEvent.click(within(drawer).getByTestId('payment-submit'));
    await screen.findByTestId('paypal-modal');
    const order = calls
      .filter((call) => call.method === 'POST')
      .map((call) => call.path)
      .filter((path) => path.startsWith('/api/paintings/purchase'));
    expect(order).toEqual([
      '/api/paintings/purchase',
      '/api/paintings/purchase/PUR-1/cancel',
      '/api/paintings/purchase',
    ]);
  });

  it('resumes after a redirect-based confirmation and shows the certificate once the purchase is paid', async () => {
    paid = true;
    window.sessionStorage.setItem(
      STRIPE_PENDING_KEY,
      JSON.stringify({ reference: 'PUR-1', paymentIntent: 'pi_3Test123' }),
    );
    renderScreen(
      <BuyScreen />,
      `${PATH}&payment_intent=pi_3Test123&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`,
    );
    const success = await screen.findByTestId('purchase-success');
    expect(plain(within(success).getByTestId('purchase-certificate-number').textContent)).toContain(CERTIFICATE);
    expect(polls().length).toBeGreaterThanOrEqual(1);
    expect(window.sessionStorage.getItem(STRIPE_PENDING_KEY)).toBeNull();
    // No new purchase, and Stripe is not loaded to resume.
    expect(purchases()).toHaveLength(0);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it("ignores a return that is not this tab's purchase", async () => {
    window.sessionStorage.setItem(
      STRIPE_PENDING_KEY,
      JSON.stringify({ reference: 'PUR-1', paymentIntent: 'pi_other' }),
    );
    renderScreen(
      <BuyScreen />,
      `${PATH}&payment_intent=pi_3Test123&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`,
    );
    await screen.findByTestId('buy-painting-title');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(polls()).toHaveLength(0);
    expect(screen.queryByTestId('purchase-success')).toBeNull();
  });
});

describe('PayPal with its own buttons', () => {
  beforeEach(() => {
    route = (call) => {
      if (call.method === 'POST' && call.path === '/api/paintings/purchase') {
        return {
          data: purchase({ paypal_provider: 'paypal', paypal_order_id: 'ORDER-9', paypal_client_id: 'client-id' }),
        };
      }
      if (call.method === 'POST' && call.path === '/api/paintings/order') {
        // The server captured the order with PayPal itself.
        return { data: purchase({ status: 'paid', certificate_number: CERTIFICATE }) };
      }
      return stateOf(call);
    };
  });

  it('loads the SDK for the order and posts the approval of the purchase order to /paintings/order', async () => {
    await openMethod('paypal');
    const modal = await screen.findByTestId('paypal-modal');
    expect(paypal.options.at(-1)).toEqual({
      clientId: 'client-id',
      currency: 'USD',
      intent: 'capture',
      disableFunding: 'paylater',
      locale: 'en_US',
    });
    expect(within(modal).queryByTestId('paypal-approve')).toBeNull();

    fireEvent.click(within(modal).getByTestId('mock-paypal-approve'));
    const success = await screen.findByTestId('purchase-success');
    expect(plain(within(success).getByTestId('purchase-certificate-number').textContent)).toContain(CERTIFICATE);
    expect(plain((await screen.findByTestId('toast')).textContent)).toContain('Payment successful');

    const orders = calls.filter((call) => call.path === '/api/paintings/order');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.method).toBe('POST');
    expect(orders[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(orders[0]?.body).toEqual({
      order_id: 'ORDER-9',
      paypal_payment_id: 'PAYID-1',
      paypal_object: { orderID: 'ORDER-9', payerID: 'PAYER-1', paymentID: 'PAYID-1' },
      payment_method: 'paypal',
    });
    // The buyer's PayPal token never leaves the page.
    expect(JSON.stringify(orders[0]?.body)).not.toContain('A21-secret-token');
  });

  it('waits for the server when the capture is not settled yet, and trusts only its answer', async () => {
    route = (call) => {
      if (call.method === 'POST' && call.path === '/api/paintings/purchase') {
        return {
          data: purchase({ paypal_provider: 'paypal', paypal_order_id: 'ORDER-9', paypal_client_id: 'client-id' }),
        };
      }
      if (call.method === 'POST' && call.path === '/api/paintings/order') {
        setTimeout(() => {
          paid = true;
        }, 50);
        return { data: purchase({ status: 'pending' }) };
      }
      return stateOf(call);
    };
    await openMethod('paypal');
    const modal = await screen.findByTestId('paypal-modal');
    fireEvent.click(within(modal).getByTestId('mock-paypal-approve'));
    await screen.findByTestId('purchase-success', {}, { timeout: 10_000 });
    expect(polls().length).toBeGreaterThanOrEqual(1);
  });

  it('refuses an approval of another order without calling the server', async () => {
    const genuine = paypal.approval;
    paypal.approval = (orderID) => ({ orderID: `${orderID}-forged`, paymentID: 'PAYID-1' });
    try {
      await openMethod('paypal');
      const modal = await screen.findByTestId('paypal-modal');
      fireEvent.click(within(modal).getByTestId('mock-paypal-approve'));
      expect(plain((await within(modal).findByTestId('paypal-error')).textContent)).toContain(
        'An error occurred during the payment process. Please try again.',
      );
      expect(calls.some((call) => call.path === '/api/paintings/order')).toBe(false);
      expect(screen.queryByTestId('purchase-success')).toBeNull();
    } finally {
      paypal.approval = genuine;
    }
  });

  it("shows PaymentError when PayPal's buttons fail, and closes when the buyer cancels", async () => {
    const drawer = await openMethod('paypal');
    const modal = await screen.findByTestId('paypal-modal');
    fireEvent.click(within(modal).getByTestId('mock-paypal-fail'));
    expect(plain((await within(modal).findByTestId('paypal-error')).textContent)).toContain(
      'An error occurred during the payment process. Please try again.',
    );
    fireEvent.click(within(modal).getByTestId('mock-paypal-cancel'));
    await waitFor(() => expect(screen.queryByTestId('paypal-modal')).toBeNull());
    expect(within(drawer).getByTestId('payment-submit')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/paintings/order')).toBe(false);
  });

  it('shows PaymentError when the SDK cannot be loaded', async () => {
    paypal.rejected = true;
    await openMethod('paypal');
    const modal = await screen.findByTestId('paypal-modal');
    expect(plain((await within(modal).findByTestId('paypal-error')).textContent)).toContain(
      'An error occurred during the payment process. Please try again.',
    );
    expect(within(modal).queryByTestId('mock-paypal-approve')).toBeNull();
  });

  it('asks PayPal for euros when the order is in euros, in the buyer’s language', () => {
    expect(paypalScriptOptions('client-id', 'EURO', 'fr')).toEqual({
      clientId: 'client-id',
      currency: 'EUR',
      intent: 'capture',
      disableFunding: 'paylater',
      locale: 'fr_FR',
    });
  });
});

describe('offline sandboxes', () => {
  it('keep their own forms and never load Stripe or PayPal', async () => {
    route = (call) => {
      if (call.method === 'POST' && call.path === '/api/paintings/purchase') {
        const method = (call.body as { payment_method: string }).payment_method;
        return {
          data:
            method === 'card'
              ? purchase({ card_provider: 'sandbox', payment_client_secret: 'sbcs_secret_0123456789' })
              : purchase({ paypal_provider: 'sandbox', paypal_order_id: 'SBX-ORDER-1' }),
        };
      }
      // The card purchase left unpaid is given up before PayPal's is opened.
      if (call.method === 'POST' && call.path === '/api/paintings/purchase/PUR-1/cancel') {
        return { data: purchase({ status: 'failed' }) };
      }
      return stateOf(call);
    };
    const drawer = await openMethod('card');
    const card = await screen.findByTestId('card-modal');
    expect(within(card).getByTestId('card-sandbox-hint')).toBeTruthy();
    fireEvent.click(within(card).getByTestId('card-cancel'));
    await waitFor(() => expect(screen.queryByTestId('card-modal')).toBeNull());

    fireEvent.click(within(drawer).getByTestId('payment-method-paypal'));
    fireEvent.click(within(drawer).getByTestId('payment-submit'));
    const modal = await screen.findByTestId('paypal-modal');
    expect(within(modal).getByTestId('paypal-approve')).toBeTruthy();
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    expect(stripe.elementsOptions).toHaveLength(0);
    expect(paypal.options).toHaveLength(0);
  });
});
