import { messages } from '@parcelle/shared/i18n/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { failure, ok, stubFetch } from '../../test/fetch';
import { headersInView } from '../../test/grid';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { WithdrawalsList } from './WithdrawalsList';

const pending = {
  id: '0b5c6f1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  reference: 'WD-000042',
  member: { id: 'm1', email: 'lea@example.com', name: 'Léa Tremblay' },
  amount: { value: 250, curr: 'EURO' },
  amount_minor: 25000,
  account: 'FR76 **** 0189',
  status: 'PENDING',
  created_at: '2026-11-20T10:00:00.000Z',
  decided_at: null,
  reason: null,
};

function renderQueue() {
  renderScreen(<WithdrawalsList />, {
    path: '*',
    url: '/withdrawals',
    resources: [{ name: 'withdrawals', list: '/withdrawals' }],
  });
}

setUpScreenTests();

describe('the withdrawal queue', () => {
  it('shows whom, how much and the decision buttons together in a 1280 px window', async () => {
    stubFetch([ok({ withdrawals: [pending], total: 1 })]);
    renderQueue();
    await screen.findByText('WD-000042');
    expect(headersInView()).toEqual(expect.arrayContaining(['Reference', 'Member', 'Amount', 'Status', 'Actions']));
  });

  it('sorts on the server by a column the route sorts by; the others offer no sort', async () => {
    const calls = stubFetch([ok({ withdrawals: [pending], total: 1 }), ok({ withdrawals: [pending], total: 1 })]);
    renderQueue();
    await screen.findByText('WD-000042');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    expect(header('Account').className).not.toContain('MuiDataGrid-columnHeader--sortable');
    expect(header('Amount').className).toContain('MuiDataGrid-columnHeader--sortable');
    fireEvent.click(within(header('Account')).getByText('Account'));
    fireEvent.click(within(header('Amount')).getByText('Amount'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe('/api/admin/withdrawals?sort=amount&order=asc&limit=20&offset=0');
    await waitFor(() => expect(header('Amount').getAttribute('aria-sort')).toBe('ascending'));
  });

  it('rejects with a reason only after the confirmation, and asks for a reason first', async () => {
    const calls = stubFetch([
      ok({ withdrawals: [pending], total: 1 }),
      ok({ ...pending, status: 'REJECTED' }),
      ok({ withdrawals: [{ ...pending, status: 'REJECTED', reason: 'IBAN closed' }], total: 1 }),
    ]);
    renderQueue();
    const row = (await screen.findByText('WD-000042')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal WD-000042?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(messages.ReasonRequired.en)).toBeTruthy();
    expect(calls).toHaveLength(1);

    fireEvent.change(within(dialog).getByLabelText(/Reason for the member/), { target: { value: 'IBAN closed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[1]).toMatchObject({
      url: `/api/admin/withdrawals/${pending.id}/reject`,
      method: 'POST',
      body: { reason: 'IBAN closed' },
    });
    expect(calls[2]?.url).toBe('/api/admin/withdrawals?limit=20&offset=0');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the API refusal of an approval in the dialog, in French', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    stubFetch([ok({ withdrawals: [pending], total: 1 }), failure(409, messages.SomethingWentWrong)]);
    renderQueue();
    const row = (await screen.findByText('WD-000042')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Approuver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approuver le retrait WD-000042\u00a0?' });
    expect(within(dialog).getByText(/250,00\s€/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approuver' }));
    expect(await within(dialog).findByText(messages.SomethingWentWrong.fr)).toBeTruthy();
  });

  it('releases an approved withdrawal, and shows the API’s four-eyes refusal in French', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    const approved = { ...pending, status: 'APPROVED', decided_by: 'ops@parcelle.art' };
    const calls = stubFetch([ok({ withdrawals: [approved], total: 1 }), failure(409, messages.FourEyesRequired)]);
    renderQueue();
    const row = (await screen.findByText('WD-000042')).closest('[role="row"]') as HTMLElement;
    expect(within(row).queryByRole('button', { name: 'Approuver' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Verser' }));
    const dialog = await screen.findByRole('dialog', { name: /Verser le retrait WD-000042/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verser' }));
    expect(await within(dialog).findByText(messages.FourEyesRequired.fr, { normalizer: (text) => text })).toBeTruthy();
    expect(calls[1]).toMatchObject({ url: `/api/admin/withdrawals/${pending.id}/release`, method: 'POST' });
  });

  it('downloads the SEPA file with the operator’s token, and shows the API’s 409 when there is nothing', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const sent: Array<{ url: string; headers: Record<string, string> }> = [];
    const answers = [
      new Response(JSON.stringify({ status: 200, data: { withdrawals: [], total: 0 } }), { status: 200 }),
      new Response('<Document/>', {
        status: 200,
        headers: {
          'content-type': 'application/xml',
          'content-disposition': 'attachment; filename="PARCELLE-20261124.xml"',
          'x-payout-count': '2',
        },
      }),
      new Response(JSON.stringify({ status: 200, data: { withdrawals: [], total: 0 } }), { status: 200 }),
      new Response(JSON.stringify({ status: 409, error: messages.SepaNothingToExport }), { status: 409 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        sent.push({ url, headers: (init.headers ?? {}) as Record<string, string> });
        const next = answers.shift();
        if (!next) throw new Error(`unexpected call ${url}`);
        return next;
      }),
    );
    renderQueue();
    await waitFor(() => expect(sent).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Export SEPA' }));
    await waitFor(() => expect(saved).toEqual(['PARCELLE-20261124.xml']));
    expect(sent[1]).toMatchObject({
      url: '/api/admin/withdrawals/sepa.xml',
      headers: { Authorization: 'Bearer access' },
    });
    await waitFor(() => expect(sent).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Export SEPA' }));
    expect(await screen.findByText(messages.SepaNothingToExport.en)).toBeTruthy();
    click.mockRestore();
  });
});
