import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmedFacts } from '../../test/confirm';
import { ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { ExitOfferPage } from './ExitOfferPage';

const id = '6c1f2a3b-4d5e-4f60-9a7b-8c9d0e1f2a3b';
const offer = {
  id,
  reference: 'EX-00AA11BB22CC',
  painting: { id: 'p1', title: 'Les Nymphéas' },
  buyer_name: 'Fondation Test',
  amount: { value: 1000.01, curr: 'EURO' },
  amount_minor: 100_001,
  currency: 'EURO',
  fee_minor: 2_500,
  net_minor: 97_501,
  quorum_bps: 5_000,
  majority_bps: 6_667,
  status: 'voting',
  vote_opens_at: null,
  vote_closes_at: '2026-11-20T10:00:00.000Z',
  opened_at: '2026-11-10T10:00:00.000Z',
  resolved_at: null,
  recorded_by_email: 'ops@parcelle.art',
  appraisal_minor: 50_000,
  appraisal_flagged: true,
  funds_received_minor: 100_001,
  approved_by_email: 'second@parcelle.art',
  approved_at: '2026-11-09T11:00:00.000Z',
  flag_acknowledged: true,
  created_at: '2026-11-09T10:00:00.000Z',
  tally: {
    eligible_parts: 9,
    accept_parts: 5,
    reject_parts: 4,
    cast_parts: 9,
    quorum_met: true,
    majority_met: false,
    accepted: false,
  },
  voters: [
    {
      user_id: 'u1',
      email: 'lea@example.com',
      name: 'Léa Tremblay',
      parts: 5,
      choice: 'accept',
      payout_minor: null,
      cost_basis_minor: null,
    },
  ],
};

setUpScreenTests();

describe('an exit offer in the console', () => {
  it('shows the tally and the voters, then resolves after the confirmation', async () => {
    const calls = stubFetch([ok(offer), ok({ ...offer, status: 'rejected' }), ok({ ...offer, status: 'rejected' })]);
    renderScreen(<ExitOfferPage />, {
      path: '/exits/:id',
      url: `/exits/${id}`,
      resources: [{ name: 'exits', list: '/exits', show: '/exits/:id' }],
    });
    await screen.findByRole('heading', { name: 'Exit offer EX-00AA11BB22CC' });
    expect(screen.getByTestId('exit-tally').textContent).toBe(
      'Parts for: 5, against: 4; parts that voted: 9 of 9. Quorum met, majority not met.',
    );
    const table = screen.getByRole('table', { name: 'Voters and holders (1)' });
    expect(within(table).getByText('For')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve offer EX-00AA11BB22CC?' });
    expect(within(dialog).getByText(/€975\.01 is paid/)).toBeTruthy();
    // The work and what each of the 9 parts gets, named before anything is paid.
    expect(confirmedFacts(dialog)).toEqual([
      `Work: ${offer.painting.title}`,
      'Amount per part: about €108.33',
      'Total: €975.01',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(calls[1]).toMatchObject({ url: `/api/admin/exits/${id}/resolve`, method: 'POST' });
  });

  it('records the buyer’s funds, and the second operator approves only once the appraisal flag is acknowledged', async () => {
    const pending = {
      ...offer,
      status: 'recorded',
      approved_by_email: null,
      approved_at: null,
      flag_acknowledged: false,
    };
    const calls = stubFetch([ok(pending), ok(pending), ok(pending), ok(pending), ok(pending)]);
    renderScreen(<ExitOfferPage />, {
      path: '/exits/:id',
      url: `/exits/${id}`,
      resources: [{ name: 'exits', list: '/exits', show: '/exits/:id' }],
    });
    await screen.findByRole('heading', { name: 'Exit offer EX-00AA11BB22CC' });
    expect(screen.getByTestId('exit-appraisal-flag').textContent).toMatch(/€1,000\.01 is far from .*€500\.00/);
    fireEvent.click(screen.getByRole('button', { name: 'Record funds received' }));
    const funds = await screen.findByRole('dialog', { name: 'Record the buyer’s funds for offer EX-00AA11BB22CC' });
    fireEvent.change(within(funds).getByLabelText(/Amount received/), { target: { value: '1000.01' } });
    fireEvent.change(within(funds).getByLabelText(/Bank reference/), { target: { value: 'BNP-42' } });
    fireEvent.click(within(funds).getByRole('button', { name: 'Record funds received' }));
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(calls[1]).toMatchObject({ url: `/api/admin/exits/${id}/funds`, method: 'POST' });
    expect(calls[1]?.body).toEqual({ amount_minor: 100_001, bank_reference: 'BNP-42' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const approval = await screen.findByRole('dialog', { name: 'Approve offer EX-00AA11BB22CC?' });
    const confirm = within(approval).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(approval).getByRole('checkbox', { name: /I have seen this/ }));
    expect(confirm.disabled).toBe(false);
    const before = calls.length;
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
    expect(calls[before]).toMatchObject({ url: `/api/admin/exits/${id}/approve`, method: 'POST' });
    expect(calls[before]?.body).toEqual({ acknowledge_appraisal_flag: true });
  });
});
