// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentContext } from '../../document/document';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import { CURRENCY_KEY } from '../preferences/currency';
import { Home } from './Home';

function painting(id: string, market: 1 | 2 | 3, title: string, pricePerPart: number) {
  return {
    _id: id,
    id,
    cover_img: `artworks/${id}/cover.webp`,
    images: [`artworks/${id}/cover.webp`],
    title: { en: title, fr: `${title} (fr)` },
    description: { en: 'A work.', fr: 'Une œuvre.' },
    year: 2001,
    painting_type_en: 'Oil on canvas',
    painting_type_fr: 'Huile sur toile',
    dimension: { width: 40, height: 50 },
    market,
    price_per_part: { value: pricePerPart, curr: 'EURO' },
    price_per_cm2: { value: pricePerPart * 9, curr: 'EURO' },
    painting_price: { value: 18000 * pricePerPart, curr: 'EURO' },
    total_part: 18000,
    sold_out_part: 4500,
    percentage: 2.5,
    progress: 25,
    availability: 75,
    artist: { id: 'artist-1', name: 'Ada Lund', life_dates: { date_of_birth: '1950-01-01', date_of_death: null } },
  };
}

const HOME = {
  base_url: 'http://localhost/media/',
  boxes: { countries: 12, individuals: 1234 },
  featured: [painting('p1', 1, 'First Light', 0.5), painting('p2', 2, 'Second Wind', 1234.5)],
  statistics: {
    artists: 10,
    paintings: 20,
    turnover: [
      { year: 2024, value: { value: 2_500_000, curr: 'EURO' } },
      { year: 2025, value: { value: 3_000_000, curr: 'EURO' } },
    ],
    lots: [
      { year: 2024, sold: 40, unsold: 10 },
      { year: 2025, sold: 42, unsold: 8 },
    ],
  },
};

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  window.localStorage.clear();
  initI18n();
  await act(() => i18n.changeLanguage('en'));
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ status: 200, data: HOME, message: { en: 'OK', fr: 'OK' } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('home (spec §2)', () => {
  it('shows the countries and individuals boxes and asks for the display currency', async () => {
    window.localStorage.setItem(CURRENCY_KEY, 'EURO');
    renderScreen(<Home />);
    await waitFor(() => expect(screen.getByTestId('home-box-individuals-value').textContent).toBe('1,234'));
    expect(screen.getByTestId('home-box-countries-value').textContent).toBe('12');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/content/home?currency=EURO');
  });

  it('hangs a work on offer in the hero and links every featured work to its detail', async () => {
    renderScreen(<Home />);
    const hero = await screen.findByTestId('home-hero-work');
    expect(hero.getAttribute('href')).toBe('/primary-market/details/p2');
    const works = screen.getAllByTestId('home-featured-work');
    expect(works.map((work) => work.getAttribute('href'))).toEqual([
      '/primary-market/details/p1',
      '/primary-market/details/p2',
    ]);
    expect(works[0]?.textContent).toContain('Coming soon');
    expect(works[1]?.textContent).toContain('€1,234.50 per part');
    expect(works[1]?.textContent).toContain('75% available');
  });

  it('writes titles, amounts and counts the French way', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderScreen(<Home />);
    const works = await screen.findAllByTestId('home-featured-work');
    expect(plain(works[1]?.textContent ?? '')).toContain('Second Wind (fr)');
    expect(plain(works[1]?.textContent ?? '')).toContain('1 234,50 € la part');
    expect(plain(screen.getByTestId('home-box-individuals-value').textContent)).toBe('1 234');
    expect(document.title).toBe("La copropriété fractionnée de tableaux d'exception · Parcelle");
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Devenez/);
  });

  it('keeps the page usable when the call fails', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 500 }));
    renderScreen(<Home />);
    await waitFor(() => expect(screen.getByTestId('home-error')).toBeTruthy());
    expect(screen.getByTestId('home-discover').getAttribute('href')).toBe('/primary-market');
  });

  it('marks its invitations to join as guest-only in a document, and shows a member none in the app', async () => {
    renderScreen(
      <DocumentContext.Provider value={true}>
        <Home />
      </DocumentContext.Provider>,
    );
    await screen.findByTestId('home-hero-work');
    // The join button of the hero and the join band: the document's runtime removes them for a member.
    const invitations = [...document.querySelectorAll('[data-guest-only]')];
    expect(invitations.map((element) => element.textContent)).toEqual([
      'Join Parcelle',
      expect.stringContaining('Create my account'),
    ]);
    cleanup();

    window.localStorage.setItem('token', 'a-token');
    renderScreen(<Home />);
    await screen.findByTestId('home-hero-work');
    expect(document.querySelectorAll('[data-guest-only]')).toHaveLength(0);
    expect(screen.queryByText('Join Parcelle')).toBeNull();
  });
});
