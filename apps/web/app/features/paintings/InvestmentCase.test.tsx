// @vitest-environment jsdom
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { act, cleanup, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import { formatShare, INVESTMENT_CASE_ID, InvestmentCase } from './InvestmentCase';
import { PaintingScreen } from './PaintingScreen';
import { BASE_URL, paintingDetail, stubApi, stubResizeObserver } from './test-fixtures';

initI18n();

beforeEach(() => {
  localStorage.clear();
  stubResizeObserver();
});

afterEach(async () => {
  cleanup();
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
const text = (testId: string) => (screen.getByTestId(testId).textContent ?? '').replace(/\s+/g, ' ');

describe('the investment case', () => {
  it('gathers appraisals, fees, the share a part represents, the exit and the risks under headings', async () => {
    detailApi();
    renderDetail();
    const section = await screen.findByTestId('investment-case');
    expect(section.id).toBe(INVESTMENT_CASE_ID);
    expect(within(section).getByRole('heading', { level: 2, name: 'Investment case' })).toBeTruthy();
    const subheadings = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(subheadings).toEqual([
      'Latest appraisal',
      'What a part represents',
      'Risks',
      'Fees and facts',
      'Holding period and exit',
    ]);
    // 48,600 parts: one is 0.0021 % of the work; 44,226 are still on sale.
    expect(text('case-share-part')).toBe('1 mm² of the work, 0.0021% of it');
    expect(text('case-share-left')).toBe('91% of the work');
    expect(text('case-share-total')).toBe('48,600 parts (5,400 cm²)');
    expect(text('case-exit-when')).toBe(
      'Parcelle aims to sell the work as a whole after about 7 years, at auction or to a private buyer, when the market allows. The sale price, less the exit fee (2.5% of the sale price), is then paid to the co-owners in proportion to their parts.',
    );
    const risks = within(screen.getByTestId('case-risks'));
    expect(risks.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Capital loss',
      'Illiquidity',
      'Valuation uncertainty',
    ]);
    expect(screen.getByTestId('case-risks-link').getAttribute('href')).toBe('/risks');
    expect(screen.getByTestId('case-key-information-link').getAttribute('href')).toMatch(/^\/key-information\/.+/);
    const history = within(screen.getByTestId('appraisal-history'));
    expect(history.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'DateValueAppraiser',
      '10 Jan 2026€21,870.00Cabinet Turquin',
      '31 Dec 2024€19,900.00Atelier Varenne',
    ]);
  });

  it('is written in French, with French typography', async () => {
    await act(() => i18n.changeLanguage('fr'));
    detailApi({ target_holding_years: null, exit_share_bps: null });
    renderDetail();
    const section = await screen.findByTestId('investment-case');
    expect(within(section).getByRole('heading', { level: 2, name: 'Dossier d’investissement' })).toBeTruthy();
    expect(screen.getByTestId('case-share-part').textContent).toMatch(/^1 mm² de l’œuvre, soit 0,0021\s% de celle-ci$/);
    expect(text('case-exit-when')).toBe(
      'Parcelle vend l’œuvre entière, aux enchères ou à un acheteur privé, quand le marché s’y prête ; aucune durée de détention n’est encore fixée. Le prix de vente est alors versé aux copropriétaires au prorata de leurs parts.',
    );
    expect(screen.getByTestId('case-exit-when').textContent).toContain('prête\u00a0;');
    expect(screen.getByTestId('case-risks-link').textContent).toBe('Lire l’avertissement complet sur les risques');
    expect(text('fact-entry-fee')).toMatch(/^0,02 € par part, compris dans son prix$/);
  });

  it('keeps terms and definitions inside definition lists only', async () => {
    detailApi();
    renderDetail();
    const section = await screen.findByTestId('investment-case');
    for (const item of section.querySelectorAll('dt, dd')) expect(item.closest('dl')).not.toBeNull();
    for (const list of section.querySelectorAll('dl'))
      for (const child of list.children) {
        expect(['DIV', 'DT', 'DD']).toContain(child.tagName);
        for (const grand of child.tagName === 'DIV' ? child.children : [])
          expect(['DT', 'DD']).toContain(grand.tagName);
      }
  });

  it('renders on the server, in the first HTML', () => {
    const html = renderToString(
      <MemoryRouter>
        <InvestmentCase painting={paintingDetail({}, 'EURO')} language="en" currency="EURO" />
      </MemoryRouter>,
    );
    expect(html).toContain('id="investment-case"');
    expect(html).toContain('Investment case');
    expect(html).toContain('Cabinet Turquin');
  });

  it('gives small shares with two significant digits', () => {
    expect(formatShare(1 / 48_600, 'en')).toBe('0.0021%');
    expect(formatShare(0.5, 'en')).toBe('50%');
    expect(formatShare(1 / 3, 'fr')).toMatch(/^33\s%$/);
  });
});
