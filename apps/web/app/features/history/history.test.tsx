// @vitest-environment jsdom
import { CssBaseline, ThemeProvider } from '@mui/material';
import { messages } from '@parcelle/shared/i18n/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../feedback/toast';
import { i18n, initI18n } from '../i18n/i18n';
import { theme } from '../theme/theme';
import type { ArtworkRow, DividendRow, PurchaseRow, SaleRow } from './api';
import { HistoryScreen, initialTab } from './HistoryScreen';

initI18n();

const title = (index: number) => ({ en: `Harbour ${index}`, fr: `Port ${index}` });

function purchase(index: number): PurchaseRow {
  return {
    reference_id: `PU-${String(index).padStart(4, '0')}`,
    painting_id: `p${index}`,
    painting_title: title(index),
    painting_img: `paintings/p${index}.jpg`,
    t: `2026-03-0${(index % 9) + 1}T10:00:00.000Z`,
    part_price: { value: 1234.5, curr: 'EURO' },
    quantity: 20,
    total_amount: { value: 24690, curr: 'EURO' },
    type: 'PURCHASE',
    market: 2,
    payment_method: 'card',
    // Issue 30: the second purchase was made under version 2 of the work's key information document.
    key_information:
      index === 2 ? { version: 2, content_hash: 'c'.repeat(64), acknowledged_at: '2026-03-02T09:00:00.000Z' } : null,
  };
}

const sale: SaleRow = {
  reference_id: 'PU-S001',
  listing_reference: 'LS-0001',
  painting_id: 'p1',
  painting_title: title(1),
  painting_img: 'paintings/p1.jpg',
  t: '2026-09-15T08:00:00.000Z',
  part_price: { value: 12.5, curr: 'USD' },
  part_sold: 5,
  selling_amount: { value: 62.5, curr: 'USD' },
  book_part_price_minor: 1157,
  book_selling_amount_minor: 5785,
  type: 'SALE',
};

const dividend: DividendRow = {
  reference_id: 'DV-0001',
  painting_id: 'p2',
  painting_title: title(2),
  painting_img: 'paintings/p2.jpg',
  t: '2026-01-31T08:00:00.000Z',
  year: 2025,
  owner_parts: 9,
  amount: { value: 3.6, curr: 'EURO' },
  type: 'DIVIDEND',
};

function artwork(index: number): ArtworkRow {
  return {
    painting_id: `w${index}`,
    painting_title: title(index),
    painting_img: `paintings/w${index}.jpg`,
    salePurchase: [
      {
        reference_id: `EV-${index}`,
        type: 'PURCHASE',
        part_price: { value: 10, curr: 'EURO' },
        part_quantity: 3,
        full_amount: { value: 30, curr: 'EURO' },
        t: '2026-02-05T10:00:00.000Z',
      },
    ],
  };
}

const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, data, message: { en: 'OK', fr: 'OK' } }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const fail = (status: number, error: { en: string; fr: string }) =>
  new Response(JSON.stringify({ status, error }), { status, headers: { 'Content-Type': 'application/json' } });

type State = {
  purchases: PurchaseRow[];
  sales: SaleRow[];
  dividends: DividendRow[];
  artworks: ArtworkRow[];
  download?: Response;
  list?: Response;
};
let state: State;
let calls: URL[];

function slice<T>(list: T[], url: URL) {
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 4);
  return list.slice(offset, offset + limit);
}

