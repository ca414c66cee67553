import { messages } from '@parcelle/shared/i18n/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { failure, ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { DepositsPage } from './DepositsPage';

const queued = {
  id: '5f0c6f1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  statement_id: 'STMT-2026-11-27-001',
  entry_reference: 'BK20261127000003',
  booked_on: '2026-11-27',
  amount_text: '75.00',
  currency_code: 'EUR',
  amount_minor: 7500,
  remittance: 'Cadeau pour Camille',
  debtor_name: 'Jean Martin',
  debtor_iban: 'FR7630004000031234567890143',
  state: 'queued',
  reason: 'no_reference',
  member: null,
  ledger_reference: null,
  resolved_by: null,
  resolution_note: null,
  created_at: '2026-11-28T06:00:00.000Z',
};
const swiss = {
  ...queued,
  id: '6f0c6f1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  amount_text: '50.00',
  currency_code: 'CHF',
  amount_minor: null,
  reason: 'currency',
  remittance: 'RF36 1000 0000 0001',
};

function renderDeposits() {
  renderScreen(<DepositsPage />, {
    path: '*',
    url: '/deposits',
    resources: [{ name: 'deposits', list: '/deposits', meta: { path: 'deposits/transfers', listKey: 'transfers' } }],
  });
}

setUpScreenTests();

describe('deposits by bank transfer', () => {
  it('lists the credits with why each waits; a foreign currency reads as the bank wrote it', async () => {
    stubFetch([ok({ transfers: [queued, swiss], total: 2 })]);
    renderDeposits();
    expect(await screen.findByText('Cadeau pour Camille')).toBeTruthy();
    expect(screen.getByText('No reference')).toBeTruthy();
    expect(screen.getByText('Not in euros')).toBeTruthy();
    expect(screen.getByText('50.00 CHF')).toBeTruthy();
    expect(screen.getByText('€75.00')).toBeTruthy();
  });

  it('imports the chosen statement file and says what it did', async () => {
    const calls = stubFetch([
      ok({ transfers: [], total: 0 }),
      ok({
        import_id: 'i1',
        statement_ids: ['STMT-2026-11-27-001'],
        account_iban: 'FR7630006000011234567890189',
        credits: 8,
        credited: 2,
        queued: 5,
        duplicates: 1,
        skipped: 2,
        credited_minor: 35_010,
      }),
      ok({ transfers: [queued], total: 1 }),
    ]);
    renderDeposits();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe('/api/admin/deposits/transfers?limit=20&offset=0');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Choose the statement file first.')).toBeTruthy();
    const file = new File(['<Document/>'], 'statement.xml', { type: 'application/xml' });
    fireEvent.change(screen.getByLabelText('Statement file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const result = await screen.findByTestId('deposits-import-result');
    expect(result.textContent).toBe(
      'Imported STMT-2026-11-27-001. Credited: 2 (€350.10) · In the queue: 5 · Already imported: 1 · Not deposits: 2',
    );
    expect(calls[1]).toMatchObject({
      url: '/api/admin/deposits/statements',
      method: 'POST',
      body: { file_name: 'statement.xml', content: '<Document/>' },
    });
    await waitFor(() => expect(calls).toHaveLength(3));
  });

  it('shows the API’s refusal of a file that is not a statement, in French', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    stubFetch([ok({ transfers: [], total: 0 }), failure(400, messages.BankStatementInvalid)]);
    renderDeposits();
    const file = new File(['not xml'], 'releve.xml', { type: 'application/xml' });
    fireEvent.change(await screen.findByLabelText('Fichier du relevé'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Importer' }));
    expect(await screen.findByText(messages.BankStatementInvalid.fr, { normalizer: (text) => text })).toBeTruthy();
  });

  it('credits a queued transfer to a member by email with a note, after asking for the note', async () => {
    const calls = stubFetch([
      ok({ transfers: [queued], total: 1 }),
      ok({ id: queued.id, state: 'assigned' }),
      ok({ transfers: [{ ...queued, state: 'assigned' }], total: 1 }),
    ]);
    renderDeposits();
    const row = (await screen.findByText('Cadeau pour Camille')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit €75.00 to a member' });
    fireEvent.change(within(dialog).getByLabelText(/Member’s email address/), {
      target: { value: 'camille@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(await within(dialog).findByText(messages.ReasonRequired.en)).toBeTruthy();
    expect(calls).toHaveLength(1);
    fireEvent.change(within(dialog).getByLabelText(/Why/), { target: { value: 'Her father, confirmed by phone' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[1]).toMatchObject({
      url: `/api/admin/deposits/transfers/${queued.id}/assign`,
      method: 'POST',
      body: { email: 'camille@example.com', note: 'Her father, confirmed by phone' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the gate’s refusal when the member is not verified', async () => {
    stubFetch([ok({ transfers: [queued], total: 1 }), failure(409, messages.DepositMemberNotVerified)]);
    renderDeposits();
    const row = (await screen.findByText('Cadeau pour Camille')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Credit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Member’s email address/), {
      target: { value: 'alex@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Why/), { target: { value: 'Verified' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(await within(dialog).findByText(messages.DepositMemberNotVerified.en)).toBeTruthy();
  });
});
