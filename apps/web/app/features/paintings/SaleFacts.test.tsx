// @vitest-environment jsdom
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import { PaintingScreen } from './PaintingScreen';
import { SaleOpening, timeLeft } from './SaleFacts';
import { BASE_URL, paintingDetail, stubApi, stubResizeObserver } from './test-fixtures';

initI18n();

beforeEach(() => {
  localStorage.clear();
  stubResizeObserver();
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

function detailApi(overrides: Partial<TPaintingDetail> = {}) {
  return stubApi((url) => {
    if (url.pathname !== '/api/paintings/detail') return undefined;
    const curr = url.searchParams.get('currency') === 'EURO' ? 'EURO' : 'USD';
    return stubApi.ok({ paintings: paintingDetail(overrides, curr), base_url: BASE_URL });
  });
}

const renderDetail = () => renderScreen(<PaintingScreen paintingId="p-raw" />, '/primary-market/details/p-raw');
const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

describe('fees and facts', () => {
  it('lists the fees in euros, says so to a visitor who chose dollars, and marks what is not set', async () => {
    detailApi({ insurer: null, target_holding_years: 1 });
    renderDetail();
    await screen.findByTestId('painting-facts');
    expect(screen.getByRole('heading', { name: 'Fees and facts' })).toBeTruthy();
    expect(text('fact-entry-fee')).toBe('€0.02 a part, included in its price');
    // Issue 31: each yearly cost also as a share of the latest appraisal (€120.00 of €21,870.00: 54.9 bp → 0.55%).
    expect(text('fact-storage')).toBe('€120.00 a year (0.55% of the latest appraisal)');
    expect(text('fact-insurance')).toBe('€85.00 a year (0.39% of the latest appraisal)');
    expect(text('fact-exit')).toBe('2.5% of the sale price');
    expect(text('fact-custody')).toBe('Geneva free port');
    expect(text('fact-insurer')).toBe('Not set');
    expect(screen.getByTestId('fact-insurer').dataset.unset).toBe('true');
    expect(text('fact-holding')).toBe('1 year');
    expect(text('facts-in-euros')).toBe('Fees are set and shown in euros.');
  });

  it('writes them in French, with the exit fee and share together, and no euro note for euros', async () => {
    localStorage.setItem('currency', 'EURO');
    await act(() => i18n.changeLanguage('fr'));
    detailApi({ exit_fee_minor: 150_000, entry_fee_minor: null });
    renderDetail();
    await screen.findByTestId('painting-facts');
    expect(screen.getByRole('heading', { name: 'Frais et informations' })).toBeTruthy();
    expect(text('fact-entry-fee')).toBe('Non renseigné');
    expect(text('fact-storage')).toMatch(/^120,00\s€ par an \(0,55\s% de la dernière expertise\)$/);
    expect(text('fact-insurance')).toMatch(/^85,00\s€ par an \(0,39\s% de la dernière expertise\)$/);
    expect(text('fact-exit')).toMatch(/^1\s500,00\s€ \+ 2,5\s% du prix de vente$/);
    expect(text('fact-custody')).toBe('Port franc de Genève');
    expect(text('fact-insurer')).toBe('Hiscox');
    expect(text('fact-holding')).toBe('7 ans');
    expect(screen.queryByTestId('facts-in-euros')).toBeNull();
  });
});

describe('yearly costs as a share of the value (issue 31)', () => {
  it('gives no share without a euro appraisal, and says "under 0.01%" rather than 0.00% for a tiny cost', async () => {
    detailApi({
      storage_cost_yearly_minor: 1,
      latest_valuation: {
        value_minor: 2_187_000_00,
        currency: 'EURO',
        valued_on: '2026-01-10',
        appraiser: 'X',
        method: { en: 'm', fr: 'm' },
      },
    });
    renderDetail();
    await screen.findByTestId('painting-facts');
    expect(text('fact-storage')).toBe('€0.01 a year (under 0.01% of the latest appraisal)');
    cleanup();
    detailApi({
      latest_valuation: {
        value_minor: 2_187_000,
        currency: 'USD',
        valued_on: '2026-01-10',
        appraiser: 'X',
        method: { en: 'm', fr: 'm' },
      },
    });
    renderDetail();
    await screen.findByTestId('painting-facts');
    expect(text('fact-storage')).toBe('€120.00 a year');
  });
});

describe('the change of the value says its period (issue 31)', () => {
  it('names the previous appraisal, which is what the change is measured from, in each language', async () => {
    detailApi({ percentage: -1.2 });
    renderDetail();
    const value = await screen.findByTestId('painting-total-value');
    expect(value.textContent).toContain('-1.20% since the previous appraisal');
    expect(value.textContent).not.toContain('over one year');
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() =>
      expect(screen.getByTestId('painting-total-value').textContent).toMatch(/-1,20\s% depuis l’expertise précédente/),
    );
  });
});

describe('latest appraisal', () => {
  it('gives the value in its currency, the date, the appraiser and the method, in each language', async () => {
    detailApi();
    renderDetail();
    await screen.findByTestId('painting-appraisal');
    expect(text('appraisal-value')).toBe('€21,870.00');
    expect(text('appraisal-by')).toBe('By Cabinet Turquin, 10 Jan 2026');
    expect(text('appraisal-method')).toBe('Method: Comparable sales');
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => expect(text('appraisal-by')).toBe('Par Cabinet Turquin, le 10 janv. 2026'));
    expect(text('appraisal-value')).toMatch(/^21\s870,00\s€$/);
    expect(text('appraisal-method')).toBe('Méthode\u00a0: Ventes comparables');
  });

  it('says when the work has not been appraised yet', async () => {
    detailApi({ latest_valuation: null });
    renderDetail();
    expect((await screen.findByTestId('appraisal-none')).textContent).toBe('No appraisal yet.');
  });
});

