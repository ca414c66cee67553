// @vitest-environment jsdom
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { messages } from '@parcelle/shared/i18n/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';
import { theme } from '../theme/theme';
import { FINANCE_PAGE_SIZE, type FinanceRow, signedAmount } from './api';
import { FinanceScreen } from './FinanceScreen';
import { topUpReturnPath } from './top-up-api';

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
  wallet_amount: { value: 1234.5, minor: 123_450, curr: 'EURO' },
  ipe: false,
  iev: true,
  role: 'member',
  created_at: '2024-01-01T00:00:00.000Z',
};

const METHODS = ['card', 'paypal', 'smart_amount', 'bank', 'smart_amount'];

function movement(index: number): FinanceRow {
  const type = (index % 5) + 1;
  return {
    reference_id: `TX-${String(index).padStart(4, '0')}`,
    t: `2026-03-0${(index % 9) + 1}T10:00:00.000Z`,
    type,
    payment_method: METHODS[index % 5] as string,
    total_amount: { value: 1000 + index + 0.5, currency: 'EURO' },
    direction: type === 2 || type === 3 ? 'in' : 'out',
    work: null,
  };
}

/** A top-up as POST /member/top-ups answers it with the sandboxes. */
const topUp = (method: 'card' | 'paypal') => ({
  id: '3f6c1a52-8e0d-4c41-9b7e-0a2d5c9e1f10',
  reference: 'TOP-3F6C1A528E0D',
  method,
  amount_minor: 5_000,
  currency: 'EURO',
  status: 'pending',
  failure: null,
  card_provider: method === 'card' ? 'sandbox' : null,
  stripe_publishable_key: null,
  payment_client_secret: method === 'card' ? 'c2JwaV8x_secret_abc' : null,
  paypal_provider: method === 'paypal' ? 'sandbox' : null,
  paypal_client_id: null,
  paypal_order_id: method === 'paypal' ? 'SBPP-abc-def' : null,
});

const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, data, message: { en: 'OK', fr: 'OK' } }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const fail = (status: number, error: { en: string; fr: string }) =>
  new Response(JSON.stringify({ status, error }), { status, headers: { 'Content-Type': 'application/json' } });

const deposit = {
  enabled: true,
  beneficiary: 'Parcelle SAS',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPPXXX',
  reference: 'RF36100000000001',
  reference_display: 'RF36 1000 0000 0001',
  currency: 'EURO',
  verified: true,
  top_up: {
    min_minor: 1_000,
    max_minor: 500_000,
    daily_max_minor: 1_000_000,
    available_minor: 800_000,
    methods: ['card', 'paypal'],
  },
};

let rows: FinanceRow[];
let depositDetails: typeof deposit;
let calls: URL[];
let failure: Response | undefined;
/** The top-up calls made (path, method, body, Idempotency-Key) and what the sandbox card answers. */
let topUpCalls: { path: string; method: string; body: unknown; key: string | null }[];
let cardAnswer: () => Response;
/** What GET /member/top-ups/:id answers, one after the other (the last one repeats). */
let stateAnswers: (() => Response)[];

beforeEach(async () => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refresh_token', 'refresh');
  window.localStorage.setItem('currency', 'EURO');
  await act(() => i18n.changeLanguage('en'));
  calls = [];
  topUpCalls = [];
  failure = undefined;
  cardAnswer = () => ok({ ...topUp('card'), status: 'credited' });
  stateAnswers = [() => ok(topUp('card'))];
  rows = Array.from({ length: 12 }, (_, index) => movement(index));
  depositDetails = deposit;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url);
      if (url.pathname.startsWith('/api/member/top-ups')) {
        const headers = new Headers(init?.headers);
        topUpCalls.push({
          path: url.pathname,
          method: init?.method ?? 'GET',
          body: init?.body ? JSON.parse(String(init.body)) : null,
          key: headers.get('Idempotency-Key'),
        });
        if (url.pathname === '/api/member/top-ups') {
          const body = JSON.parse(String(init?.body)) as { method: 'card' | 'paypal' };
          return ok(topUp(body.method));
        }
        if (url.pathname.endsWith('/sandbox-card')) return cardAnswer();
        if (url.pathname.endsWith('/paypal')) return ok({ ...topUp('paypal'), status: 'credited' });
        if (url.pathname.endsWith('/cancel')) return ok({ ...topUp('card'), status: 'cancelled' });
        if (!init?.method || init.method === 'GET') {
          const answer = stateAnswers.length > 1 ? stateAnswers.shift() : stateAnswers[0];
          if (answer) return answer();
        }
      }
      if (url.pathname === '/api/user/profile') return ok({ user: profile });
      if (url.pathname === '/api/member/deposit') return ok(depositDetails);
      if (url.pathname === '/api/member/finance/history') {
        if (failure) return failure;
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 4);
        return ok({ purchaseHistory: rows.slice(offset, offset + limit), total: rows.length });
      }
      return fail(500, messages.InternalServerError);
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

