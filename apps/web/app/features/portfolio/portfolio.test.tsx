// @vitest-environment jsdom
import { CssBaseline, ThemeProvider } from '@mui/material';
import { messages } from '@parcelle/shared/i18n/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../feedback/toast';
import { i18n, initI18n } from '../i18n/i18n';
import { stubResizeObserver } from '../paintings/test-fixtures';
import { theme } from '../theme/theme';
import type { TGraphLine, THolding, TMyListing, TPortfolioSummary } from './api';
import { graphChart } from './graph';
import { PartsScreen, PortfolioScreen } from './screens';

initI18n();

type Curr = 'EURO' | 'USD';

function holding(index: number, curr: Curr, extra: Partial<THolding> = {}): THolding {
  return {
    _id: `p${index}`,
    painting: { id: `p${index}`, img: `paintings/p${index}.jpg`, title: { en: `Work ${index}`, fr: `Œuvre ${index}` } },
    part_price: { value: 12.5, curr },
    percentage: index % 2 === 0 ? -3.1 : 12.5,
    quantity: 20,
    total: { value: 250, curr },
    value_of_the_work: { value: 1_234_567.89, curr },
    market: 3,
    listed: 0,
    lots: { primary: 20, secondary: 0 },
    cost_basis_minor: 20_000,
    cost_unknown_parts: 0,
    value_minor: 25_000,
    valued_on: '2025-06-30',
    gain_minor: 5_000,
    gain_bps: 2500,
    realised_gain_minor: 0,
    dividends_minor: 0,
    annualised_return_bps: null,
    allocation_bps: 2500,
    ...extra,
  };
}

const summary = (curr: Curr): TPortfolioSummary => ({
  quantity: 1800,
  total: { value: 1234.5, curr },
  dividend: { value: 42, curr },
  total_credit: { value: 1_000_000, curr },
  currency: curr,
  cost_basis_minor: 100_000,
  cost_unknown_parts: 0,
  value_minor: 123_450,
  gain_minor: 23_450,
  gain_bps: 2345,
  realised_gain_minor: -1_250,
  dividends_minor: 4_200,
  annualised_return_bps: 812,
  allocation: [
    { painting_id: 'p1', title: { en: 'Work 1', fr: 'Œuvre 1' }, value_minor: 98_760, allocation_bps: 8000 },
    { painting_id: 'p2', title: { en: 'Work 2', fr: 'Œuvre 2' }, value_minor: 24_690, allocation_bps: 2000 },
  ],
});

const graph = (curr: Curr): TGraphLine[] => [
  {
    date: '2024-12-31',
    year: 2024,
    prices: { value: 200, curr },
    painting_title: { en: 'Work 1', fr: 'Œuvre 1' },
    painting_id: 'p1',
  },
  {
    date: '2025-12-31',
    year: 2025,
    prices: { value: 250, curr },
    painting_title: { en: 'Work 1', fr: 'Œuvre 1' },
    painting_id: 'p1',
  },
  {
    date: '2025-12-31',
    year: 2025,
    prices: { value: 90, curr },
    painting_title: { en: 'Work 2', fr: 'Œuvre 2' },
    painting_id: 'p2',
  },
];

