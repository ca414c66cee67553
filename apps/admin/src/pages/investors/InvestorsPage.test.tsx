import { messages } from '@parcelle/shared/i18n/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { failure, ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { InvestorsPage } from './InvestorsPage';

const request = {
  id: '5a0e7c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  member_id: '7c0e7c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  member_email: 'lea@example.com',
  member_name: 'Léa Tremblay',
  criteria: ['income_or_portfolio', 'market_transactions'],
  statement: 'Income €80,000; 12 trades a quarter.',
  state: 'pending',
  created_at: '2026-11-20T10:00:00.000Z',
  decided_at: null,
  valid_until: null,
  reason: null,
  decided_by: null,
  documents: [
    {
      id: '9a0b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
      content_type: 'application/pdf',
      size_bytes: 204_800,
      sha256: 'a'.repeat(64),
      uploaded_at: '2026-11-20T11:00:00.000Z',
    },
  ],
};

function renderPage() {
  renderScreen(<InvestorsPage />, {
    path: '*',
    url: '/investors',
    resources: [{ name: 'investors', list: '/investors' }],
  });
}

setUpScreenTests();
beforeEach(() => {
  // jsdom has no object URLs: an opened document is one, revoked when the viewer closes.
  URL.createObjectURL = vi.fn(() => 'blob:parcelle/evidence');
  URL.revokeObjectURL = vi.fn();
});

describe('the investors screen (issue 30)', () => {
  it('lists pending requests with their criteria, approves one, and a rejection without a reason shows the refusal', async () => {
    const calls = stubFetch([
      ok({ items: [request], total: 1 }),
      failure(400, messages.SophisticationReasonRequired, 'reason'),
      ok({ ...request, state: 'approved' }),
      ok({ items: [], total: 0 }),
    ]);
    renderPage();
    const row = await screen.findByTestId(`investor-request-${request.id}`);
    expect(within(row).getByText('Léa Tremblay')).toBeTruthy();
    expect(within(row).getByText(/10 per quarter/)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    expect(await within(row).findByText(messages.SophisticationReasonRequired.en)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByTestId('investor-requests-empty')).toBeTruthy();
    expect(calls[1]).toMatchObject({ method: 'POST', body: { decision: 'reject', reason: '' } });
    expect(calls[2]?.url).toContain(`/admin/investor/sophistication-requests/${request.id}/decide`);
    expect(calls[2]?.body).toEqual({ decision: 'approve' });
  });

  it('lists the evidence and opens a document with the operator’s token in the viewer (decision 328)', async () => {
    const calls = stubFetch([ok({ items: [request], total: 1 }), [200, {}]]);
    renderPage();
    const row = await screen.findByTestId(`investor-request-${request.id}`);
    expect(within(row).getByText(/Document 1 · PDF · 200 KB/)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Open document 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Evidence 1 of Léa Tremblay' });
    const frame = await within(dialog).findByTitle('Evidence 1 of Léa Tremblay');
    expect(frame.getAttribute('src')).toBe('blob:parcelle/evidence');
    expect(calls[1]?.url).toBe(
      `/api/admin/investor/sophistication-requests/${request.id}/documents/${request.documents[0]?.id}`,
    );
    expect(calls[1]?.headers.Authorization).toBe('Bearer access');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:parcelle/evidence'));
  });

  it('says when no document is attached, in French', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    stubFetch([ok({ items: [{ ...request, documents: [] }], total: 1 })]);
    renderPage();
    const row = await screen.findByTestId(`investor-request-${request.id}`);
    expect(within(row).getByText('Aucun document joint.')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Ouvrir le document/ })).toBeNull();
  });

  it('reads one member’s consent log', async () => {
    const calls = stubFetch([
      ok({ items: [], total: 0 }),
      ok({
        items: [
          {
            id: 'c1',
            kind: 'investment_warning',
            text_version: 'rw-inv-2026-11',
            text_hash: 'a'.repeat(64),
            language: 'fr',
            session_id: 's1',
            reference: 'PA-123',
            amount_minor: 500_001,
            currency: 'EURO',
            created_at: '2026-11-20T10:00:00.000Z',
          },
        ],
      }),
    ]);
    renderPage();
    await screen.findByTestId('investor-requests-empty');
    fireEvent.change(screen.getByLabelText('Member id'), { target: { value: request.member_id } });
    fireEvent.click(screen.getByRole('button', { name: 'Read the log' }));
    // The kind in words, the amount in the console's language and currency.
    expect(await screen.findByText('Warning on an investment above the threshold')).toBeTruthy();
    expect(screen.getByText('rw-inv-2026-11')).toBeTruthy();
    expect(screen.getByText(/PA-123 · €5,000\.01/)).toBeTruthy();
    await waitFor(() => expect(calls[1]?.url).toContain(`/admin/investor/members/${request.member_id}/consents`));
  });
});