function renderFinance(entry = '/user/finance') {
  const router = createMemoryRouter(
    [
      { path: '/user/finance', element: <FinanceScreen /> },
      { path: '/user/withdraw', element: <div data-testid="withdraw-page" /> },
    ],
    { initialEntries: [entry] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const references = () =>
  within(screen.getByTestId('finance-table'))
    .queryAllByTestId('finance-row')
    .map((row) => row.getAttribute('data-reference'));
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => plain(cell.textContent));

describe('signedAmount', () => {
  it('signs by direction in each language', () => {
    const row = { total_amount: { value: 12.5, currency: 'EURO' as const }, direction: 'in' as const };
    expect(plain(signedAmount(row, 'en'))).toBe('+€12.50');
    expect(plain(signedAmount({ ...row, direction: 'out' }, 'fr'))).toBe('\u221212,50 €');
    expect(plain(signedAmount({ ...row, total_amount: { value: 3, currency: 'USD' } }, 'en'))).toBe('+$3.00');
  });
});

describe('finance screen', () => {
  it('shows the wallet with a Withdraw link, and no exchange account card that would do nothing (issue 31)', async () => {
    const router = renderFinance();
    const wallet = await screen.findByTestId('finance-wallet');
    expect(plain(within(wallet).getByTestId('finance-wallet-balance').textContent)).toBe('€1,234.50');
    expect(screen.queryByTestId('finance-exchange')).toBeNull();
    expect(screen.queryByText(/exchange account/i)).toBeNull();
    fireEvent.click(screen.getByTestId('finance-withdraw'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/withdraw'));
  });

  it('shows rows with DD/MM/YYYY dates, account, nature and signed amounts in English and French', async () => {
    renderFinance();
    await waitFor(() => expect(references()).toHaveLength(FINANCE_PAGE_SIZE));
    expect(calls.find((url) => url.pathname === '/api/member/finance/history')?.search).toBe(
      `?limit=${FINANCE_PAGE_SIZE}&offset=0&currency=EURO`,
    );
    const [first, second, , fourth] = screen.getAllByTestId('finance-row') as HTMLElement[];
    expect(cells(first as HTMLElement)).toEqual(['TX-0000', '01/03/2026', 'Card', 'Purchase', '−€1,000.50']);
    expect(cells(second as HTMLElement)).toEqual(['TX-0001', '02/03/2026', 'PayPal', 'Sale', '+€1,001.50']);
    expect(cells(fourth as HTMLElement)).toEqual(['TX-0003', '04/03/2026', 'Bank', 'Withdrawal', '−€1,003.50']);
    await act(() => i18n.changeLanguage('fr'));
    const header = within(screen.getByTestId('finance-table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(['Référence', 'Date', 'Compte', 'Nature', 'Montant']);
    const rowsFr = screen.getAllByTestId('finance-row') as HTMLElement[];
    expect(cells(rowsFr[0] as HTMLElement)).toEqual(['TX-0000', '01/03/2026', 'Carte', 'Achat', '−1 000,50 €']);
    expect(cells(rowsFr[2] as HTMLElement)).toEqual([
      'TX-0002',
      '03/03/2026',
      'Porte-monnaie Parcelle',
      'Dividende',
      '+1 002,50 €',
    ]);
    expect(cells(rowsFr[4] as HTMLElement)[3]).toBe('Autre');
  });

  it('pages with previous and next', async () => {
    renderFinance();
    await waitFor(() => expect(references()).toHaveLength(FINANCE_PAGE_SIZE));
    expect(screen.getByTestId('finance-previous').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('finance-next'));
    await waitFor(() => expect(references()).toEqual(['TX-0010', 'TX-0011']));
    expect(screen.getByTestId('finance-next').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('finance-previous'));
    await waitFor(() => expect(references()[0]).toBe('TX-0000'));
  });

  it('shows the empty state and the server error', async () => {
    rows = [];
    renderFinance();
    expect((await screen.findByTestId('finance-empty')).textContent).toBe('No transaction yet.');
    cleanup();
    failure = fail(500, messages.InternalServerError);
    renderFinance();
    expect((await screen.findByTestId('finance-error')).textContent).toBe('Internal server error');
  });

  it('shows how to fund the wallet by transfer, with copy buttons that copy the electronic form (issue 31)', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderFinance();
    const card = await screen.findByTestId('finance-deposit');
    expect(within(card).getByRole('heading', { name: 'Add money by bank transfer' })).toBeTruthy();
    expect((await within(card).findByTestId('deposit-iban')).textContent).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(within(card).getByTestId('deposit-reference').textContent).toBe('RF36 1000 0000 0001');
    expect(within(card).getByTestId('deposit-beneficiary').textContent).toBe('Parcelle SAS');
    expect(within(card).queryByTestId('deposit-unverified')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Copy Your reference' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('RF36100000000001'));
    expect(within(card).getByTestId('deposit-copy-reference').textContent).toBe('Copied');
    expect(within(card).getByTestId('deposit-live').textContent).toBe('Your reference copied');
    fireEvent.click(within(card).getByTestId('deposit-copy-iban'));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('FR7630006000011234567890189'));
    await act(() => i18n.changeLanguage('fr'));
    expect(within(card).getByRole('heading', { name: 'Approvisionner par virement' })).toBeTruthy();
    expect(within(card).getByTestId('deposit-copy-reference').textContent).toBe('Copier');
  });

  it('tells a member whose identity is not verified that a transfer waits, and links to the step', async () => {
    depositDetails = { ...deposit, verified: false };
    renderFinance();
    const note = await screen.findByTestId('deposit-unverified');
    expect(note.textContent).toContain('a transfer received before that waits until it is');
    expect(within(note).getByRole('link', { name: 'Verify my identity' }).getAttribute('href')).toBe(
      '/user/verification',
    );
  });

  it('names a deposit by bank transfer in both languages', async () => {
    rows = [
      {
        reference_id: 'DEP-0A1B2C3D4E5F',
        t: '2026-11-27T10:00:00.000Z',
        type: 6,
        payment_method: 'bank_transfer',
        total_amount: { value: 250, currency: 'EURO' },
        direction: 'in',
        work: null,
      },
    ];
    renderFinance();
    await waitFor(() => expect(references()).toEqual(['DEP-0A1B2C3D4E5F']));
    const [row] = screen.getAllByTestId('finance-row') as HTMLElement[];
    expect(cells(row as HTMLElement)).toEqual([
      'DEP-0A1B2C3D4E5F',
      '27/11/2026',
      'Bank transfer',
      'Bank transfer deposit',
      '+€250.00',
    ]);
    await act(() => i18n.changeLanguage('fr'));
    const [rowFr] = screen.getAllByTestId('finance-row') as HTMLElement[];
    expect(cells(rowFr as HTMLElement).slice(2)).toEqual(['Virement', 'Virement reçu', '+250,00 €']);
  });

  it('names a sale of parts with its work, as the notification and the history do (issue 31)', async () => {
    rows = [
      {
        reference_id: 'TR-0A1B2C3D',
        t: '2026-11-27T10:00:00.000Z',
        type: 2,
        payment_method: 'smart_amount',
        total_amount: { value: 23.76, currency: 'EURO' },
        direction: 'in',
        work: { en: 'Waterlilies', fr: 'Nymphéas' },
      },
    ];
    renderFinance();
    await waitFor(() => expect(references()).toEqual(['TR-0A1B2C3D']));
    const [row] = screen.getAllByTestId('finance-row') as HTMLElement[];
    expect(cells(row as HTMLElement)[3]).toBe('Sale of parts of Waterlilies');
    await act(() => i18n.changeLanguage('fr'));
    const [rowFr] = screen.getAllByTestId('finance-row') as HTMLElement[];
    expect(cells(rowFr as HTMLElement)[3]).toBe('Vente de parts de Nymphéas');
  });
});

describe('adding money (issue 31)', () => {
  const openDialog = async () => {
    renderFinance();
    const button = await screen.findByTestId('finance-add-money');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    return screen.findByTestId('add-money-dialog');
  };
  const typeAmount = (text: string) =>
    fireEvent.change(screen.getByTestId('add-money-amount'), { target: { value: text } });
  const payWithCard = (number: string) => {
    fireEvent.change(screen.getByTestId('card-number'), { target: { value: number } });
    fireEvent.change(screen.getByTestId('card-expiry'), { target: { value: '12/30' } });
    fireEvent.change(screen.getByTestId('card-cvc'), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('card-pay'));
  };

  it('offers the three ways, checks the amount with the shared rule, and pays by card once confirmed', async () => {
    const dialog = await openDialog();
    expect(within(dialog).getByRole('radio', { name: 'By card' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'With PayPal' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'By bank transfer' })).toBeTruthy();
    expect(plain(within(dialog).getByText(/per top-up/).textContent)).toBe(
      'From €10.00 to €5,000.00 per top-up; €8,000.00 can still be added in the next 24 hours.',
    );
    typeAmount('5');
    fireEvent.click(screen.getByTestId('add-money-submit'));
    expect((await screen.findByTestId('add-money-amount-error')).textContent).toBe(messages.TopUpBelowMinimum.en);
    typeAmount('8000,01');
    fireEvent.click(screen.getByTestId('add-money-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('add-money-amount-error').textContent).toBe(messages.TopUpAboveMaximum.en),
    );
    typeAmount('12.345');
    fireEvent.click(screen.getByTestId('add-money-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('add-money-amount-error').textContent).toBe(messages.TopUpAmountInvalid.en),
    );
    expect(topUpCalls).toEqual([]);

    typeAmount('50');
    fireEvent.click(screen.getByTestId('add-money-submit'));
    await screen.findByTestId('card-modal');
    expect(topUpCalls[0]).toMatchObject({
      path: '/api/member/top-ups',
      method: 'POST',
      body: { method: 'card', amount_minor: 5_000 },
    });
    expect(topUpCalls[0]?.key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    payWithCard('4242 4242 4242 4242');
    expect(plain((await screen.findByTestId('add-money-done')).textContent)).toBe(
      '€50.00 paid by card is now in your wallet.',
    );
    expect(topUpCalls[1]).toMatchObject({ path: `/api/member/top-ups/${topUp('card').id}/sandbox-card` });
  });

  it('says a declined card took nothing, and cancels the top-up when the card form is closed', async () => {
    cardAnswer = () => fail(402, messages.CardDeclined);
    await openDialog();
    typeAmount('50');
    fireEvent.click(screen.getByTestId('add-money-submit'));
    await screen.findByTestId('card-modal');
    payWithCard('4000 0000 0000 0002');
    expect((await screen.findByTestId('card-error')).textContent).toContain('Your card was declined.');
    expect(screen.queryByTestId('add-money-done')).toBeNull();
    fireEvent.click(screen.getByTestId('card-cancel'));
    await waitFor(() => expect(topUpCalls.at(-1)?.path).toBe(`/api/member/top-ups/${topUp('card').id}/cancel`));
    // Back to the form, for another try with a new key.
    await screen.findByTestId('add-money-amount');
  });

  it('pays with PayPal, and in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const dialog = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Ajouter de l’argent à votre porte-monnaie' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Avec PayPal' }));
    expect(plain(within(dialog).getByText(/par rechargement/).textContent)).toBe(
      'De 10,00 € à 5 000,00 € par rechargement ; encore 8 000,00 € possibles dans les prochaines 24 heures.',
    );
    typeAmount('5');
    fireEvent.click(screen.getByTestId('add-money-submit'));
    expect((await screen.findByTestId('add-money-amount-error')).textContent).toBe(messages.TopUpBelowMinimum.fr);
    typeAmount('50');
    fireEvent.click(screen.getByTestId('add-money-submit'));
    fireEvent.click(await screen.findByTestId('paypal-approve'));
    expect(plain((await screen.findByTestId('add-money-done')).textContent)).toBe(
      '50,00 € payés avec PayPal sont maintenant dans votre porte-monnaie.',
    );
    expect(topUpCalls.map((call) => call.path)).toEqual([
      '/api/member/top-ups',
      `/api/member/top-ups/${topUp('paypal').id}/paypal`,
    ]);
  });

  it('leads a bank transfer to the details on the page, and asks an unverified member to verify first', async () => {
    depositDetails = { ...deposit, verified: false };
    const dialog = await openDialog();
    expect(screen.getByTestId('add-money-unverified').textContent).toContain('needs your identity to be verified');
    expect(screen.getByTestId('add-money-submit').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'By bank transfer' }));
    expect(screen.queryByTestId('add-money-amount')).toBeNull();
    fireEvent.click(screen.getByTestId('add-money-submit'));
    await waitFor(() => expect(screen.queryByTestId('add-money-dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.id).toBe('deposit-title'));
  });

  it('passes axe with the dialog open, in both languages', { timeout: 60_000 }, async () => {
    await openDialog();
    for (const language of ['en', 'fr'] as const) {
      await act(() => i18n.changeLanguage(language));
      const results = await axe.run(screen.getByRole('dialog'), {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    }
  });

  it('names card and PayPal top-ups in both languages', async () => {
    rows = [
      {
        reference_id: 'TOP-3F6C1A528E0D',
        t: '2026-11-28T10:00:00.000Z',
        type: 7,
        payment_method: 'card',
        total_amount: { value: 50, currency: 'EURO' },
        direction: 'in',
        work: null,
      },
      {
        reference_id: 'TOP-0A1B2C3D4E5F',
        t: '2026-11-27T10:00:00.000Z',
        type: 7,
        payment_method: 'paypal',
        total_amount: { value: 75.5, currency: 'EURO' },
        direction: 'in',
        work: null,
      },
    ];
    renderFinance();
    await waitFor(() => expect(references()).toEqual(['TOP-3F6C1A528E0D', 'TOP-0A1B2C3D4E5F']));
    const natures = () => (screen.getAllByTestId('finance-row') as HTMLElement[]).map((row) => cells(row).slice(2, 4));
    expect(natures()).toEqual([
      ['Card', 'Card top-up'],
      ['PayPal', 'PayPal top-up'],
    ]);
    await act(() => i18n.changeLanguage('fr'));
    expect(natures()).toEqual([
      ['Carte', 'Rechargement par carte'],
      ['PayPal', 'Rechargement PayPal'],
    ]);
  });
});

describe('back from a card payment that left the site (3-D Secure, issue 31)', () => {
  const ID = topUp('card').id;
  /** The address Stripe sends the member back to: the one AddMoneyDialog gives, with Stripe's parameters. */
  const returnAddress = (id: string, redirectStatus = 'succeeded') =>
    `${topUpReturnPath('/user/finance', id)}&payment_intent=pi_3Q&payment_intent_client_secret=pi_3Q_secret_x&redirect_status=${redirectStatus}`;
  const stateCalls = (id: string) =>
    topUpCalls.filter((call) => call.method === 'GET' && call.path === `/api/member/top-ups/${id}`);

  it('names the top-up on the return address', () => {
    expect(topUpReturnPath('/user/finance', ID)).toBe(`/user/finance?top_up=${ID}`);
  });

  it('says it is confirming, waits for the credit, then says so, with a clean address', async () => {
    stateAnswers = [() => ok(topUp('card')), () => ok({ ...topUp('card'), status: 'credited' })];
    const router = renderFinance(returnAddress(ID));
    const confirming = await screen.findByTestId('top-up-return');
    expect(confirming.getAttribute('data-outcome')).toBe('confirming');
    expect(confirming.textContent).toBe('Confirming your top-up with your bank: this takes a few seconds.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByTestId('top-up-return').getAttribute('data-outcome')).toBe('credited'), {
      timeout: 3_000,
    });
    expect(plain(screen.getByTestId('top-up-return').textContent)).toBe('€50.00 paid by card is now in your wallet.');
    expect(stateCalls(ID)).toHaveLength(2);
    // The wallet's balance is read again once credited.
    await waitFor(() => expect(calls.filter((url) => url.pathname === '/api/user/profile').length).toBe(2));
    fireEvent.click(within(screen.getByTestId('top-up-return')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('top-up-return')).toBeNull();
  });

  it('says a declined card took nothing, in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    stateAnswers = [() => ok({ ...topUp('card'), status: 'declined', failure: 'card declined' })];
    renderFinance(returnAddress(ID, 'failed'));
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-outcome')).toBe('declined');
    expect(plain(alert.textContent)).toBe(
      'Votre carte a été refusée : rien n’a été ajouté à votre porte-monnaie et rien n’a été prélevé. Vous pouvez réessayer avec une autre carte.',
    );
    expect(stateCalls(ID)).toHaveLength(1);
  });

  it('answers calmly for a top-up that is not the member’s, and asks only once', async () => {
    const foreign = '0b9d7c1e-2f3a-4b5c-8d6e-7f8091a2b3c4';
    stateAnswers = [() => fail(404, messages.TopUpNotFound)];
    const router = renderFinance(returnAddress(foreign));
    await waitFor(() => expect(screen.getByTestId('top-up-return').getAttribute('data-outcome')).toBe('unknown'));
    const notice = screen.getByTestId('top-up-return');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toBe(
      'This top-up is not among yours: there is nothing to confirm. Your wallet and its movements below are up to date.',
    );
    expect(stateCalls(foreign)).toHaveLength(1);
    expect(router.state.location.search).toBe('');
    // The rest of the page is there as usual.
    expect(await screen.findByTestId('finance-wallet')).toBeTruthy();
    await waitFor(() => expect(references()).toHaveLength(FINANCE_PAGE_SIZE));
  });

  it('does nothing on an ordinary visit', async () => {
    renderFinance();
    await screen.findByTestId('finance-wallet');
    expect(screen.queryByTestId('top-up-return')).toBeNull();
    expect(topUpCalls).toEqual([]);
  });
});
