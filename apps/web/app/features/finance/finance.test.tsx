// @vitest-environment jsdom
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { messages } from '@parcelle/shared/i18n/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';
import { theme } from '../theme/theme';
import { FINANCE_PAGE_SIZE, type FinanceRow, signedAmount } from './api';
import { FinanceScreen } from './FinanceScreen';

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
};

let rows: FinanceRow[];
let depositDetails: typeof deposit;
let calls: URL[];
let failure: Response | undefined;

beforeEach(async () => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refresh_token', 'refresh');
  window.localStorage.setItem('currency', 'EURO');
  await act(() => i18n.changeLanguage('en'));
  calls = [];
  failure = undefined;
  rows = Array.from({ length: 12 }, (_, index) => movement(index));
  depositDetails = deposit;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url);
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

function renderFinance() {
  const router = createMemoryRouter(
    [
      { path: '/user/finance', element: <FinanceScreen /> },
      { path: '/user/withdraw', element: <div data-testid="withdraw-page" /> },
    ],
    { initialEntries: ['/user/finance'] },
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
