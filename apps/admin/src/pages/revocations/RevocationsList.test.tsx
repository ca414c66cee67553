// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { RevocationsList } from './RevocationsList';

/** Issue 30 (decision 421): the console's revocations, their refund route and state, filtered by day on the server. */

const byCard = {
  id: 'r1',
  purchase_id: '7c0e7c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  reference: 'PA-000042',
  member: { id: 'm1', name: 'Léa Tremblay', email: 'lea@example.com' },
  painting: { id: 'p1', title: { en: 'The Blue Hour', fr: 'L’Heure bleue' } },
  quantity: 3,
  amount_minor: 3702,
  currency: 'EURO',
  settled_at: '2027-05-02T08:00:00.000Z',
  period_ends_at: '2027-05-07T22:00:00.000Z',
  revoked_at: '2027-05-06T09:30:00.000Z',
  channel: 'email_link',
  refund_to: 'card',
  refund_status: 'pending',
};
const byWallet = {
  ...byCard,
  id: 'r2',
  reference: 'PA-000043',
  member: { id: 'm2', name: 'Tom Baker', email: 'tom@example.com' },
  quantity: 1,
  amount_minor: 1234,
  channel: 'member_area',
  refund_to: 'wallet',
  refund_status: 'credited',
};
const page = (rows: unknown[]) => ok({ revocations: rows, total: rows.length });
const show = () =>
  renderScreen(<RevocationsList />, {
    path: '*',
    url: '/revocations',
    resources: [{ name: 'revocations', list: '/revocations' }],
  });

setUpScreenTests();
afterEach(async () => {
  await act(() => i18nProvider.changeLocale('en'));
});

describe('the revocations list', () => {
  it('shows who revoked what, the money and where it goes back; filters by day on the server', async () => {
    const calls = stubFetch([page([byCard, byWallet]), page([byCard]), page([byCard])]);
    show();
    const row = (await screen.findByText('PA-000042')).closest('[role="row"]') as HTMLElement;
    const member = within(row).getByRole('link', { name: 'Léa Tremblay' });
    expect(member.getAttribute('href')).toBe('/members/m1');
    expect(member.getAttribute('title')).toBe('lea@example.com');
    expect(within(row).getByText('The Blue Hour')).toBeTruthy();
    expect(within(row).getByText('€37.02')).toBeTruthy();
    expect(within(row).getByText('Card')).toBeTruthy();
    expect(within(row).getByText('Waiting for the provider')).toBeTruthy();
    expect(within(row).getByText('Email link')).toBeTruthy();
    const other = screen.getByText('PA-000043').closest('[role="row"]') as HTMLElement;
    expect(within(other).getByText('Wallet')).toBeTruthy();
    expect(within(other).getByText('Credited to the wallet')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/admin/revocations?limit=20&offset=0');

    fireEvent.change(screen.getByLabelText('Revoked on or after'), { target: { value: '2027-05-06' } });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe('/api/admin/revocations?from=2027-05-06&limit=20&offset=0');
    fireEvent.change(screen.getByLabelText('Revoked on or before'), { target: { value: '2027-05-07' } });
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.url).toBe('/api/admin/revocations?from=2027-05-06&to=2027-05-07&limit=20&offset=0');
  });

  it('speaks French, amounts and titles included, and passes axe', async () => {
    stubFetch([page([byCard])]);
    await act(() => i18nProvider.changeLocale('fr'));
    show();
    const row = (await screen.findByText('PA-000042')).closest('[role="row"]') as HTMLElement;
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Achats annulés');
    expect(within(row).getByText('L’Heure bleue')).toBeTruthy();
    expect(within(row).getByText(/^37,02\s€$/)).toBeTruthy();
    expect(within(row).getByText('En attente du prestataire')).toBeTruthy();
    const results = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
