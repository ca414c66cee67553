import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { BalancesList } from './BalancesList';
import { ReconciliationList } from './ReconciliationList';

const matched = {
  id: 'e1',
  provider: 'stripe',
  event_id: 'evt_1',
  type: 'payment_intent.succeeded',
  payment_ref: 'pi_1',
  amount: { value: 120, curr: 'EURO' },
  amount_minor: 12000,
  received_at: '2026-11-20T10:00:00.000Z',
  state: 'matched',
  purchase: {
    id: 'p1',
    reference: 'PU-000001',
    status: 'paid',
    total: { value: 120, curr: 'EURO' },
    total_minor: 12000,
    method: 'card',
  },
};
const unmatched = { ...matched, id: 'e2', event_id: 'evt_2', payment_ref: 'pi_2', state: 'unmatched', purchase: null };

/** Answers by URL (the grid and the summary are asked at once), recording the URLs asked. */
function stubApi(answer: (url: URL) => unknown) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://console.test');
      urls.push(url);
      const body = { status: 200, data: answer(url), message: { en: 'OK', fr: 'OK' } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return urls;
}

const RESOURCES = [
  { name: 'reconciliation', list: '/reconciliation' },
  { name: 'balances', list: '/balances' },
];

setUpScreenTests();

describe('the reconciliation screen', () => {
  it('lists the events with their match, asks the server for the unmatched ones only on the switch, in French', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    const urls = stubApi((url) => ({
      events: url.searchParams.get('unmatched') === 'true' ? [unmatched] : [matched, unmatched],
      total: url.searchParams.get('unmatched') === 'true' ? 1 : 2,
      unmatched_total: 1,
      paid_without_event: [
        {
          id: 'p9',
          reference: 'PU-000009',
          method: 'paypal',
          total: { value: 45, curr: 'EURO' },
          total_minor: 4500,
          settled_at: matched.received_at,
        },
      ],
    }));
    renderScreen(<ReconciliationList />, { path: '*', url: '/reconciliation', resources: RESOURCES });
    expect(await screen.findByText(/^PU-000001 · 120,00\s€$/)).toBeTruthy();
    expect(screen.getByText('Aucun achat')).toBeTruthy();
    expect(await screen.findByText(/ou d’un autre montant\s: 1\./)).toBeTruthy();
    expect(screen.getByText('PU-000009')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Seulement les événements non rapprochés ou discordants' }));
    await waitFor(() => expect(urls.some((url) => url.searchParams.get('unmatched') === 'true')).toBe(true));
    await waitFor(() => expect(screen.queryByText(/^PU-000001/)).toBeNull(), { timeout: 4000 });
  });
});

describe('the balances screen', () => {
  it('shows each account and the totals per kind', async () => {
    stubApi(() => ({
      accounts: [
        {
          account_id: 'a1',
          kind: 'member_wallet',
          member: { id: 'm1', email: 'lea@example.com' },
          balance: { value: 40, curr: 'EURO' },
          balance_minor: 4000,
          entries: 3,
        },
      ],
      totals: [{ kind: 'platform_cash', balance: { value: 1250.5, curr: 'EURO' }, balance_minor: 125050 }],
      total: 1,
    }));
    renderScreen(<BalancesList />, { path: '*', url: '/balances', resources: RESOURCES });
    expect(await screen.findByText('lea@example.com')).toBeTruthy();
    expect(screen.getByText('€40.00')).toBeTruthy();
    expect(await screen.findByText('€1,250.50')).toBeTruthy();
  });
});