beforeEach(async () => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refresh_token', 'refresh');
  await act(() => i18n.changeLanguage('en'));
  calls = [];
  state = {
    purchases: Array.from({ length: 6 }, (_, index) => purchase(index + 1)),
    sales: [sale],
    dividends: [dividend],
    artworks: Array.from({ length: 6 }, (_, index) => artwork(index + 1)),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url);
      const base = { base_url: 'http://localhost/media/' };
      switch (url.pathname) {
        case '/api/member/history/PURCHASE':
          return (
            state.list ?? ok({ purchaseHistory: slice(state.purchases, url), total: state.purchases.length, ...base })
          );
        case '/api/member/history/SALE':
          return ok({ saleHistory: slice(state.sales, url), total: state.sales.length, ...base });
        case '/api/member/history/DIVIDEND':
          return ok({ dividendHistory: slice(state.dividends, url), total: state.dividends.length, ...base });
        case '/api/member/history/ARTWORK':
          return ok({ artworkHistory: slice(state.artworks, url), total: state.artworks.length, ...base });
        case '/api/member/download/PURCHASE':
        case '/api/member/download/ARTWORK':
          return (
            state.download ??
            ok({
              base_url: 'http://localhost',
              download_url: 'http://localhost/api/member/statements/purchase.pdf?token=x',
              csv_url: 'http://localhost/api/member/statements/purchase.csv?token=x',
              expires_at: '2030-01-01T00:00:00.000Z',
            })
          );
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

function renderHistory(entry: string | { pathname: string; search?: string; state?: unknown } = '/user/history') {
  const router = createMemoryRouter([{ path: '/user/history', element: <HistoryScreen /> }], {
    initialEntries: [entry],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const references = () =>
  within(screen.getByTestId('history-table'))
    .queryAllByTestId('history-row')
    .map((row) => row.getAttribute('data-reference'));
const headers = () =>
  within(screen.getByTestId('history-table'))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => plain(cell.textContent));
const historyCalls = (type: string) =>
  calls.filter((url) => url.pathname === `/api/member/history/${type}`).map((url) => url.search);

describe('initial tab', () => {
  it('reads ?tab=, then the navigation state, else Purchase', () => {
    expect(initialTab(new URLSearchParams('tab=sale'), { tab: 'ARTWORK' })).toBe('SALE');
    expect(initialTab(new URLSearchParams(''), { tab: 'ARTWORK' })).toBe('ARTWORK');
    expect(initialTab(new URLSearchParams('tab=nope'), null)).toBe('PURCHASE');
  });

  it('opens on Artwork when My parts sends the state', async () => {
    renderHistory({ pathname: '/user/history', state: { tab: 'ARTWORK' } });
    expect(screen.getByTestId('history-tab-artwork').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findAllByTestId('artwork-item')).toHaveLength(4);
    expect(historyCalls('PURCHASE')).toEqual([]);
  });
});

describe('tables', () => {
  it('shows the purchase columns and formats in English then French, 4 per page', async () => {
    window.localStorage.setItem('currency', 'EURO');
    renderHistory();
    await waitFor(() => expect(references()).toEqual(['PU-0001', 'PU-0002', 'PU-0003', 'PU-0004']));
    expect(historyCalls('PURCHASE')[0]).toBe('?limit=4&offset=0&currency=EURO');
    expect(headers()).toEqual(['Reference', 'Work', 'Date', 'Part price', 'Parts', 'Total']);
    const first = screen.getAllByTestId('history-row')[0] as HTMLElement;
    expect(cells(first)).toEqual([
      'PU-0001',
      'Harbour 1',
      '02 Mar 2026',
      '€1,234.50',
      '20 parts (2 cm² + 2 parts)',
      '€24,690.00',
    ]);
    expect(first.querySelector('img')?.getAttribute('src')).toBe('http://localhost/media/paintings/p1.jpg');
    const second = screen.getAllByTestId('history-row')[1] as HTMLElement;
    expect(second.querySelector('[data-testid="history-key-information"]')?.textContent).toBe('Key information v2');
    expect(first.querySelector('[data-testid="history-key-information"]')).toBeNull();

    await act(() => i18n.changeLanguage('fr'));
    expect(headers()).toEqual(['Référence', 'Œuvre', 'Date', 'Prix de la part', 'Parts', 'Total']);
    expect(cells(screen.getAllByTestId('history-row')[0] as HTMLElement)).toEqual([
      'PU-0001',
      'Port 1',
      '02 mars 2026',
      '1 234,50 €',
      '20 parts (2 cm² + 2 parts)',
      '24 690,00 €',
    ]);
  });

  it('pages with previous and next, next disabled at the end', async () => {
    renderHistory();
    await waitFor(() => expect(references()).toHaveLength(4));
    const next = screen.getByTestId('history-next');
    const previous = screen.getByTestId('history-previous');
    expect(previous.hasAttribute('disabled')).toBe(true);
    expect(next.hasAttribute('disabled')).toBe(false);
    fireEvent.click(next);
    await waitFor(() => expect(references()).toEqual(['PU-0005', 'PU-0006']));
    expect(historyCalls('PURCHASE').at(-1)).toContain('offset=4');
    expect(screen.getByTestId('history-next').hasAttribute('disabled')).toBe(true);
    expect(plain(screen.getByTestId('history-range').textContent)).toBe('5–6 of 6 rows');
    fireEvent.click(screen.getByTestId('history-previous'));
    await waitFor(() => expect(references()).toEqual(['PU-0001', 'PU-0002', 'PU-0003', 'PU-0004']));
  });

  it('writes a purchase from the book in the display currency with the book’s euros beside (issue 31)', async () => {
    state.purchases = [
      {
        ...purchase(1),
        market: 3,
        part_price: { value: 4.86, curr: 'USD' },
        total_amount: { value: 9.72, curr: 'USD' },
        book_part_price_minor: 450,
        book_total_amount_minor: 900,
      },
    ];
    renderHistory();
    await waitFor(() => expect(references()).toEqual(['PU-0001']));
    const row = cells(screen.getByTestId('history-row'));
    expect(row[3]).toBe('$4.86 (€4.50 in the book)');
    expect(row[5]).toBe('$9.72 (€9.00 in the book)');
  });

  it('shows the sale tab and keeps the tab in the URL', async () => {
    const router = renderHistory();
    await waitFor(() => expect(references()).toHaveLength(4));
    fireEvent.click(screen.getByTestId('history-tab-sale'));
    await waitFor(() => expect(references()).toEqual(['PU-S001']));
    expect(router.state.location.search).toBe('?tab=sale');
    expect(headers()).toEqual(['Reference', 'Work', 'Date', 'Part price', 'Parts sold', 'Selling amount']);
    expect(cells(screen.getByTestId('history-row'))).toEqual([
      'PU-S001',
      'Harbour 1',
      '15 Sep 2026',
      // Issue 31: the display currency at the sale's day, the book's euros beside it.
      '$12.50 (€11.57 in the book)',
      '5 parts',
      '$62.50 (€57.85 in the book)',
    ]);
    await act(() => i18n.changeLanguage('fr'));
    expect(headers()).toEqual([
      'Référence',
      'Œuvre',
      'Date',
      'Prix de la part',
      'Parts vendues',
      'Montant de la vente',
    ]);
    expect(cells(screen.getByTestId('history-row'))).toEqual([
      'PU-S001',
      'Port 1',
      '15 sept. 2026',
      '12,50 $US (11,57 € dans le carnet)',
      '5 parts',
      '62,50 $US (57,85 € dans le carnet)',
    ]);
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByTestId('history-tab-purchase').getAttribute('aria-selected')).toBe('true'));
  });

  it('writes a euro reader’s sale in euros alone: the book’s currency is theirs', async () => {
    window.localStorage.setItem('currency', 'EURO');
    state.sales = [
      { ...sale, part_price: { value: 11.57, curr: 'EURO' }, selling_amount: { value: 57.85, curr: 'EURO' } },
    ];
    renderHistory('/user/history?tab=sale');
    await waitFor(() => expect(references()).toEqual(['PU-S001']));
    expect(cells(screen.getByTestId('history-row')).slice(3)).toEqual(['€11.57', '5 parts', '€57.85']);
  });

  it('shows the dividend tab in English and French', async () => {
    renderHistory('/user/history?tab=dividend');
    await waitFor(() => expect(references()).toEqual(['DV-0001']));
    expect(headers()).toEqual(['Reference', 'Work', 'Date', 'Parts owned', 'Amount']);
    expect(cells(screen.getByTestId('history-row'))).toEqual([
      'DV-0001',
      'Harbour 2',
      '31 Jan 2026',
      '9 parts (1 cm²)',
      '€3.60',
    ]);
    await act(() => i18n.changeLanguage('fr'));
    expect(headers()).toEqual(['Référence', 'Œuvre', 'Date', 'Parts détenues', 'Montant']);
    expect(cells(screen.getByTestId('history-row'))).toEqual([
      'DV-0001',
      'Port 2',
      '31 janv. 2026',
      '9 parts (1 cm²)',
      '3,60 €',
    ]);
  });

  it('shows an empty state per tab', async () => {
    state.sales = [];
    renderHistory('/user/history?tab=sale');
    expect((await screen.findByTestId('history-empty')).textContent).toBe('You have not sold any parts yet.');
    state.artworks = [];
    fireEvent.click(screen.getByTestId('history-tab-artwork'));
    expect((await screen.findByTestId('history-empty')).textContent).toContain('No work in your history yet');
  });

  it('shows Internal server error, or the server’s message, when the list fails', async () => {
    state.list = fail(500, messages.InternalServerError);
    renderHistory();
    expect((await screen.findByTestId('history-error')).textContent).toBe('Internal server error');
  });
});

describe('artwork tab', () => {
  it('shows an accordion per work with its operations, and loads 4 more', async () => {
    renderHistory('/user/history?tab=artwork');
    const items = await screen.findAllByTestId('artwork-item');
    expect(items.map((item) => item.getAttribute('data-painting-id'))).toEqual(['w1', 'w2', 'w3', 'w4']);
    const event = within(items[0] as HTMLElement).getByTestId('artwork-event');
    expect(cells(event)).toEqual(['Purchase', '€10.00', '3 parts', '€30.00', '05 Feb 2026']);
    expect(historyCalls('ARTWORK')).toEqual(['?limit=4&offset=0&currency=USD']);

    fireEvent.click(screen.getByTestId('artwork-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('artwork-item')).toHaveLength(6));
    expect(historyCalls('ARTWORK').at(-1)).toBe('?limit=4&offset=4&currency=USD');
    expect(screen.queryByTestId('artwork-load-more')).toBeNull();
  });
});

describe('artwork tab: a sale in the display currency (issue 31)', () => {
  it('writes a sale’s dollars with the book’s euros beside, in English and French; a purchase as before', async () => {
    const first = artwork(1);
    state.artworks = [
      {
        ...first,
        salePurchase: [
          {
            reference_id: 'TR-1',
            type: 'SALE',
            part_price: { value: 4.86, curr: 'USD' },
            part_quantity: 2,
            full_amount: { value: 9.72, curr: 'USD' },
            t: '2026-03-05T10:00:00.000Z',
            book_part_price_minor: 450,
            book_full_amount_minor: 900,
          },
          ...first.salePurchase,
        ],
      },
    ];
    renderHistory('/user/history?tab=artwork');
    const [item] = await screen.findAllByTestId('artwork-item');
    const events = () => within(item as HTMLElement).getAllByTestId('artwork-event');
    expect(cells(events()[0] as HTMLElement)).toEqual([
      'Sale',
      '$4.86 (€4.50 in the book)',
      '2 parts',
      '$9.72 (€9.00 in the book)',
      '05 Mar 2026',
    ]);
    expect(cells(events()[1] as HTMLElement)).toEqual(['Purchase', '€10.00', '3 parts', '€30.00', '05 Feb 2026']);
    await act(() => i18n.changeLanguage('fr'));
    expect(cells(events()[0] as HTMLElement).slice(1, 4)).toEqual([
      '4,86 $US (4,50 € dans le carnet)',
      '2 parts',
      '9,72 $US (9,00 € dans le carnet)',
    ]);
  });
});

describe('download', () => {
  it('opens the returned PDF and CSV links in a new window', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderHistory();
    fireEvent.click(await screen.findByTestId('history-download-pdf'));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'http://localhost/api/member/statements/purchase.pdf?token=x',
        '_blank',
        'noopener',
      ),
    );
    fireEvent.click(screen.getByTestId('history-download-csv'));
    await waitFor(() =>
      expect(open).toHaveBeenLastCalledWith(
        'http://localhost/api/member/statements/purchase.csv?token=x',
        '_blank',
        'noopener',
      ),
    );
    expect(calls.filter((url) => url.pathname === '/api/member/download/PURCHASE')).toHaveLength(1);
  });

  it('shows the error when the links cannot be made', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    state.download = fail(500, messages.InternalServerError);
    renderHistory();
    fireEvent.click(await screen.findByTestId('history-download-pdf'));
    expect(await screen.findByText('Internal server error')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });
});
