// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import { MarketScreen } from './MarketScreen';
import { BASE_URL, painting, stubApi } from './test-fixtures';

initI18n();

beforeEach(() => {
  localStorage.clear();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

/** The primary list: 14 works, the page asked for answered with 6 (market 1 and 2 mixed). */
function primaryApi() {
  return stubApi((url) => {
    if (url.pathname !== '/api/paintings/') return undefined;
    const curr = url.searchParams.get('currency') === 'EURO' ? 'EURO' : 'USD';
    const offset = Number(url.searchParams.get('offset'));
    const paintings = Array.from({ length: 6 }, (_, index) =>
      painting(
        {
          id: `p-${offset + index}`,
          _id: `p-${offset + index}`,
          market: index === 0 ? 1 : 2,
          title: { en: `Work ${offset + index}`, fr: `Œuvre ${offset + index}` },
        },
        curr,
      ),
    );
    return stubApi.ok({ paintings, total: 14, base_url: BASE_URL });
  });
}

describe('market lists', () => {
  it('renders a card per work with its wall text, price, change and availability', async () => {
    const fetchMock = primaryApi();
    renderScreen(<MarketScreen type="primary" />, '/primary-market');
    const cards = await screen.findAllByTestId('painting-card');
    expect(cards).toHaveLength(6);
    expect(screen.getByTestId('market-screen').getAttribute('data-market')).toBe('primary');
    const second = cards[1] as HTMLElement;
    expect(second.getAttribute('data-painting-id')).toBe('p-1');
    expect(second.textContent).toContain('Work 1');
    expect(second.textContent).toContain('Elsa Vanterpool');
    expect(second.textContent).toContain('2017');
    expect(second.textContent).toContain('$0.52');
    expect(second.textContent).toContain('-1.20%');
    expect(second.textContent).toContain('91% available');
    // total − sold = 44 226 parts
    expect(second.textContent).toContain('44,226 parts (4,914 cm²)');
    expect(within(second).getByRole('link').getAttribute('href')).toBe('/primary-market/details/p-1');
    expect((cards[0] as HTMLElement).textContent).toContain('Opening soon');
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'primary', limit: '6', offset: '0', currency: 'USD' });
  });

  it('reads the page from ?page= and links the pages', async () => {
    const fetchMock = primaryApi();
    renderScreen(<MarketScreen type="primary" />, '/primary-market?page=2');
    await screen.findAllByTestId('painting-card');
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('offset')).toBe('6');
    const pagination = screen.getByTestId('market-pagination');
    expect(within(pagination).getByRole('link', { name: 'Go to page 3' }).getAttribute('href')).toBe(
      '/primary-market?page=3',
    );
    expect(within(pagination).getByRole('link', { name: 'Go to page 1' }).getAttribute('href')).toBe('/primary-market');
    expect(screen.getByText('7–12 of 14 works')).toBeTruthy();
  });

  it('links secondary-market works to the secondary detail', async () => {
    stubApi((url) =>
      url.searchParams.get('type') === 'secondary'
        ? stubApi.ok({
            paintings: [painting({ id: 's-1', market: 3, sold_out_part: 48600, progress: 100, availability: 0 })],
            total: 1,
            base_url: BASE_URL,
          })
        : undefined,
    );
    renderScreen(<MarketScreen type="secondary" />, '/secondary-market');
    const card = await screen.findByTestId('painting-card');
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/secondary-market/details/s-1');
    expect(screen.queryByTestId('market-pagination')).toBeNull();
  });

  it('explains an empty secondary market', async () => {
    stubApi(() => stubApi.ok({ paintings: [], total: 0, base_url: BASE_URL }));
    renderScreen(<MarketScreen type="secondary" />, '/secondary-market');
    const empty = await screen.findByTestId('market-empty');
    expect(empty.textContent).toContain('once all its parts have been sold on the primary market');
    expect(empty.textContent).toContain('reserved to members holding parts bought on the primary market');
  });

  it('shows the server error in the current language', async () => {
    await act(() => i18n.changeLanguage('fr'));
    stubApi(() => ({ status: 400, body: { status: 400, error: { en: 'Invalid currency', fr: 'Devise invalide' } } }));
    renderScreen(<MarketScreen type="primary" />, '/primary-market');
    const error = await screen.findByTestId('market-error');
    expect(error.textContent).toContain('Devise invalide');
    expect(error.textContent).toContain('Réessayer');
  });

  it('shows amounts in French and euros after switching', async () => {
    localStorage.setItem('currency', 'EURO');
    primaryApi();
    renderScreen(<MarketScreen type="primary" />, '/primary-market');
    await screen.findAllByTestId('painting-card');
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => {
      const second = screen.getAllByTestId('painting-card')[1] as HTMLElement;
      expect(second.textContent).toMatch(/0,45\s€/);
      expect(second.textContent).toMatch(/[-−]1,20\s%/);
      expect(second.textContent).toMatch(/91\s%\sdisponible/);
      expect(second.textContent).toContain('Œuvre 1');
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Marché primaire');
  });
});