const ok = (data: unknown, message = { en: 'OK', fr: 'OK' }) =>
  new Response(JSON.stringify({ status: 200, data, message }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const fail = (status: number, error: { en: string; fr: string }) =>
  new Response(JSON.stringify({ status, error }), { status, headers: { 'Content-Type': 'application/json' } });

type Call = { method: string; path: string; search: URLSearchParams; body: string | undefined };
let calls: Call[];
let holdings: (curr: Curr) => THolding[];
let sale: Response | undefined;
let listings: TMyListing[];
let listingsFailure: Response | undefined;
let withdrawal: Response | undefined;

function listing(index: number, extra: Partial<TMyListing> = {}): TMyListing {
  return {
    reference: `L-${index}`,
    painting_id: `p${index}`,
    quantity: 20,
    remaining: 12,
    price_per_part: { value: 12.5, curr: 'EURO' },
    price_per_part_minor: 1250,
    status: 'open',
    created_at: `2026-03-0${index}T10:00:00.000Z`,
    title: { en: `Work ${index}`, fr: `Œuvre ${index}` },
    cover_img: `paintings/p${index}.jpg`,
    reserved: 0,
    ...extra,
  };
}

beforeEach(async () => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('refresh_token', 'refresh');
  await act(() => i18n.changeLanguage('en'));
  stubResizeObserver();
  calls = [];
  sale = undefined;
  listings = [listing(1), listing(2, { quantity: 5, remaining: 0, reserved: 5 })];
  listingsFailure = undefined;
  withdrawal = undefined;
  holdings = (curr) => [holding(1, curr), holding(2, curr, { market: 2 })];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname, search: url.searchParams, body: init?.body as string | undefined });
      const curr = (url.searchParams.get('currency') ?? 'USD') as Curr;
      switch (`${method} ${url.pathname}`) {
        case 'GET /api/member/portfolio':
          return ok([summary(curr)]);
        case 'GET /api/member/parts/': {
          const offset = Number(url.searchParams.get('offset') ?? 0);
          const limit = Number(url.searchParams.get('limit') ?? 4);
          const all = holdings(curr);
          return ok({
            getParts: all.slice(offset, offset + limit),
            total: all.length,
            base_url: 'http://localhost/media/',
          });
        }
        case 'GET /api/member/parts/graph':
          return ok(graph(curr));
        case 'GET /api/member/download/annual/2025':
          return ok({
            base_url: 'http://localhost',
            download_url: 'http://localhost/api/member/statements/annual-2025.pdf?token=y',
            csv_url: 'http://localhost/api/member/statements/annual-2025.csv?token=y',
            expires_at: '2099-01-01T00:00:00.000Z',
          });
        case 'GET /api/member/download/yearly/2025':
          return ok({
            base_url: 'http://localhost',
            download_url: 'http://localhost/api/member/statements/yearly-2025.pdf?token=x',
            csv_url: 'http://localhost/api/member/statements/yearly-2025.csv?token=x',
            expires_at: '2099-01-01T00:00:00.000Z',
          });
        // Issue 26: a sale is confirmed with the wallet code (the member has no two-step verification here).
        case 'POST /api/paintings/purchase/code':
          return ok({ sent_to: 'phone' });
        case 'GET /api/user/profile':
          return ok({ user: { email: 'camille@example.com', phone: { code: '+33', number: '612345678' } } });
        case 'POST /api/paintings/sale':
          return sale ?? ok({ reference: 'L-1', trades: [] }, messages.PartsListed);
        // Issue 31: the drawer reads the work's book for its bounds, reference price and the day's rate.
        case 'GET /api/paintings/order-book':
          return ok({
            painting_id: url.searchParams.get('painting_id'),
            market: 3,
            mode: 'matching',
            asks: [],
            bids: [],
            open_asks: [],
            open_bids: [],
            last_trades: [],
            reference_price: { value: 10, curr: 'EURO' },
            reference_price_minor: 1000,
            min_price_minor: 500,
            max_price_minor: 2000,
            eur_usd_rate: '1.08',
          });
        case 'GET /api/paintings/sale': {
          if (listingsFailure) return listingsFailure;
          const offset = Number(url.searchParams.get('offset') ?? 0);
          const limit = Number(url.searchParams.get('limit') ?? 4);
          return ok({
            listings: listings.slice(offset, offset + limit),
            total: listings.length,
            base_url: 'http://localhost/media/',
          });
        }
        case 'POST /api/paintings/sale/L-1/withdraw': {
          if (withdrawal) return withdrawal;
          const withdrawn = { ...listing(1), status: 'withdrawn', remaining: 0 };
          listings = listings.filter((item) => item.reference !== 'L-1');
          return ok(withdrawn, messages.ListingWithdrawn);
        }
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

function HistoryPage() {
  const location = useLocation();
  return <div data-testid="history-page" data-state={JSON.stringify(location.state)} />;
}

function renderAt(path: '/user/portfolio' | '/user/parts') {
  const router = createMemoryRouter(
    [
      { path: '/user/portfolio', element: <PortfolioScreen /> },
      { path: '/user/parts', element: <PartsScreen /> },
      { path: '/user/history', element: <HistoryPage /> },
      { path: '/primary-market', element: <div data-testid="primary-page" /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const clean = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const text = (testId: string, within_: HTMLElement = document.body) =>
  plain(within(within_).getByTestId(testId).textContent);
const rows = () => screen.getAllByTestId('holding-row');
const partsCalls = () => calls.filter((call) => call.path === '/api/member/parts/');
const listingCalls = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/paintings/sale');
const saleCalls = () => calls.filter((call) => call.method === 'POST' && call.path === '/api/paintings/sale');

/** Issue 26: the wallet code, typed in the same dialog as a wallet purchase's. */
async function typeCode(code: string) {
  const otp = within(await screen.findByTestId('otp-dialog', {}, { timeout: 10_000 }));
  fireEvent.change(otp.getByTestId('otp-dialog-input'), { target: { value: code } });
  fireEvent.click(otp.getByTestId('otp-dialog-submit'));
}
const listingRows = () => screen.getAllByTestId('my-listing-row');

describe('graph rows', () => {
  it('makes one series per work and one row per year, null where a work was not held', () => {
    const { series, rows: chartRows } = graphChart(graph('USD'), 'fr');
    expect(series.map((item) => item.label)).toEqual(['Œuvre 1', 'Œuvre 2']);
    expect(chartRows).toEqual([
      { year: 2024, w_p1: 200, w_p2: null },
      { year: 2025, w_p1: 250, w_p2: 90 },
    ]);
  });
});

describe('/user/portfolio', () => {
  it('links My parts and the market (issue 17), in English and French', async () => {
    renderAt('/user/portfolio');
    expect(screen.getByTestId('portfolio-link-parts').getAttribute('href')).toBe('/user/parts');
    expect(screen.getByTestId('portfolio-link-market').getAttribute('href')).toBe('/user/market');
    expect(text('portfolio-link-market')).toBe('Buy and sell parts on the market');
    cleanup();
    await act(() => i18n.changeLanguage('fr'));
    renderAt('/user/portfolio');
    expect(text('portfolio-link-parts')).toBe('Mes parts et mes parts en vente');
  });

  it('shows the cards and rows in English with euros', async () => {
    window.localStorage.setItem('currency', 'EURO');
    renderAt('/user/portfolio');
    await waitFor(() => expect(text('portfolio-card-quantity-value')).toBe('1,800 parts (200 cm²)'));
    expect(text('portfolio-card-total-value')).toBe('€1,234.50');
    expect(text('portfolio-card-dividend-value')).toBe('€42.00');
    expect(text('portfolio-card-credit-value')).toBe('€1,000,000.00');
    // The chart's axis counts in the reader's currency, which its caption names.
    await waitFor(() => expect(screen.getByTestId('portfolio-chart').textContent).toContain('each year, in €.'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    const first = rows()[0] as HTMLElement;
    expect(first.getAttribute('data-painting-id')).toBe('p1');
    expect(text('holding-title', first)).toBe('Work 1');
    // The title is the link to the work's page (the shared WorkCell, decision 478).
    expect(within(first).getByRole('link', { name: 'Work 1' }).getAttribute('href')).toBe(
      '/secondary-market/details/p1',
    );
    // In the server's order, which no column holds, no header says it sorts nor shows an arrow (decision 479).
    expect(
      screen.getByTestId('portfolio-table').querySelectorAll('th[aria-sort], .MuiTableSortLabel-root.Mui-active'),
    ).toHaveLength(0);
    expect(text('holding-price', first)).toBe('€12.50');
    expect(text('holding-change', first)).toBe('+12.50% since the previous appraisal');
    // The rise is drawn (an SVG triangle), not typed: no glyph that the web fonts lack.
    expect(first.querySelector('[data-testid="holding-change"] [data-testid="mark-up"]')).not.toBeNull();
    expect(text('holding-quantity', first)).toBe('20 parts (2 cm² + 2 parts)');
    expect(text('holding-total', first)).toBe('€250.00');
    expect(text('holding-gain', first)).toBe('+€50.00 (+25.00%) since purchase');
    expect(text('holding-value', first)).toBe('€1,234,567.89');
    expect(text('holding-change', rows()[1] as HTMLElement)).toBe('-3.10% since the previous appraisal');
    expect((rows()[1] as HTMLElement).querySelector('[data-testid="mark-down"]')).not.toBeNull();
    expect(partsCalls()[0]?.search.get('currency')).toBe('EURO');
    expect(partsCalls()[0]?.search.get('limit')).toBe('4');
    expect(calls.find((call) => call.path === '/api/member/portfolio')?.search.get('currency')).toBe('EURO');
  });

  it('shows the cards and rows in French with dollars', async () => {
    window.localStorage.setItem('currency', 'USD');
    await act(() => i18n.changeLanguage('fr'));
    renderAt('/user/portfolio');
    await waitFor(() => expect(text('portfolio-card-quantity-value')).toBe('1 800 parts (200 cm²)'));
    expect(text('portfolio-card-total-value')).toBe('1 234,50 $US');
    expect(text('portfolio-card-credit-value')).toBe('1 000 000,00 $US');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const first = rows()[0] as HTMLElement;
    expect(text('holding-title', first)).toBe('Œuvre 1');
    expect(text('holding-price', first)).toBe('12,50 $US');
    expect(text('holding-change', first)).toBe('+12,50 % depuis l’expertise précédente');
    expect(text('holding-value', first)).toBe('1 234 567,89 $US');
    expect(text('holding-gain', first)).toBe('+50,00 $US (+25,00 %) depuis l’achat');
    expect(text('holding-change', rows()[1] as HTMLElement)).toBe('-3,10 % depuis l’expertise précédente');
  });

  it('pages by 4 and disables next when fewer than 4 rows came back', async () => {
    holdings = (curr) => Array.from({ length: 5 }, (_, index) => holding(index + 1, curr));
    renderAt('/user/portfolio');
    await waitFor(() => expect(rows()).toHaveLength(4));
    const next = screen.getByTestId('holdings-next') as HTMLButtonElement;
    expect((screen.getByTestId('holdings-previous') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(next);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(partsCalls().at(-1)?.search.get('offset')).toBe('4');
    await waitFor(() => expect((screen.getByTestId('holdings-next') as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByTestId('holdings-previous') as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables next when fewer than 4 rows come back even if the total says more', async () => {
    holdings = (curr) => [holding(1, curr), holding(2, curr), holding(3, curr)];
    renderAt('/user/portfolio');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect((screen.getByTestId('holdings-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables Sell when the work is not on the secondary market', async () => {
    renderAt('/user/portfolio');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [open, closed] = rows() as [HTMLElement, HTMLElement];
    expect((within(open).getByTestId('holding-sell') as HTMLButtonElement).disabled).toBe(false);
    expect((within(closed).getByTestId('holding-sell') as HTMLButtonElement).disabled).toBe(true);
    // Issue 17: the reason is shown under the button (no hover on a phone) and is the button's description.
    expect(within(open).queryByTestId('holding-sell-reason')).toBeNull();
    const reason = within(closed).getByTestId('holding-sell-reason');
    expect(reason.textContent).not.toBe('');
    expect(within(closed).getByTestId('holding-sell').getAttribute('aria-describedby')).toBe(reason.id);
    expect(
      within(closed).getByRole('button', { name: /^Sell parts of/, description: reason.textContent ?? '' }),
    ).toBeTruthy();
  });

  it('sells at a chosen price after seeing fees and proceeds, then says the parts are listed and returns to page 1', async () => {
    holdings = (curr) => Array.from({ length: 5 }, (_, index) => holding(index + 1, curr, { listed: 2 }));
    renderAt('/user/portfolio');
    await waitFor(() => expect(rows()).toHaveLength(4));
    await waitFor(() => expect((screen.getByTestId('holdings-next') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('holdings-next'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0] as HTMLElement).getByTestId('holding-sell'));
    const drawer = await screen.findByTestId('sell-drawer');
    expect(text('sell-in-hand', drawer)).toBe('In hand: 18 parts (2 cm²)');
    // Issue 31: the price is the member's to choose, within the book's bounds, starting at the reference price.
    await waitFor(() =>
      expect(clean(text('sell-reference', drawer))).toBe(
        'Reference price (the work’s part price): $10.80 (€10.00 in the book)',
      ),
    );
    expect((screen.getByTestId('sell-price') as HTMLInputElement).value).toBe('10.00');

    fireEvent.change(screen.getByTestId('sell-parts'), { target: { value: '19' } });
    fireEvent.click(screen.getByTestId('sell-submit'));
    await waitFor(() => expect(text('sell-parts-help')).toBe(messages.NotEnoughPartsOwned.en));

    fireEvent.change(screen.getByTestId('sell-parts'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('sell-price'), { target: { value: '25' } });
    fireEvent.click(screen.getByTestId('sell-submit'));
    expect(clean(text('sell-price-help'))).toBe('The price per part is at most €20.00');
    expect(screen.queryByTestId('sell-confirm-dialog')).toBeNull();
    fireEvent.change(screen.getByTestId('sell-price'), { target: { value: '12' } });
    expect(clean(text('sell-gross', drawer))).toBe('$38.88 (€36.00 in the book)');
    expect(text('sell-fees', drawer)).toBe('None');
    expect(clean(text('sell-net', drawer))).toBe('$38.88 (€36.00 in the book)');
    fireEvent.click(screen.getByTestId('sell-submit'));
    const confirm = await screen.findByTestId('sell-confirm-dialog');
    expect(confirm.textContent).toContain('Are you sure you want to sell the parts?');
    // The confirmation repeats the fees and what the member receives.
    expect(clean(text('sell-confirm-net', confirm))).toBe('$38.88 (€36.00 in the book)');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    const before = partsCalls().length;
    fireEvent.click(within(confirm).getByTestId('sell-confirm'));
    await typeCode('123456');
    await waitFor(() =>
      expect(saleCalls().map((call) => JSON.parse(call.body ?? ''))).toEqual([
        { total_part: 3, painting_id: 'p5', price_per_part_minor: 1200, verification_code: '123456' },
      ]),
    );
    const success = await screen.findByTestId('sell-success-dialog', {}, { timeout: 10_000 });
    expect(success.textContent).toContain('Parts listed');
    expect(clean(text('sell-success-text', success))).toBe(
      'Work 5. On offer: 3 parts at $12.96 (€12.00 in the book). Nothing has sold yet; you will be told when parts sell.',
    );
    await waitFor(() => expect(screen.queryByTestId('sell-drawer')).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(
      partsCalls()
        .slice(before)
        .map((call) => call.search.get('offset')),
    ).toContain('0');
  }, 40_000);

  it('shows the server message when the sale fails', async () => {
    sale = fail(400, messages.SaleNotOpen);
    renderAt('/user/portfolio');
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[0] as HTMLElement).getByTestId('holding-sell'));
    await screen.findByTestId('sell-reference');
    fireEvent.click(screen.getByTestId('sell-submit'));
    fireEvent.click(await screen.findByTestId('sell-confirm'));
    await typeCode('123456');
    await waitFor(() => expect(text('sell-error')).toBe(messages.SaleNotOpen.en));
    expect(screen.queryByTestId('sell-success-dialog')).toBeNull();
  });

  it('shows the empty state with a link to the primary market', async () => {
    holdings = () => [];
    renderAt('/user/portfolio');
    const empty = await screen.findByTestId('parts-empty');
    expect(empty.textContent).toContain('You do not hold any parts yet');
    fireEvent.click(within(empty).getByRole('link'));
    expect(await screen.findByTestId('primary-page')).toBeTruthy();
  });
});

describe('/user/portfolio: the figures and yearly statement (issue 17)', () => {
  it('shows cost basis, value, gain in money and percent, annualised return, realised gains, dividends, allocation in English', async () => {
    window.localStorage.setItem('currency', 'EURO');
    renderAt('/user/portfolio');
    await waitFor(() => expect(text('performance-cost-basis-value')).toBe('€1,000.00'));
    expect(text('performance-value-value')).toBe('€1,234.50');
    expect(text('performance-gain-value')).toBe('+€234.50');
    expect(text('performance-gain-detail')).toBe('(+23.45% since purchase)');
    expect(text('performance-annualised-value')).toBe('+8.12% per year');
    // Issue 31: a neutral heading, which implies nothing about the site's other figures.
    expect(screen.getByRole('heading', { name: 'Your figures' })).toBeTruthy();
    expect(text('performance-realised-value')).toBe('-€12.50');
    expect(text('performance-dividends-value')).toBe('€42.00');
    const allocation = within(screen.getByTestId('performance-allocation')).getAllByRole('listitem');
    expect(allocation.map((item) => plain(item.textContent))).toEqual(['Work 180.00%', 'Work 220.00%']);
    expect(screen.getByRole('list', { name: 'Allocation by work' })).toBeTruthy();
  });

  it('says the cost is unknown instead of a gain at 0 % where parts have no recorded cost (issue 31)', async () => {
    window.localStorage.setItem('currency', 'EURO');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/member/portfolio') {
          return ok([
            { ...summary('EURO'), cost_basis_minor: 0, gain_minor: 123_450, gain_bps: 0, cost_unknown_parts: 20 },
          ]);
        }
        if (url.pathname === '/api/member/parts/') {
          return ok({
            getParts: [
              holding(1, 'EURO', { cost_basis_minor: 0, gain_minor: 25_000, gain_bps: 0, cost_unknown_parts: 20 }),
            ],
            total: 1,
            base_url: 'http://localhost/media/',
          });
        }
        return fail(500, messages.InternalServerError);
      }),
    );
    renderAt('/user/portfolio');
    await waitFor(() => expect(text('performance-gain-value')).toBe('Unknown'));
    expect(text('performance-gain-detail')).toBe('(Cost of 20 parts not recorded)');
    expect(text('performance-cost-basis-value')).toBe('Unknown');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(text('holding-gain', rows()[0] as HTMLElement)).toBe('Cost unknown for 20 parts');
    cleanup();
    await act(() => i18n.changeLanguage('fr'));
    renderAt('/user/portfolio');
    await waitFor(() => expect(text('performance-gain-value')).toBe('Non disponible'));
    expect(text('performance-gain-detail')).toBe('(Coût de 20 parts non enregistré)');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(text('holding-gain', rows()[0] as HTMLElement)).toBe('Coût inconnu pour 20 parts');
  });

  it('shows them in French with dollars, and says when the return is not annualised yet', async () => {
    window.localStorage.setItem('currency', 'USD');
    await act(() => i18n.changeLanguage('fr'));
    const annualised = summary;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/member/portfolio') {
          return ok([{ ...annualised('USD'), annualised_return_bps: null, gain_minor: -5_000, gain_bps: -500 }]);
        }
        return fail(500, messages.InternalServerError);
      }),
    );
    renderAt('/user/portfolio');
    await waitFor(() => expect(text('performance-cost-basis-value')).toBe('1 000,00 $US'));
    expect(text('performance-gain-value')).toBe('-50,00 $US');
    expect(text('performance-gain-detail')).toBe('(-5,00 % depuis l’achat)');
    expect(text('performance-annualised-value')).toBe('Non annualisé avant un an');
    expect(text('performance-dividends-value')).toBe('42,00 $US');
    expect(screen.getByRole('heading', { name: 'Vos chiffres' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Répartition par œuvre' })).toBeTruthy();
  });

  it('downloads the statement of the chosen year as PDF, then CSV from the same links', async () => {
    window.localStorage.setItem('currency', 'EURO');
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderAt('/user/portfolio');
    const year = await screen.findByRole('combobox', { name: 'Year' });
    fireEvent.mouseDown(year);
    fireEvent.click(await screen.findByRole('option', { name: '2025' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download the 2025 statement as PDF' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'http://localhost/api/member/statements/yearly-2025.pdf?token=x',
        '_blank',
        'noopener',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download the 2025 statement as CSV' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(2));
    expect(open).toHaveBeenLastCalledWith(
      'http://localhost/api/member/statements/yearly-2025.csv?token=x',
      '_blank',
      'noopener',
    );
    const asked = calls.filter((call) => call.path === '/api/member/download/yearly/2025');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.search.get('currency')).toBe('EURO');
  });
});

describe('the annual statement of holdings (issue 30)', () => {
  it('downloads the chosen year’s statement of holdings from its own links', async () => {
    window.localStorage.setItem('currency', 'EURO');
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderAt('/user/portfolio');
    const year = await screen.findByRole('combobox', { name: 'Year' });
    fireEvent.mouseDown(year);
    fireEvent.click(await screen.findByRole('option', { name: '2025' }));
    expect(screen.getByRole('heading', { name: 'Annual statement of holdings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download the 2025 statement of holdings as CSV' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'http://localhost/api/member/statements/annual-2025.csv?token=y',
        '_blank',
        'noopener',
      ),
    );
    const asked = calls.filter((call) => call.path === '/api/member/download/annual/2025');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.search.get('currency')).toBe('EURO');
  });
});

describe('/user/parts', () => {
  it('shows the chart and the table, and History opens the Artwork tab', async () => {
    renderAt('/user/parts');
    expect(await screen.findByTestId('parts-screen')).toBeTruthy();
    expect(screen.getByTestId('parts-chart')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByTestId('parts-table')).getAllByTestId('holding-row')).toHaveLength(2),
    );
    fireEvent.click(within(rows()[0] as HTMLElement).getByTestId('parts-history'));
    const history = await screen.findByTestId('history-page');
    expect(JSON.parse(history.getAttribute('data-state') ?? 'null')).toEqual({ tab: 'ARTWORK' });
  });

  it('sells through the same confirmation and success dialog', async () => {
    sale = ok(
      {
        reference: 'L-1',
        status: 'filled',
        trades: [
          {
            reference: 'TR-1',
            painting_id: 'p1',
            quantity: 2,
            price_per_part: { value: 11, curr: 'EURO' },
            price_per_part_minor: 1100,
            t: '2026-11-20T10:00:00.000Z',
          },
        ],
      },
      messages.PartsListed,
    );
    renderAt('/user/parts');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect((within(rows()[1] as HTMLElement).getByTestId('holding-sell') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(listingRows()).toHaveLength(2));
    const listingsBefore = listingCalls().length;
    fireEvent.click(within(rows()[0] as HTMLElement).getByTestId('holding-sell'));
    await screen.findByTestId('sell-reference');
    fireEvent.change(screen.getByTestId('sell-parts'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('sell-submit'));
    fireEvent.click(await screen.findByTestId('sell-confirm'));
    await typeCode('654321');
    const success = await screen.findByTestId('sell-success-dialog', {}, { timeout: 10_000 });
    // Issue 31: an ask that meets a bid at once says "filled", with the parts, the price and the amount.
    expect(success.textContent).toContain('Filled');
    expect(clean(text('sell-success-text', success))).toBe(
      'Work 1. Sold: 2 parts at $11.88 (€11.00 in the book) per part, $23.76 (€22.00 in the book) in all, paid into your wallet.',
    );
    // The new listing shows in the parts for sale.
    await waitFor(() => expect(listingCalls().length).toBeGreaterThan(listingsBefore));
    expect(JSON.parse(saleCalls()[0]?.body ?? '')).toEqual({
      total_part: 2,
      painting_id: 'p1',
      price_per_part_minor: 1000,
      verification_code: '654321',
    });
  }, 30_000);

  it('shows the server error when the list fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => fail(500, messages.InternalServerError)),
    );
    renderAt('/user/parts');
    await waitFor(() => expect(text('parts-error')).toBe('Internal server error'));
  });
});

describe('/user/parts: parts for sale', () => {
  it('lists the open listings in English', async () => {
    renderAt('/user/parts');
    const section = await screen.findByTestId('my-listings');
    expect(within(section).getByRole('heading', { name: 'Your parts for sale' })).toBeTruthy();
    await waitFor(() => expect(listingRows()).toHaveLength(2));
    const [first, reserved] = listingRows() as [HTMLElement, HTMLElement];
    expect(first.getAttribute('data-reference')).toBe('L-1');
    expect(text('my-listing-title', first)).toBe('Work 1');
    expect(text('my-listing-date', first)).toBe('Listed on 01/03/2026');
    expect(within(first).queryByRole('link', { name: 'Work 1' })).toBeNull();
    expect(section.querySelectorAll('th[aria-sort], .MuiTableSortLabel-root.Mui-active')).toHaveLength(0);
    expect(text('my-listing-quantity', first)).toBe('20 parts (2 cm² + 2 parts)');
    expect(text('my-listing-remaining', first)).toBe('12 parts (1 cm² + 3 parts)');
    expect(text('my-listing-price', first)).toBe('€12.50');
    expect(within(first).getByTestId('my-listing-withdraw')).toBeTruthy();
    // Everything left in the second is held by a purchase being paid: no Withdraw.
    expect(within(reserved).queryByTestId('my-listing-withdraw')).toBeNull();
    expect(text('my-listing-reserved', reserved)).toBe('Reserved by a purchase being paid');
    expect(text('my-listing-reserved-count', reserved)).toBe('5 parts being paid for by a buyer');
    const call = listingCalls()[0];
    expect([call?.search.get('status'), call?.search.get('limit'), call?.search.get('offset')]).toEqual([
      'open',
      '4',
      '0',
    ]);
    expect((screen.getByTestId('my-listings-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists them in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderAt('/user/parts');
    await waitFor(() => expect(listingRows()).toHaveLength(2));
    const first = listingRows()[0] as HTMLElement;
    expect(within(screen.getByTestId('my-listings')).getByRole('heading', { name: 'Vos parts en vente' })).toBeTruthy();
    expect(text('my-listing-title', first)).toBe('Œuvre 1');
    expect(text('my-listing-date', first)).toBe('Mise en vente le 01/03/2026');
    expect(text('my-listing-price', first)).toBe('12,50 €');
    expect(text('my-listing-withdraw', first)).toBe('Retirer');
  });

  it('pages by 4', async () => {
    listings = Array.from({ length: 5 }, (_, index) => listing(index + 1));
    renderAt('/user/parts');
    await waitFor(() => expect(listingRows()).toHaveLength(4));
    const next = screen.getByTestId('my-listings-next') as HTMLButtonElement;
    await waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(next);
    await waitFor(() => expect(listingRows()).toHaveLength(1));
    expect(listingCalls().at(-1)?.search.get('offset')).toBe('4');
    expect((screen.getByTestId('my-listings-next') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('my-listings-previous') as HTMLButtonElement).disabled).toBe(false);
  });

  it('withdraws after the confirmation, shows the server message and refreshes', async () => {
    renderAt('/user/parts');
    await waitFor(() => expect(listingRows()).toHaveLength(2));
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(listingRows()[0] as HTMLElement).getByTestId('my-listing-withdraw'));
    const dialog = await screen.findByTestId('my-listing-withdraw-dialog');
    expect(text('my-listing-withdraw-parts', dialog)).toBe('Still for sale: 12 parts (1 cm² + 3 parts)');
    expect(dialog.textContent).toContain('Work 1');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    const listingsBefore = listingCalls().length;
    const partsBefore = partsCalls().length;
    const summaryBefore = calls.filter((call) => call.path === '/api/member/portfolio').length;
    fireEvent.click(within(dialog).getByTestId('my-listing-withdraw-confirm'));
    await waitFor(() => expect(text('my-listing-withdrawn')).toBe(messages.ListingWithdrawn.en));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/paintings/sale/L-1/withdraw',
    ]);
    await waitFor(() => expect(screen.queryByTestId('my-listing-withdraw-dialog')).toBeNull());
    await waitFor(() => expect(listingRows()).toHaveLength(1));
    expect(listingCalls().length).toBeGreaterThan(listingsBefore);
    await waitFor(() => expect(partsCalls().length).toBeGreaterThan(partsBefore));
    // The portfolio summary is not on this screen: its query is only marked stale, nothing to fetch.
    expect(calls.filter((call) => call.path === '/api/member/portfolio').length).toBe(summaryBefore);
  });

  it('keeps the listing when the withdrawal is cancelled', async () => {
    renderAt('/user/parts');
    await waitFor(() => expect(listingRows()).toHaveLength(2));
    fireEvent.click(within(listingRows()[0] as HTMLElement).getByTestId('my-listing-withdraw'));
    fireEvent.click(await screen.findByTestId('my-listing-withdraw-cancel'));
    await waitFor(() => expect(screen.queryByTestId('my-listing-withdraw-dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the server error when the withdrawal fails', async () => {
    withdrawal = fail(409, messages.ListingClosed);
    await act(() => i18n.changeLanguage('fr'));
    renderAt('/user/parts');
    await waitFor(() => expect(listingRows()).toHaveLength(2));
    const before = listingCalls().length;
    fireEvent.click(within(listingRows()[0] as HTMLElement).getByTestId('my-listing-withdraw'));
    fireEvent.click(await screen.findByTestId('my-listing-withdraw-confirm'));
    await waitFor(() => expect(text('my-listing-withdraw-error')).toBe(messages.ListingClosed.fr));
    expect((screen.getByTestId('my-listing-withdraw-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('my-listing-withdrawn')).toBeNull();
    // The listing closed meanwhile: the list behind is refreshed.
    await waitFor(() => expect(listingCalls().length).toBeGreaterThan(before));
  });

  it('says when there are no parts for sale', async () => {
    listings = [];
    renderAt('/user/parts');
    await waitFor(() => expect(text('my-listings-empty')).toBe('You have no parts for sale.'));
    expect(screen.queryByTestId('my-listings-next')).toBeNull();
  });

  it('shows the server error when the listings fail', async () => {
    listingsFailure = fail(400, messages.PaintingNotFound);
    renderAt('/user/parts');
    await waitFor(() => expect(text('my-listings-error')).toBe(messages.PaintingNotFound.en));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });
});
