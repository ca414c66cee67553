import { messages } from '@parcelle/shared/i18n/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import type { Call } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { listedWork } from '../../test/works';
import type { WorkDetail } from './WorkPage';
import { WorkPage } from './WorkPage';

const facts = {
  has_cover: true,
  documents: 10,
  has_valuation: true,
  certificate_wording_en: 'One part.',
  certificate_wording_fr: 'Une part.',
  sold_parts: 0,
  open_listings: 0,
};

function detail(market: string, changes: Partial<typeof facts> = {}): WorkDetail {
  return {
    ...listedWork,
    market,
    documents: {},
    missing_for_sale: [],
    market_facts: { ...facts, ...changes },
  } as WorkDetail;
}

/** The API behind the work page: the work, its appraisals, the artists; a market move answers `moved`. */
function stubApi(work: WorkDetail, moved?: WorkDetail): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, headers: {}, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const data =
        method === 'POST' && url.endsWith('/market')
          ? moved
          : url.includes('/valuations')
            ? { valuations: [] }
            : url.startsWith('/api/admin/artists')
              ? { artists: [], total: 0 }
              : work;
      return new Response(JSON.stringify({ status: 200, data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderWork() {
  renderScreen(<WorkPage />, {
    path: '/works/:id',
    url: `/works/${listedWork.id}`,
    resources: [{ name: 'works', meta: { path: 'paintings' } }, { name: 'artists' }],
  });
}

const moves = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

setUpScreenTests();

describe('the work’s market steps', () => {
  it('list what opening the sale still needs, from the shared rule, and keep it shut until then', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    stubApi(detail('draft', { has_cover: false, certificate_wording_fr: '' }));
    renderWork();
    const needs = await screen.findByRole('list', { name: /Ouvrir la vente primaire/ });
    const items = within(needs)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      `${messages.MissingCover.fr} — manquant`,
      `${messages.MissingDocuments.fr} — fait`,
      `${messages.MissingValuation.fr} — fait`,
      `${messages.MissingCertificateWording.fr} — manquant`,
    ]);
    expect(screen.getByRole('button', { name: 'Ouvrir la vente primaire' }).hasAttribute('disabled')).toBe(true);
    // The wording is not optional: the form says the sale needs it.
    expect(screen.getByLabelText(/Texte du certificat \(anglais\) — requis pour ouvrir la vente/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Facultatif\s*: remplace la clause/);
  });

  it('set the move to the secondary market apart and confirm it, saying what it does, before asking the API', async () => {
    const calls = stubApi(detail('primary', { sold_parts: 5 }), detail('secondary', { sold_parts: 5 }));
    renderWork();
    const apart = await screen.findByRole('region', { name: 'Steps that cannot be undone' });
    const back = screen.getByRole('region', { name: 'Steps you can take back' });
    expect(within(back).getByRole('button', { name: 'Show on the site' }).hasAttribute('disabled')).toBe(true);
    const needs = within(back).getByRole('list', { name: /Show on the site/ });
    expect(within(needs).getByRole('listitem').textContent).toBe(`${messages.MarketNothingSold.en} — missing`);
    expect(within(back).queryByRole('button', { name: 'Move to the secondary market' })).toBeNull();
    fireEvent.click(within(apart).getByRole('button', { name: 'Move to the secondary market' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to the secondary market?' });
    expect(within(dialog).getByText(/Closes the primary sale for good/)).toBeTruthy();
    expect(within(dialog).getByText('This cannot be undone.')).toBeTruthy();
    expect(moves(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to the secondary market' }));
    await waitFor(() => expect(moves(calls)).toHaveLength(1));
    expect(moves(calls)[0]).toMatchObject({
      url: `/api/admin/paintings/${listedWork.id}/market`,
      body: { to: 'secondary' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