describe('scheduled opening', () => {
  const opensAt = '2027-03-14T09:00:00.000Z';

  it('shows the opening date, counts down, keeps the button disabled, and enables it when the sale opens', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2027-03-14T08:58:58.000Z'));
    detailApi({ opens_at: opensAt });
    renderDetail();
    const date = await screen.findByTestId('sale-opening-date');
    expect(date.textContent).toBe('Sale opens on 14 Mar 2027, 10:00 Paris time');
    const button = screen.getByTestId('buy-now') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('sale-opening-date buy-now-reason');
    expect(text('buy-now-reason')).toBe('Parts can be bought once the sale opens.');
    const timer = screen.getByRole('timer');
    expect(timer.getAttribute('aria-live')).toBe('off');
    await waitFor(() => expect(timer.textContent).toBe('Opens in 0\u00a0d 00\u00a0h 01\u00a0min 02\u00a0s'));
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('Opens in 0\u00a0d 00\u00a0h 01\u00a0min 01\u00a0s');
    act(() => vi.advanceTimersByTime(61_000));
    await waitFor(() => expect(screen.queryByTestId('sale-opening')).toBeNull());
    expect((screen.getByTestId('buy-now') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('buy-now-reason')).toBeNull();
  });

  it('writes the date in French', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2027-03-10T12:00:00.000Z'));
    await act(() => i18n.changeLanguage('fr'));
    detailApi({ opens_at: opensAt });
    renderDetail();
    expect((await screen.findByTestId('sale-opening-date')).textContent).toBe(
      'Ouverture de la vente le 14 mars 2027, 10:00 heure de Paris',
    );
    await waitFor(() => expect(screen.getByRole('timer').textContent).toMatch(/^Ouverture dans 3\u00a0j 21\u00a0h/));
  });

  it('renders the date on the server with an empty countdown line, filled after hydration', () => {
    const html = renderToString(
      <SaleOpening id="x" opensAt={opensAt} target={Date.parse(opensAt)} now={null} language="en" />,
    );
    expect(html).toContain('Sale opens on 14 Mar 2027, 10:00 Paris time');
    expect(html).toMatch(/role="timer"[^>]*><\/p>/);
  });

  it('leaves a past opening out', async () => {
    detailApi({ opens_at: '2020-01-01T00:00:00.000Z' });
    renderDetail();
    expect((await screen.findByTestId('buy-now')) as HTMLButtonElement).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('sale-opening')).toBeNull();
  });

  it('counts whole days, hours, minutes and seconds, never below zero', () => {
    expect(timeLeft(90_061_000, 0)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(timeLeft(0, 5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('sold work', () => {
  it('says the work has been sold and offers no buy action, in each language', async () => {
    detailApi({ market: 1, market_state: 'sold', sold_out_part: 48600, progress: 100, availability: 0 });
    renderDetail();
    expect((await screen.findByTestId('painting-sold')).textContent).toContain('This work has been sold');
    expect(screen.queryByTestId('buy-now')).toBeNull();
    expect(screen.queryByTestId('painting-availability')).toBeNull();
    expect(screen.queryByRole('button', { name: /buy/i })).toBeNull();
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => expect(text('painting-sold')).toContain('Cette œuvre a été vendue'));
  });
});
