import type { TPainting, TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { vi } from 'vitest';

/** API-shaped data for the screens' tests (the shapes of @parcelle/shared/contracts/catalogue). */
export const BASE_URL = 'http://localhost:3000/media/';

const RATE = { USD: 1.15, EURO: 1 } as const;
type Curr = keyof typeof RATE;
const money = (euros: number, curr: Curr) => ({ value: Math.round(euros * RATE[curr] * 100) / 100, curr });

export function painting(overrides: Partial<TPainting> = {}, curr: Curr = 'USD'): TPainting {
  return {
    _id: 'p-raw',
    id: 'p-raw',
    cover_img: 'artworks/raw/cover.webp',
    images: ['artworks/raw/cover.webp', 'artworks/raw/detail.webp'],
    title: { en: 'Raw Linen No. 12', fr: 'Lin brut nº 12' },
    description: { en: 'Three thin lines cross an unprimed ground.', fr: 'Trois fines lignes traversent un lin brut.' },
    year: 2017,
    painting_type_en: 'Oil on linen',
    painting_type_fr: 'Huile sur lin',
    dimension: { width: 60, height: 90 },
    market: 2,
    price_per_part: money(0.45, curr),
    price_per_cm2: money(4.05, curr),
    painting_price: money(21870, curr),
    total_part: 48600,
    sold_out_part: 4374,
    percentage: -1.2,
    progress: 9,
    availability: 91,
    artist: { id: 'a-elsa', name: 'Elsa Vanterpool', life_dates: { date_of_birth: '1981-04-24', date_of_death: null } },
    ...overrides,
  };
}

export function paintingDetail(overrides: Partial<TPaintingDetail> = {}, curr: Curr = 'USD'): TPaintingDetail {
  return {
    ...painting({}, curr),
    evolution_list: [
      { _id: 2016, totalValue: 16373.44 },
      { _id: 2017, totalValue: 19075.93 },
      { _id: 2018, totalValue: 18321.52 },
    ],
    artist_evolution: [
      { year: 2015, value: 100 },
      { year: 2016, value: 101.44 },
      { year: 2017, value: 113.76 },
      { year: 2018, value: 112.32 },
    ],
    investors_count: 1234,
    countries_count: 12,
    documents: {
      client_pdf_en: `${BASE_URL}documents/raw/client_pdf-en.pdf`,
      client_pdf_fr: `${BASE_URL}documents/raw/client_pdf-fr.pdf`,
      technical_file_en: `${BASE_URL}documents/raw/technical_file-en.pdf`,
      technical_file_fr: `${BASE_URL}documents/raw/technical_file-fr.pdf`,
      auth_certif_en: null,
      auth_certif_fr: null,
      property_title_en: `${BASE_URL}documents/raw/property_title-en.pdf`,
      property_title_fr: null,
      notice_en: null,
      notice_fr: null,
    },
    market_state: 'primary',
    opens_at: null,
    entry_fee_minor: 2,
    storage_cost_yearly_minor: 12_000,
    insurance_cost_yearly_minor: 8_500,
    exit_fee_minor: null,
    exit_share_bps: 250,
    custody_place: { en: 'Geneva free port', fr: 'Port franc de Genève' },
    insurer: 'Hiscox',
    target_holding_years: 7,
    latest_valuation: {
      value_minor: 2_187_000,
      currency: 'EURO',
      valued_on: '2026-01-10',
      appraiser: 'Cabinet Turquin',
      method: { en: 'Comparable sales', fr: 'Ventes comparables' },
    },
    appraisals: [
      {
        value_minor: 2_187_000,
        currency: 'EURO',
        valued_on: '2026-01-10',
        appraiser: 'Cabinet Turquin',
        method: { en: 'Comparable sales', fr: 'Ventes comparables' },
      },
      {
        value_minor: 1_990_000,
        currency: 'EURO',
        valued_on: '2024-12-31',
        appraiser: 'Atelier Varenne',
        method: { en: 'Comparable sales', fr: 'Ventes comparables' },
      },
    ],
    exit_vote: null,
    ...overrides,
  };
}

type Reply = { status: number; body: unknown };
const ok = (data: unknown): Reply => ({ status: 200, body: { status: 200, data, message: { en: 'OK', fr: 'OK' } } });

/**
 * Stubs fetch: `route(url)` answers a reply (or undefined for a 404). Returns the mock to read the calls.
 * `ok(...)` wraps data in the success envelope.
 */
export function stubApi(route: (url: URL) => Reply | undefined) {
  const mock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const reply = route(url) ?? {
      status: 404,
      body: { status: 404, error: { en: 'Not found', fr: 'Introuvable' } },
    };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
stubApi.ok = ok;

/** Recharts' ResponsiveContainer measures its box with ResizeObserver, which jsdom lacks. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
