// @vitest-environment jsdom
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../feedback/toast';
import { i18n, initI18n } from '../i18n/i18n';
import { BASE_URL, paintingDetail, stubApi, stubResizeObserver } from '../paintings/test-fixtures';
import { theme } from '../theme/theme';
import type { MemberMarketRow } from './api';
import { formatTotalPrice } from './format';
import { MarketDetailScreen } from './MarketDetailScreen';
import { MarketScreen } from './MarketScreen';
import { sparklinePath } from './Sparkline';
import { detailStateOf } from './state';

initI18n();

function row(index: number, market: 1 | 2 | 3, overrides: Partial<MemberMarketRow> = {}): MemberMarketRow {
  const id = `${market === 3 ? 's' : 'p'}-${index}`;
  return {
    _id: id,
    id,
    cover_img: `artworks/${id}/cover.webp`,
    title: { en: `Work ${id}`, fr: `Œuvre ${id}` },
    year: 2000 + index,
    artist: { id: `a-${index}`, name: `Artist ${index}` },
    market,
    artist_evolution: [
      { year: 2020, value: 100 },
      { year: 2021, value: 104.5 },
      { year: 2022, value: 110 },
    ],
    price_per_part: { value: 12.5, curr: 'USD' },
    percentage: index % 2 === 0 ? 3.25 : -1.5,
    part_quantity: index,
    total_part: 48_600,
    sold_out_part: 4_374,
    available_part: market === 3 ? 25 : 44_226,
    total_price: { value: 1_234_567.8, curr: 'USD' },
    ...overrides,
  };
}

let primary: MemberMarketRow[];
let secondary: MemberMarketRow[];
let fetchMock: ReturnType<typeof stubApi>;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'access');
  localStorage.setItem('refresh_token', 'refresh');
  stubResizeObserver();
  primary = [row(1, 2), row(2, 1)];
  secondary = Array.from({ length: 8 }, (_, index) => row(index + 1, 3));
  fetchMock = stubApi((url) => {
    if (url.pathname === '/api/member/market/' || url.pathname === '/api/member/market') {
      const list = url.searchParams.get('type') === 'secondary' ? secondary : primary;
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 6);
      return stubApi.ok({ paintings: list.slice(offset, offset + limit), total: list.length, base_url: BASE_URL });
    }
    if (url.pathname === '/api/paintings/detail') {
      const id = url.searchParams.get('painting_id') ?? '';
      return stubApi.ok({
        paintings: paintingDetail({ id, _id: id, market: id.startsWith('s') ? 3 : 2 }),
        base_url: BASE_URL,
      });
    }
    return undefined;
  });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

function Probe() {
  const location = useLocation();
  return <output data-testid="probe" data-path={location.pathname} data-state={JSON.stringify(location.state)} />;
}

