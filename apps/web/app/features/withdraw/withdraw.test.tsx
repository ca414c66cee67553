// @vitest-environment jsdom
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { messages } from '@parcelle/shared/i18n/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../feedback/toast';
import { i18n, initI18n } from '../i18n/i18n';
import { theme } from '../theme/theme';
import type { WithdrawalRow } from './api';
import { amountInput, withdrawalForm } from './schema';
import { WithdrawScreen } from './WithdrawScreen';

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
  wallet_amount: { value: 500, minor: 50_000, curr: 'EURO' },
  ipe: false,
  iev: true,
  role: 'member',
  created_at: '2024-01-01T00:00:00.000Z',
};

const BANK = { account_owner: 'Ada Lovelace', iban_last4: '0189' };

function row(index: number, status: 'PENDING' | 'APPROVED'): WithdrawalRow {
  return {
    _id: `${status}-${index}`,
    reference: `WD-${status.slice(0, 1)}${String(index).padStart(4, '0')}`,
    amount: { value: 10 + index + 0.5, curr: 'EURO' },
    t: `2026-03-0${(index % 9) + 1}T10:00:00.000Z`,
    status,
    payment_method: 'bank',
    account: 'Ada Lovelace — IBAN ending 0189',
  };
}

const ok = (data: unknown, message = { en: 'OK', fr: 'OK' }) =>
  new Response(JSON.stringify({ status: 200, data, message }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const fail = (status: number, error: { en: string; fr: string }) =>
  new Response(JSON.stringify({ status, error }), { status, headers: { 'Content-Type': 'application/json' } });

type Call = { method: string; path: string; search: URLSearchParams; body: string | undefined };
type State = {
  profile: TProfile;
  bank: typeof BANK | null;
  pending: WithdrawalRow[];
  approved: WithdrawalRow[];
  store?: Response;
  verify?: Response;
  holdUntil?: string | null;
  /** The member's identity verification (issue 29): withdrawing needs it approved. */
  verification: 'approved' | 'in_review';
};

let state: State;
let calls: Call[];

function page(list: WithdrawalRow[], search: URLSearchParams) {
  const offset = Number(search.get('offset') ?? 0);
  const limit = Number(search.get('limit') ?? 3);
  return ok({ list: list.slice(offset, offset + limit), total: list.length });
}

beforeEach(async () => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refresh_token', 'refresh');
  await act(() => i18n.changeLanguage('en'));
  calls = [];
  state = {
    profile,
    bank: BANK,
    pending: Array.from({ length: 5 }, (_, index) => row(index + 1, 'PENDING')),
    approved: Array.from({ length: 3 }, (_, index) => row(index + 1, 'APPROVED')),
    verification: 'approved',
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname, search: url.searchParams, body: init?.body as string | undefined });
      switch (`${method} ${url.pathname}`) {
        case 'GET /api/user/profile':
          return ok({ user: state.profile });
        case 'GET /api/user/bank':
          return ok(state.bank);
        case 'GET /api/user/verification':
          return ok({
            state: state.verification,
            verified: state.verification === 'approved',
            declaration: null,
            documents: [],
            missing: [],
            can_edit: false,
            can_submit: false,
            source_of_funds_threshold_minor: 1_000_000,
            submitted_at: '2026-11-20T10:00:00Z',
            last_decision: null,
            documents_to_resend: [],
            provider: { name: 'manual', step: 'none' },
          });
        case 'GET /api/member/withdrawal/eligibility':
          return ok({
            hold_until: state.holdUntil ?? null,
            bank: state.bank,
            paypal: state.profile.paypal,
          });
        case 'GET /api/member/withdrawal/pending':
          return page(state.pending, url.searchParams);
        case 'GET /api/member/withdrawal/approved':
          return page(state.approved, url.searchParams);
        case 'POST /api/member/withdrawal/code':
          return ok(null, messages.OtpSentToPhone);
        case 'POST /api/member/withdrawal/verify-code':
          return state.verify ?? ok(null);
        case 'POST /api/member/withdrawal/store': {
          if (state.store) return state.store;
          const created: WithdrawalRow = {
            ...row(99, 'PENDING'),
            reference: 'WD-NEW',
            amount: { value: 12.5, curr: 'EURO' },
          };
          state.pending = [created, ...state.pending];
          return ok(created, messages.WithdrawalSubmitted);
        }
        default:
          return fail(500, messages.InternalServerError);
      }
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

function EditPage() {
  const location = useLocation();
  return (
    <div data-testid="edit-page" data-hash={location.hash} data-state={JSON.stringify(location.state)}>
      edit
    </div>
  );
}

function renderWithdraw() {
  const router = createMemoryRouter(
    [
      { path: '/user/withdraw', element: <WithdrawScreen /> },
      { path: '/user/edit', element: <EditPage /> },
    ],
    { initialEntries: ['/user/withdraw'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const references = (table: string) =>
  within(screen.getByTestId(table))
    .queryAllByTestId('withdraw-row')
    .map((element) => element.getAttribute('data-reference'));
const bodyOf = (path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path).map((c) => c.body);

async function openDialog() {
  renderWithdraw();
  fireEvent.click(await screen.findByTestId('withdraw-request'));
  return screen.findByTestId('withdraw-dialog');
}

async function submitAmount(value: string) {
  fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value } });
  fireEvent.click(screen.getByTestId('withdraw-continue'));
}

describe('identity verification (issue 29)', () => {
  it('shows a member whose identity is being checked the step instead of the request button', async () => {
    state.verification = 'in_review';
    renderWithdraw();
    // The profile first, then the case: two reads before the step shows.
    const step = await screen.findByTestId('withdraw-verification-step', undefined, { timeout: 5_000 });
    expect(step.getAttribute('data-state')).toBe('in_review');
    expect(screen.getByTestId('withdraw-verification-step-title').textContent).toBe('Your identity is being checked');
    expect(screen.queryByTestId('withdraw-request')).toBeNull();
    // The lists stay readable.
    expect(await screen.findByTestId('withdraw-pending-table')).toBeTruthy();
  });
});

describe('amount form', () => {
  it('keeps digits and one decimal mark', () => {
    expect(amountInput('1 234,5€')).toBe('1234,5');
    expect(amountInput('12.3.4')).toBe('12.34');
    expect(amountInput('-5')).toBe('5');
  });

  it('gives minor units, and the spec messages as catalogue keys', () => {
    const form = withdrawalForm({ minor: 50_000, curr: 'USD' });
    expect(form.parse({ amount: '12,5' })).toEqual({ amount: 1250 });
    expect(form.parse({ amount: '500' })).toEqual({ amount: 50_000 });
    const issue = (amount: string) => form.safeParse({ amount }).error?.issues[0]?.message;
    expect(issue('')).toBe('RequiredField');
    expect(issue('0.99')).toBe('WithdrawalMinUSD');
    expect(issue('500.01')).toBe('InsufficientBalance');
    expect(issue('1.005')).toBe('WithdrawalAmountInvalid');
  });

  it('shows the spec messages in English then in French', async () => {
    await openDialog();
    expect((await screen.findByTestId('withdraw-account')).textContent).toBe('Ada Lovelace · IBAN ending 0189');
    const error = () => plain(screen.getByTestId('withdraw-amount-error').textContent);

    fireEvent.click(screen.getByTestId('withdraw-continue'));
    await waitFor(() => expect(error()).toBe('*Required field'));
    await submitAmount('0.5');
    await waitFor(() => expect(error()).toBe('Should be greater than or equal to 1 €'));
    await act(() => i18n.changeLanguage('fr'));
    expect(error()).toBe('Doit être supérieur ou égal à 1 €');

    await submitAmount('500,01');
    await waitFor(() => expect(error()).toBe(plain(messages.InsufficientBalance.fr)));
    await act(() => i18n.changeLanguage('en'));
    expect(error()).toBe(
      'Your account balance is insufficient to complete this transaction. Please ensure that you have sufficient funds in your account before proceeding.',
    );

    await submitAmount('12.345');
    await waitFor(() => expect(error()).toBe('Enter an amount with at most two decimals.'));
    expect(bodyOf('/api/member/withdrawal/code')).toEqual([]);
  });

  it('uses the dollar in the minimum message of a USD member', async () => {
    state.profile = { ...profile, curr: 'USD', wallet_amount: { value: 500, minor: 50_000, curr: 'USD' } };
    await openDialog();
    await submitAmount('0');
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-amount-error').textContent).toBe('Should be greater than or equal to 1 $'),
    );
  });

  it('sends a member without a bank account to the payout section', async () => {
    state.bank = null;
    await openDialog();
    expect((await screen.findByTestId('withdraw-no-bank')).textContent).toContain('Bank account is required');
    expect(screen.queryByTestId('withdraw-continue')).toBeNull();
    fireEvent.click(screen.getByTestId('withdraw-add-bank'));
    expect((await screen.findByTestId('edit-page')).getAttribute('data-hash')).toBe('#payout');
  });
});

describe('phone needed', () => {
  it('sends a member without a phone to /user/edit#phone with needPhone', async () => {
    state.profile = { ...profile, phone: null, ipe: true };
    renderWithdraw();
    fireEvent.click(await screen.findByTestId('withdraw-request'));
    const edit = await screen.findByTestId('edit-page');
    expect(edit.getAttribute('data-hash')).toBe('#phone');
    expect(JSON.parse(edit.getAttribute('data-state') ?? 'null')).toEqual({ needPhone: true });
    expect(bodyOf('/api/member/withdrawal/code')).toEqual([]);
  });

  it('does the same when the server answers PhoneMissing', async () => {
    await openDialog();
    vi.mocked(fetch).mockImplementationOnce(async () => fail(400, messages.PhoneMissing));
    await submitAmount('20');
    expect((await screen.findByTestId('edit-page')).getAttribute('data-hash')).toBe('#phone');
  });
});

describe('after a contact or payout change (issue 12)', () => {
  it('says why and until when withdrawals wait, in English then in French, and blocks the request', async () => {
    state.holdUntil = '2026-11-25T14:05:00.000Z';
    renderWithdraw();
    const hold = await screen.findByTestId('withdraw-hold');
    expect(plain(hold.textContent)).toContain('Withdrawals paused');
    // Issue 31: the shared date-time format of every member screen, on the reader's own clock (hence the pattern).
    expect(plain(hold.textContent)).toMatch(/possible again from 2[56] Nov 2026, \d{2}:\d{2}\.$/);
    expect((screen.getByTestId('withdraw-request') as HTMLButtonElement).disabled).toBe(true);
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() =>
      expect(plain(screen.getByTestId('withdraw-hold').textContent)).toMatch(
        /à partir du 2[56] nov\. 2026, \d{2}:\d{2}\.$/,
      ),
    );
    expect(plain(screen.getByTestId('withdraw-hold').textContent)).toContain('Retraits suspendus');
  });

  it('offers the saved PayPal address beside the bank account and pays it', async () => {
    state.profile = { ...profile, paypal: { email: 'ada.pay@example.com' } };
    await openDialog();
    await screen.findByTestId('withdraw-account');
    fireEvent.click(screen.getByTestId('withdraw-method-paypal'));
    expect(screen.getByTestId('withdraw-account').textContent).toBe('PayPal · ada.pay@example.com');
    await submitAmount('12.5');
    await screen.findByTestId('otp-dialog');
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    await screen.findByTestId('withdraw-in-progress-dialog');
    expect(JSON.parse(bodyOf('/api/member/withdrawal/store')[0] ?? '')).toEqual({
      payment_method: 'paypal',
      account: 'ada.pay@example.com',
      amount: 12.5,
      verification_code: '123456',
    });
  });
});

describe('withdrawal flow', () => {
  it('posts code → verify-code → store, then shows the request in progress and both lists at page 1', async () => {
    renderWithdraw();
    expect(plain((await screen.findByTestId('withdraw-balance')).textContent)).toBe('€500.00');
    await waitFor(() => expect(references('withdraw-pending-table')).toEqual(['WD-P0001', 'WD-P0002', 'WD-P0003']));
    fireEvent.click(screen.getByTestId('withdraw-pending-next'));
    await waitFor(() => expect(references('withdraw-pending-table')).toEqual(['WD-P0004', 'WD-P0005']));

    fireEvent.click(screen.getByTestId('withdraw-request'));
    await screen.findByTestId('withdraw-account');
    await submitAmount('12.5');
    const otp = await screen.findByTestId('otp-dialog');
    expect(plain(within(otp).getByTestId('otp-dialog-text').textContent)).toBe(
      'A code has been sent by SMS to +33 6 12 34 56 78. Enter it to confirm the withdrawal of €12.50.',
    );
    expect(bodyOf('/api/member/withdrawal/code')).toEqual(['{"amount":12.5}']);

    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    const done = await screen.findByTestId('withdraw-in-progress-dialog');
    expect(within(done).getByTestId('withdraw-in-progress-status').textContent).toBe('in progress');
    expect(within(done).getByTestId('withdraw-in-progress-message').textContent).toBe(
      'Your withdrawal request is in progress',
    );

    expect(bodyOf('/api/member/withdrawal/verify-code').map((body) => JSON.parse(body ?? ''))).toEqual([
      { verification_code: '123456' },
    ]);
    const [store] = bodyOf('/api/member/withdrawal/store');
    expect(store).toContain('"amount":12.5,');
    expect(JSON.parse(store ?? '')).toEqual({
      payment_method: 'bank',
      account: 'saved',
      amount: 12.5,
      verification_code: '123456',
    });
    const verifyAt = calls.findIndex((call) => call.path === '/api/member/withdrawal/verify-code');
    const storeAt = calls.findIndex((call) => call.path === '/api/member/withdrawal/store');
    expect(verifyAt).toBeGreaterThan(-1);
    expect(storeAt).toBeGreaterThan(verifyAt);

    // Both lists are asked again from the first page, and the new request heads the In progress list.
    await waitFor(() => expect(references('withdraw-pending-table')).toEqual(['WD-NEW', 'WD-P0001', 'WD-P0002']));
    const after = calls.slice(storeAt + 1);
    expect(
      after.filter((c) => c.path === '/api/member/withdrawal/pending').map((c) => c.search.get('offset')),
    ).toContain('0');
    expect(
      after.filter((c) => c.path === '/api/member/withdrawal/approved').map((c) => c.search.get('offset')),
    ).toContain('0');
    expect(after.some((c) => c.path === '/api/user/profile')).toBe(true);
    expect((screen.getByTestId('withdraw-pending-previous') as HTMLButtonElement).disabled).toBe(true);
  });

  it('accepts a French decimal comma and sends a number', async () => {
    await act(() => i18n.changeLanguage('fr'));
    await openDialog();
    await screen.findByTestId('withdraw-account');
    await submitAmount('7,05');
    await screen.findByTestId('otp-dialog');
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    await screen.findByTestId('withdraw-in-progress-dialog');
    expect(JSON.parse(bodyOf('/api/member/withdrawal/store')[0] ?? '').amount).toBe(7.05);
    expect(screen.getByTestId('withdraw-in-progress-status').textContent).toBe('en cours');
  });

  it('shows a refused code under the field and records nothing', async () => {
    state.verify = fail(400, messages.CodeInvalid);
    await openDialog();
    await screen.findByTestId('withdraw-account');
    await submitAmount('20');
    await screen.findByTestId('otp-dialog');
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    await waitFor(() => expect(screen.getByTestId('otp-dialog-input-error').textContent).toBe(messages.CodeInvalid.en));
    expect(bodyOf('/api/member/withdrawal/store')).toEqual([]);
  });

  it('toasts a refused request in the current language', async () => {
    state.store = fail(400, messages.InsufficientBalance);
    await act(() => i18n.changeLanguage('fr'));
    await openDialog();
    await screen.findByTestId('withdraw-account');
    await submitAmount('20');
    await screen.findByTestId('otp-dialog');
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe(messages.InsufficientBalance.fr);
    expect(screen.queryByTestId('withdraw-in-progress-dialog')).toBeNull();
  });
});

describe('with two-step verification on (issue 17)', () => {
  it('asks for the app code after the SMS code; a refused one stays in its dialog; the right one is sent as totp_code', async () => {
    state.profile = { ...profile, two_factor: true };
    state.store = fail(400, messages.TotpCodeInvalid);
    await openDialog();
    await screen.findByTestId('withdraw-account');
    await submitAmount('20');
    await screen.findByTestId('otp-dialog');
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    const dialog = await screen.findByTestId('totp-dialog');
    expect(dialog.textContent).toContain('enter the 6-digit code from your authenticator app, or a recovery code');
    expect(bodyOf('/api/member/withdrawal/store')).toEqual([]);

    fireEvent.change(screen.getByTestId('totp-dialog-input'), { target: { value: '111111' } });
    fireEvent.click(screen.getByTestId('totp-dialog-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('totp-dialog-input-error').textContent).toBe(messages.TotpCodeInvalid.en),
    );
    state.store = undefined;
    fireEvent.change(screen.getByTestId('totp-dialog-input'), { target: { value: '222222' } });
    fireEvent.click(screen.getByTestId('totp-dialog-submit'));
    await screen.findByTestId('withdraw-in-progress-dialog');
    expect(bodyOf('/api/member/withdrawal/store').map((body) => JSON.parse(body ?? ''))).toEqual([
      { payment_method: 'bank', account: 'saved', amount: 20, verification_code: '123456', totp_code: '111111' },
      { payment_method: 'bank', account: 'saved', amount: 20, verification_code: '123456', totp_code: '222222' },
    ]);
  });
});

describe('lists', () => {
  it("writes dates 'DD MMM, YYYY' in English and in French", async () => {
    renderWithdraw();
    const firstDate = async () => {
      const [first] = await within(await screen.findByTestId('withdraw-history-table')).findAllByTestId(
        'withdraw-row-date',
      );
      return first?.textContent;
    };
    expect(await firstDate()).toBe('02 Mar, 2026');
    await act(() => i18n.changeLanguage('fr'));
    expect(await firstDate()).toBe('02 mars 2026');
    const [amount] = within(screen.getByTestId('withdraw-history-table')).getAllByTestId('withdraw-row-amount');
    expect(plain(amount?.textContent)).toBe('11,50 €');
  });

  it('disables next on the last page (from total) and previous on the first', async () => {
    renderWithdraw();
    const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;
    await waitFor(() => expect(references('withdraw-pending-table')).toHaveLength(3));
    await waitFor(() => expect(references('withdraw-history-table')).toHaveLength(3));
    expect(button('withdraw-history-next').disabled).toBe(true);
    expect(button('withdraw-history-previous').disabled).toBe(true);
    expect(button('withdraw-pending-previous').disabled).toBe(true);
    await waitFor(() => expect(button('withdraw-pending-next').disabled).toBe(false));

    fireEvent.click(button('withdraw-pending-next'));
    await waitFor(() => expect(references('withdraw-pending-table')).toEqual(['WD-P0004', 'WD-P0005']));
    expect(button('withdraw-pending-next').disabled).toBe(true);
    expect(button('withdraw-pending-previous').disabled).toBe(false);
    const lastCall = calls.filter((c) => c.path === '/api/member/withdrawal/pending').at(-1);
    expect(lastCall?.search.get('limit')).toBe('3');
    expect(lastCall?.search.get('offset')).toBe('3');
  });

  it('shows the empty states', async () => {
    state.pending = [];
    state.approved = [];
    renderWithdraw();
    expect((await screen.findByTestId('withdraw-pending-empty')).textContent).toBe('No withdrawal in progress.');
    expect(screen.getByTestId('withdraw-history-empty').textContent).toBe('No withdrawal has been paid yet.');
    // Nothing to page through: the shared table shows its message alone, without a pager (decision 459).
    expect(screen.queryByTestId('withdraw-pending-next')).toBeNull();
    expect(screen.queryByTestId('withdraw-history-pager')).toBeNull();
  });
});
