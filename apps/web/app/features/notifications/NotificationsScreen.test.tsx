// @vitest-environment jsdom
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { TNotification } from '@parcelle/shared/contracts/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../feedback/toast';
import { i18n, initI18n } from '../i18n/i18n';
import { theme } from '../theme/theme';
import { NotificationsScreen } from './NotificationsScreen';

initI18n();

const work = { slug: 'waterlilies', title_en: 'Waterlilies', title_fr: 'Nymphéas' };
const PAINTING = '00000000-0000-4000-8000-000000000002';

/** A dollar member's notices of the book (issue 31): each carries its price in dollars beside the book's euros. */
const notifications: TNotification[] = [
  {
    id: '00000000-0000-4000-8000-0000000000a1',
    kind: 'bid_expired',
    payload: {
      bid_id: '00000000-0000-4000-8000-000000000003',
      painting_id: PAINTING,
      quantity: 2,
      unit_price_minor: 400,
      currency: 'EURO',
      display_unit_price_minor: 432,
      display_currency: 'USD',
    },
    work,
    read: false,
    created_at: '2026-11-20T10:00:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-0000000000a2',
    kind: 'order_filled',
    payload: {
      order_id: '00000000-0000-4000-8000-000000000004',
      painting_id: PAINTING,
      side: 'sell',
      quantity: 3,
      unit_price_minor: 450,
      currency: 'EURO',
      display_unit_price_minor: 486,
      display_currency: 'USD',
    },
    work,
    read: true,
    created_at: '2026-11-19T10:00:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-0000000000a3',
    kind: 'parts_sold',
    payload: {
      purchase_id: '00000000-0000-4000-8000-000000000005',
      painting_id: PAINTING,
      parts: 2,
      amount_minor: 972,
      currency: 'USD',
      book_amount_minor: 900,
      book_currency: 'EURO',
    },
    work,
    read: false,
    created_at: '2026-11-18T10:00:00.000Z',
  },
];

const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, data, message: { en: 'OK', fr: 'OK' } }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(async () => {
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refresh_token', 'refresh');
  await act(() => i18n.changeLanguage('en'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/member/notifications') return ok({ notifications, total: 3, unread: 2 });
      if (url.pathname === '/api/member/notification-preferences')
        return ok({ preferences: [{ kind: 'parts_sold', email: true }] });
      return ok({});
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

function renderScreen() {
  const router = createMemoryRouter([{ path: '/user/notifications', element: <NotificationsScreen /> }], {
    initialEntries: ['/user/notifications'],
  });
  render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const bodies = () => screen.getAllByTestId('notification').map((item) => plain(item.textContent));

describe('the notices of a sale in the member’s currency (issue 31)', () => {
  it('writes an expired bid and a filled order in dollars with the book’s euros beside, in English and French', async () => {
    renderScreen();
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(3));
    const [expired, filled] = bodies();
    expect(expired).toContain(
      'Your bid for 2 parts of “Waterlilies” at $4.32 (€4.00 in the book) a part expired without being filled.',
    );
    expect(filled).toContain('3 parts of “Waterlilies” sold at $4.86 (€4.50 in the book) a part.');
    await act(() => i18n.changeLanguage('fr'));
    const [expiredFr, filledFr] = bodies();
    expect(expiredFr).toContain(
      'Votre offre d’achat de 2 parts de « Nymphéas » à 4,32 $US (4,00 € dans le carnet) la part a expiré sans être exécutée.',
    );
    expect(filledFr).toContain('3 parts de « Nymphéas » vendues à 4,86 $US (4,50 € dans le carnet) la part.');
  });
});

describe('the notice of listed parts sold (issue 31)', () => {
  it('says what the seller’s wallet received, in dollars with the book’s euros beside, in English and French', async () => {
    renderScreen();
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(3));
    const sold = () => bodies()[2];
    expect(sold()).toContain('Your parts were sold: “Waterlilies”');
    expect(sold()).toContain(
      '2 parts of “Waterlilies” that you listed for sale were bought. Your Parcelle wallet has been credited with $9.72 (€9.00 in the book).',
    );
    expect(await screen.findByLabelText(/Listed parts sold/)).toBeTruthy();
    await act(() => i18n.changeLanguage('fr'));
    expect(sold()).toContain('Vos parts ont été vendues : « Nymphéas »');
    expect(sold()).toContain(
      '2 parts de « Nymphéas » que vous aviez mises en vente ont été achetées. Votre porte-monnaie Parcelle a été crédité de 9,72 $US (9,00 € dans le carnet).',
    );
    expect(await screen.findByLabelText(/Parts en vente vendues/)).toBeTruthy();
  });
});