function renderAt(entry: string | { pathname: string; state: unknown }) {
  const router = createMemoryRouter(
    [
      {
        path: '/user/market',
        element: (
          <>
            <MarketScreen />
            <Probe />
          </>
        ),
      },
      {
        path: '/user/market/primary-market',
        element: (
          <>
            <MarketDetailScreen />
            <Probe />
          </>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
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
const rowsOf = (table: string) => within(screen.getByTestId(table)).queryAllByTestId('member-market-row');
const marketCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.startsWith('/api/member/market'));

describe('formats', () => {
  it('writes the total price with thousands separated by spaces and the currency sign', () => {
    expect(formatTotalPrice({ value: 1_234_567.8, curr: 'USD' }, 'en')).toBe('$1 234 567.80');
    expect(formatTotalPrice({ value: 1_234_567.8, curr: 'EURO' }, 'fr')).toBe('1 234 567,80\u00a0€');
    expect(formatTotalPrice({ value: 950, curr: 'EURO' }, 'en')).toBe('€950.00');
  });

  it('draws a sparkline inside its box, a flat or empty series too', () => {
    expect(sparklinePath([])).toBe('');
    expect(sparklinePath([{ year: 2020, value: 5 }])).toBe('M60.0,20.0');
    expect(
      sparklinePath([
        { year: 2020, value: 0 },
        { year: 2021, value: 10 },
      ]),
    ).toBe('M3.0,37.0 L117.0,3.0');
  });

  it('accepts only a state with a record', () => {
    expect(detailStateOf(null)).toBeNull();
    expect(detailStateOf({ base_url: BASE_URL })).toBeNull();
    expect(detailStateOf({ record: row(1, 2) })?.base_url).toBe('');
  });
});

describe('/user/market', () => {
  it('shows both tables with every column in English', async () => {
    renderAt('/user/market');
    expect(screen.getByTestId('member-market-screen')).toBeTruthy();
    await waitFor(() => expect(rowsOf('member-market-primary')).toHaveLength(2));
    await waitFor(() => expect(rowsOf('member-market-secondary')).toHaveLength(6));

    const first = rowsOf('member-market-primary')[0] as HTMLElement;
    expect(first.getAttribute('data-painting-id')).toBe('p-1');
    expect(first.getAttribute('data-market')).toBe('2');
    const cells = within(first);
    expect(cells.getByTestId('member-market-title').textContent).toBe('Work p-1');
    expect(cells.getByTestId('member-market-artist').textContent).toBe('Artist 1 · 2001');
    // In the server's order (newest first), which no column holds, no header sorts nor shows an arrow (decision 479).
    for (const table of ['member-market-primary', 'member-market-secondary']) {
      const marks = screen.getByTestId(table).querySelectorAll('th[aria-sort], .MuiTableSortLabel-root.Mui-active');
      expect(marks).toHaveLength(0);
    }
    expect(cells.getByTestId('member-market-chart').getAttribute('data-points')).toBe('3');
    expect(plain(cells.getByTestId('member-market-price').textContent)).toContain('$12.50');
    const change = cells.getByTestId('member-market-change').querySelector('[data-direction]');
    expect(change?.getAttribute('data-direction')).toBe('down');
    expect(plain(change?.textContent)).toContain('-1.50%');
    expect(cells.getByTestId('member-market-owned').textContent).toBe('1');
    expect(cells.getByTestId('member-market-available').textContent).toBe('44,226');
    expect(plain(cells.getByTestId('member-market-total').textContent)).toBe('$1 234 567.80');
    expect(cells.getByTestId('member-market-details').textContent).toBe('Details');

    const second = within(rowsOf('member-market-primary')[1] as HTMLElement);
    const up = second.getByTestId('member-market-change').querySelector('[data-direction]');
    expect(up?.getAttribute('data-direction')).toBe('up');
    expect(plain(up?.textContent)).toContain('+3.25%');

    const calls = marketCalls();
    expect(
      calls.some((url) => url.searchParams.get('type') === 'primary' && url.searchParams.get('offset') === '0'),
    ).toBe(true);
    expect(
      calls.every((url) => url.searchParams.get('limit') === '6' && url.searchParams.get('currency') === 'USD'),
    ).toBe(true);
  });

  it('writes numbers the French way, totals still with spaces', async () => {
    await act(() => i18n.changeLanguage('fr'));
    localStorage.setItem('currency', 'EURO');
    primary = [
      row(1, 2, { price_per_part: { value: 12.5, curr: 'EURO' }, total_price: { value: 1_234_567.8, curr: 'EURO' } }),
    ];
    renderAt('/user/market');
    await waitFor(() => expect(rowsOf('member-market-primary')).toHaveLength(1));
    const cells = within(rowsOf('member-market-primary')[0] as HTMLElement);
    expect(cells.getByTestId('member-market-title').textContent).toBe('Œuvre p-1');
    expect(plain(cells.getByTestId('member-market-price').textContent)).toContain('12,50 €');
    expect(plain(cells.getByTestId('member-market-change').textContent)).toContain('-1,50 %');
    expect(plain(cells.getByTestId('member-market-available').textContent)).toBe('44 226');
    expect(cells.getByTestId('member-market-total').textContent).toBe('1 234 567,80\u00a0€');
    expect(cells.getByTestId('member-market-details').textContent).toBe('Détails');
    expect(screen.getAllByText('Prix de départ par part')).toHaveLength(2);
    expect(marketCalls().every((url) => url.searchParams.get('currency') === 'EURO')).toBe(true);
  });

  it('pages the secondary table by 6, next disabled at the end', async () => {
    renderAt('/user/market');
    await waitFor(() => expect(rowsOf('member-market-secondary')).toHaveLength(6));
    const next = screen.getByTestId('member-market-next') as HTMLButtonElement;
    const previous = screen.getByTestId('member-market-previous') as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    await waitFor(() => expect(rowsOf('member-market-secondary')).toHaveLength(2));
    await waitFor(() => expect((screen.getByTestId('member-market-next') as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByTestId('member-market-previous') as HTMLButtonElement).disabled).toBe(false);
    expect(rowsOf('member-market-secondary')[0]?.getAttribute('data-painting-id')).toBe('s-7');
    expect(
      marketCalls().some(
        (url) => url.searchParams.get('type') === 'secondary' && url.searchParams.get('offset') === '6',
      ),
    ).toBe(true);
  });

  it('shows the first 6 primary works only, with a link to the whole primary market', async () => {
    primary = Array.from({ length: 8 }, (_, index) => row(index + 1, 2));
    renderAt('/user/market');
    await waitFor(() => expect(rowsOf('member-market-primary')).toHaveLength(6));
    const primaryTable = within(screen.getByTestId('member-market-primary'));
    expect(primaryTable.queryByTestId('member-market-next')).toBeNull();
    const more = primaryTable.getByTestId('member-market-primary-more');
    expect(more.getAttribute('href')).toBe('/primary-market');
    expect(more.textContent).toBe('See all 8 works of the primary market');
  });

  it('says when a table is empty', async () => {
    secondary = [];
    renderAt('/user/market');
    expect(
      await within(screen.getByTestId('member-market-secondary')).findByTestId('member-market-empty'),
    ).toBeTruthy();
    // Nothing to page through: the message alone, without a pager (decision 459).
    expect(screen.queryByTestId('member-market-next')).toBeNull();
  });

  it('opens the details with the record and the base URL in navigation state', async () => {
    renderAt('/user/market');
    await waitFor(() => expect(rowsOf('member-market-secondary')).toHaveLength(6));
    fireEvent.click(within(rowsOf('member-market-secondary')[1] as HTMLElement).getByTestId('member-market-details'));
    const detail = await screen.findByTestId('member-market-detail-screen');
    expect(detail.getAttribute('data-market')).toBe('3');
    const probe = screen.getByTestId('probe');
    expect(probe.getAttribute('data-path')).toBe('/user/market/primary-market');
    const state = JSON.parse(probe.getAttribute('data-state') ?? 'null');
    expect(state.base_url).toBe(BASE_URL);
    expect(state.record).toEqual(secondary[1]);
  });
});

describe('/user/market/primary-market', () => {
  it('goes back to /user/market without a record', async () => {
    renderAt('/user/market/primary-market');
    await waitFor(() => expect(screen.getByTestId('probe').getAttribute('data-path')).toBe('/user/market'));
    expect(screen.getByTestId('member-market-screen')).toBeTruthy();
  });

  it('reads Primary Market for market 2, with the work and the parts owned', async () => {
    renderAt({ pathname: '/user/market/primary-market', state: { record: row(4, 2), base_url: BASE_URL } });
    expect((await screen.findByTestId('member-market-heading')).textContent).toBe('Primary Market');
    expect(screen.getByTestId('member-market-detail-screen').getAttribute('data-market')).toBe('2');
    expect((await screen.findByTestId('member-painting-title')).textContent).toBe('Raw Linen No. 12');
    expect(screen.getByTestId('member-painting-owned').textContent).toBe('4 parts');
    expect(screen.getByTestId('member-painting-year').textContent).toBe('2017');
    expect((screen.getByTestId('buy-now') as HTMLButtonElement).disabled).toBe(false);
    const detailCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/paintings/detail');
    expect(detailCall?.searchParams.get('painting_id')).toBe('p-4');
  });

  it('reads Secondary Market otherwise (markets 1 and 3), in French too', async () => {
    renderAt({ pathname: '/user/market/primary-market', state: { record: row(2, 1), base_url: BASE_URL } });
    expect((await screen.findByTestId('member-market-heading')).textContent).toBe('Secondary Market');
    cleanup();
    await act(() => i18n.changeLanguage('fr'));
    renderAt({ pathname: '/user/market/primary-market', state: { record: row(3, 3), base_url: BASE_URL } });
    expect((await screen.findByTestId('member-market-heading')).textContent).toBe('Marché secondaire');
  });
});
