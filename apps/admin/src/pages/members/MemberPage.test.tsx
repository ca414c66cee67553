import { messages } from '@parcelle/shared/i18n/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Notifications } from '../../notifications';
import { i18nProvider } from '../../providers/i18n';
import { failure, ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { MemberPage } from './MemberPage';

const id = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const page = {
  profile: {
    id,
    email: 'lea@example.com',
    first_name: 'Léa',
    last_name: 'Tremblay',
    country: 'CA',
    birth_date: null,
    phone: null,
    paypal_email: null,
    bank: { account_owner: 'Léa Tremblay', iban_last4: '0189' },
    language: 'fr',
    currency: 'EURO',
    role: 'user',
    created_at: '2026-01-02T10:00:00.000Z',
    masked: true,
  },
  verification: {
    email_verified: true,
    email_verified_at: '2026-01-02T10:05:00.000Z',
    quick_sign_up: false,
    disabled: false,
    disabled_at: null,
    disabled_reason: null,
    frozen: false,
    payout_hold_until: null,
  },
  holdings: [{ painting_id: 'p1', title: 'Les Nymphéas', parts: 12, listed_parts: 2 }],
  purchases: [],
  listings: [],
  wallet: {
    balances: [{ value: 42.5, curr: 'EURO' }],
    balances_minor: [{ amount_minor: 4250, curr: 'EURO' }],
    lines: [],
  },
  withdrawals: [],
  sessions: [],
  notes: [],
};

function renderPage() {
  renderScreen(
    <>
      <MemberPage />
      <Notifications />
    </>,
    {
      path: '/members/:id',
      url: `/members/${id}`,
      resources: [{ name: 'members', list: '/members', show: '/members/:id' }],
    },
  );
}

setUpScreenTests();

describe('the member page', () => {
  it('shows the masked fields as masked and the IBAN by its last 4 only', async () => {
    stubFetch([ok(page)]);
    renderPage();
    await screen.findByRole('heading', { name: 'Léa Tremblay' });
    expect(screen.getAllByText('Hidden for your role')).toHaveLength(3);
    expect(screen.getByText('Léa Tremblay — •••• 0189')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Holdings' })).getByText('Les Nymphéas')).toBeTruthy();
    expect(screen.getByText('€42.50')).toBeTruthy();
  });

  it('disables only with a reason, after the confirmation, and shows the API’s message', async () => {
    const calls = stubFetch([
      ok(page),
      ok(null),
      ok({ ...page, verification: { ...page.verification, disabled: true } }),
    ]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable the account of Léa Tremblay?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByText(messages.ReasonRequired.en)).toBeTruthy();
    expect(calls).toHaveLength(1);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Fraud report' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(calls[1]).toMatchObject({
      url: `/api/admin/members/${id}/disable`,
      method: 'POST',
      body: { reason: 'Fraud report' },
    });
    expect(await screen.findByText(messages.MemberDisabled.en)).toBeTruthy();
  });

  it('shows the API’s refusal in French', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    stubFetch([ok(page), failure(403, messages.SomethingWentWrong)]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Déconnecter partout' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Déconnecter partout' }));
    expect(await within(dialog).findByText(messages.SomethingWentWrong.fr)).toBeTruthy();
  });
});
