// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentContext } from '../../document/document';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import buyNow from './buy-now.module.css';
import { PaintingScreen } from './PaintingScreen';
import { BASE_URL, paintingDetail, stubApi, stubResizeObserver } from './test-fixtures';

const buyNowCss = readFileSync(join(import.meta.dirname, 'buy-now.module.css'), 'utf8');

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

/** Where the app navigated to, and with which state. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

function detailApi(overrides: Partial<TPaintingDetail> = {}) {
  return stubApi((url) => {
    if (url.pathname !== '/api/paintings/detail') return undefined;
    if (url.searchParams.get('painting_id') !== 'p-raw') {
      return { status: 404, body: { status: 404, error: { en: 'Painting not found', fr: 'Œuvre introuvable' } } };
    }
    const curr = url.searchParams.get('currency') === 'EURO' ? 'EURO' : 'USD';
    return stubApi.ok({ paintings: paintingDetail(overrides, curr), base_url: BASE_URL });
  });
}

function renderDetail(path = '/primary-market/details/p-raw', id = 'p-raw') {
  return renderScreen(
    <>
      <LocationProbe />
      <PaintingScreen paintingId={id} />
    </>,
    path,
  );
}

describe('painting detail', () => {
  it('renders the work from the API', async () => {
    detailApi();
    renderDetail();
    expect((await screen.findByTestId('painting-title')).textContent).toBe('Raw Linen No. 12');
    const artist = screen.getByTestId('painting-artist');
    expect(artist.textContent).toBe('Elsa Vanterpool');
    expect(artist.getAttribute('href')).toBe('/artists/details/a-elsa');
    expect(screen.getByTestId('painting-life').textContent).toBe('b. 1981');
    expect(screen.getByTestId('painting-year').textContent).toBe('2017');
    expect(screen.getByTestId('painting-type').textContent).toBe('Oil on linen');
    expect(screen.getByTestId('painting-dimensions').textContent).toBe('60 × 90 cm');
    expect(screen.getByTestId('painting-part-value').textContent).toContain('$0.52');
    expect(screen.getByTestId('painting-part-value').textContent).toContain('$4.66 per cm²');
    expect(screen.getByTestId('painting-total-value').textContent).toContain('$25,150.50');
    const availability = screen.getByTestId('painting-availability').textContent;
    expect(availability).toContain('91% available');
    expect(availability).toContain('9% sold');
    expect(availability).toContain('44,226 parts (4,914 cm²)');
    expect(screen.getByTestId('painting-investors').textContent).toBe('1,234');
    expect(screen.getByTestId('painting-countries').textContent).toBe('12');
    expect(screen.getByTestId('painting-chart').textContent).toContain('base 100 in 2016');
    expect(document.title).toBe('Raw Linen No. 12 — Elsa Vanterpool · Parcelle');
  });

  it('offers the images as a radio group that needs no script: the first shown and fetched, the others lazy', async () => {
    detailApi();
    renderDetail();
    const mains = await screen.findAllByTestId('painting-gallery-main');
    expect(mains.map((image) => image.getAttribute('src'))).toEqual([
      `${BASE_URL}artworks/raw/cover.webp`,
      `${BASE_URL}artworks/raw/detail.webp`,
    ]);
    // Each main image says which it is; only the first is fetched at once (and with high priority).
    expect(mains.map((image) => image.getAttribute('alt'))).toEqual([
      'Raw Linen No. 12, image 1 of 2',
      'Raw Linen No. 12, image 2 of 2',
    ]);
    expect(mains.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy']);
    expect(mains[0]?.getAttribute('fetchpriority')).toBe('high');
    const group = screen.getByRole('radiogroup', { name: 'Choose an image' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual(['Show image 1 of 2', 'Show image 2 of 2']);
    expect(radios.map((radio) => (radio as HTMLInputElement).checked)).toEqual([true, false]);
    // The thumbnail is the radio's label: clicking it checks the radio, with no handler of the page's own.
    const thumbs = screen.getAllByTestId('painting-gallery-thumb');
    expect(thumbs.map((thumb) => thumb.tagName)).toEqual(['LABEL', 'LABEL']);
    fireEvent.click(thumbs[1]?.querySelector('img') as HTMLImageElement);
    expect(radios.map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, true]);
    expect(new Set(radios.map((radio) => radio.getAttribute('name'))).size).toBe(1);
  });

  it('links the documents of the current language and disables the missing ones', async () => {
    detailApi();
    renderDetail();
    await screen.findByTestId('painting-title');
    const client = screen.getByTestId('painting-document-client_pdf');
    expect(client.tagName).toBe('A');
    expect(client.getAttribute('href')).toBe(`${BASE_URL}documents/raw/client_pdf-en.pdf`);
    expect(client.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('painting-document-property_title').tagName).toBe('A');
    for (const kind of ['auth_certif', 'notice']) {
      const absent = screen.getByTestId(`painting-document-${kind}`);
      expect(absent.tagName).not.toBe('A');
      expect(absent.getAttribute('aria-disabled')).toBe('true');
      expect(absent.getAttribute('href')).toBeNull();
    }
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() =>
      expect(screen.getByTestId('painting-document-client_pdf').getAttribute('href')).toBe(
        `${BASE_URL}documents/raw/client_pdf-fr.pdf`,
      ),
    );
    // The French property title does not exist.
    expect(screen.getByTestId('painting-document-property_title').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('painting-document-auth_certif').textContent).toContain('Certificat d’authenticité');
  });

  it("renders the read-more dialog in the page, opened by its button's command with no script", async () => {
    detailApi();
    renderDetail();
    const opener = await screen.findByTestId('read-more');
    expect(opener.getAttribute('command')).toBe('show-modal');
    const dialog = screen.getByTestId('read-more-dialog');
    expect(dialog.tagName).toBe('DIALOG');
    expect(opener.getAttribute('commandfor')).toBe(dialog.id);
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    expect(dialog.getAttribute('closedby')).toBe('any');
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Raw Linen No. 12');
    expect(dialog.textContent).toContain('Elsa Vanterpool');
    expect(dialog.textContent).toContain('$0.52');
    expect(dialog.textContent).toContain('Three thin lines cross an unprimed ground.');
    const cover = within(dialog).getByRole('img', { hidden: true });
    expect(cover.getAttribute('src')).toBe(`${BASE_URL}artworks/raw/cover.webp`);
    expect(cover.getAttribute('loading')).toBe('lazy');
    const close = within(dialog).getByRole('button', { name: 'Close', hidden: true });
    expect(close.getAttribute('command')).toBe('close');
    expect(close.getAttribute('commandfor')).toBe(dialog.id);
  });

  it('shows amounts in French and euros after switching', async () => {
    localStorage.setItem('currency', 'EURO');
    const fetchMock = detailApi();
    renderDetail();
    await screen.findByTestId('painting-title');
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => expect(screen.getByTestId('painting-title').textContent).toBe('Lin brut nº 12'));
    expect(screen.getByTestId('painting-part-value').textContent).toMatch(/0,45\s€/);
    expect(screen.getByTestId('painting-part-value').textContent).toMatch(/4,05\s€ le cm²/);
    expect(screen.getByTestId('painting-total-value').textContent).toMatch(/21\s870,00\s€/);
    expect(screen.getByTestId('painting-type').textContent).toBe('Huile sur lin');
    expect(screen.getByTestId('painting-life').textContent).toBe('naissance en 1981');
    expect(screen.getByTestId('painting-investors').textContent).toMatch(/^1\s234$/);
    expect(screen.getByTestId('buy-now').textContent).toBe('Acheter maintenant');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('currency=EURO');
  });

  it('shows an exit vote under way to every visitor: the offer, the latest appraisal, the deadline (issue 31)', async () => {
    const vote = {
      offer_minor: 2_500_000,
      currency: 'EURO' as const,
      appraisal_minor: 2_187_000,
      vote_closes_at: '2026-12-15T12:00:00.000Z',
      quorum_bps: 5000,
      majority_bps: 6667,
    };
    detailApi({ market: 3, exit_vote: vote });
    renderDetail();
    const notice = await screen.findByTestId('painting-exit-vote');
    expect(notice.textContent).toContain('Its co-owners are voting on an offer to buy this work');
    expect(screen.getByTestId('painting-exit-vote-offer').textContent).toBe('€25,000.00');
    expect(screen.getByTestId('painting-exit-vote-appraisal').textContent).toBe('€21,870.00');
    expect(screen.getByTestId('painting-exit-vote-closes').textContent).toBe('15 Dec 2026');
    expect(notice.textContent).toContain('Buying and selling stay open during the vote.');
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => expect(screen.getByTestId('painting-exit-vote-offer').textContent).toMatch(/^25\s000,00\s€$/));
    expect(screen.getByTestId('painting-exit-vote').textContent).toContain('L’achat et la vente restent ouverts');
  });

  it('says nothing of a vote when none is under way', async () => {
    detailApi();
    renderDetail();
    await screen.findByTestId('painting-title');
    expect(screen.queryByTestId('painting-exit-vote')).toBeNull();
  });

  it('shows a not-found state for an unknown work, in the current language', async () => {
    await act(() => i18n.changeLanguage('fr'));
    detailApi();
    renderDetail('/secondary-market/details/nope', 'nope');
    const notFound = await screen.findByTestId('painting-not-found');
    expect(notFound.textContent).toContain('Œuvre introuvable');
    expect(within(notFound).getByRole('link', { name: 'Revenir au marché secondaire' }).getAttribute('href')).toBe(
      '/secondary-market',
    );
  });
});

describe('buy now', () => {
  it('sends a visitor to /login, remembering the page', async () => {
    detailApi();
    renderDetail();
    fireEvent.click(await screen.findByTestId('buy-now'));
    const location = await screen.findByTestId('location');
    await waitFor(() => expect(location.textContent).toBe('/login'));
    expect(JSON.parse(location.getAttribute('data-state') ?? 'null')).toEqual({
      from: '/primary-market/details/p-raw',
    });
  });

  it('sends a member to the purchase flow with the painting in state', async () => {
    localStorage.setItem('token', 'access');
    localStorage.setItem('userData', JSON.stringify({ iev: true }));
    detailApi();
    renderDetail();
    fireEvent.click(await screen.findByTestId('buy-now'));
    const location = screen.getByTestId('location');
    await waitFor(() =>
      expect(location.textContent).toBe(
        '/buy?type=primary&path=artist&limit=1&offset=0&currency=USD&painting_id=p-raw',
      ),
    );
    const state = JSON.parse(location.getAttribute('data-state') ?? 'null');
    expect(state.base_url).toBe(BASE_URL);
    expect(state.painting.id).toBe('p-raw');
  });

  it('pins the same action to the bottom of the screen while the page button is below the window (issue 17)', async () => {
    detailApi();
    renderDetail();
    const main = await screen.findByTestId('buy-now');
    expect(screen.queryByTestId('buy-now-sticky')).toBeNull();
    const wrapper = main.parentElement?.parentElement as HTMLElement;
    const placeAt = async (top: number) => {
      wrapper.getBoundingClientRect = () => ({ top, bottom: top + 54 }) as DOMRect;
      await act(async () => {
        window.dispatchEvent(new Event('scroll'));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      });
    };
    // Below the window: the bar appears, and its button does what the page's does.
    await placeAt(window.innerHeight + 800);
    const sticky = screen.getByTestId('buy-now-sticky');
    expect(sticky.textContent).toBe('Buy now');
    // Pinned by its module's rule (position: fixed, buy-now.module.css), which jsdom does not apply.
    expect(screen.getByTestId('buy-now-bar').className).toBe(buyNow.bar);
    expect(buyNowCss).toMatch(/\.bar \{[^}]*position: fixed;/);
    // In the window, or scrolled past (even in one jump from below): no bar.
    await placeAt(window.innerHeight - 100);
    expect(screen.queryByTestId('buy-now-sticky')).toBeNull();
    await placeAt(window.innerHeight + 800);
    await placeAt(-600);
    expect(screen.queryByTestId('buy-now-sticky')).toBeNull();
    // And from above straight back to the top of the page: the bar returns.
    await placeAt(window.innerHeight + 800);
    fireEvent.click(screen.getByTestId('buy-now-sticky'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });

  it('pins nothing when the work cannot be bought', async () => {
    detailApi({ market: 1, sold_out_part: 0, progress: 0, availability: 100 });
    renderDetail();
    const main = await screen.findByTestId('buy-now');
    const wrapper = main.parentElement?.parentElement as HTMLElement;
    wrapper.getBoundingClientRect = () =>
      ({ top: window.innerHeight + 800, bottom: window.innerHeight + 854 }) as DOMRect;
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(screen.queryByTestId('buy-now-bar')).toBeNull();
  });

  it('is disabled, with the reason, when the work is not buyable yet (visitors too)', async () => {
    detailApi({ market: 1, sold_out_part: 0, progress: 0, availability: 100 });
    renderDetail();
    const button = await screen.findByTestId('buy-now');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('buy-now-reason').textContent).toContain('not open for purchase yet');
  });

  it('says "Sold out" when every primary part is sold', async () => {
    detailApi({ market: 2, sold_out_part: 48600, progress: 100, availability: 0 });
    renderDetail();
    const button = await screen.findByTestId('buy-now');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.textContent).toBe('Sold out');
    expect(screen.getByTestId('buy-now-reason').textContent).toContain('Every part of this work has been sold');
  });

  it('opens the member-market dialog for a secondary-market work', async () => {
    localStorage.setItem('token', 'access');
    detailApi({ market: 3, sold_out_part: 48600, progress: 100, availability: 0 });
    renderDetail('/secondary-market/details/p-raw');
    fireEvent.click(await screen.findByTestId('buy-now'));
    const dialog = await screen.findByTestId('secondary-dialog');
    expect(within(dialog).getByRole('link', { name: 'Go to the member market' }).getAttribute('href')).toBe(
      '/user/market',
    );
    expect(screen.getByTestId('location').textContent).toBe('/secondary-market/details/p-raw');
  });
});

describe('buy now on the secondary market', () => {
  type Offer = { eligible: boolean; available_part: number; own_listed_part?: number; steps?: unknown[] };
  const step = (quantity: number, value: number) => ({ quantity, price_per_part: { value, curr: 'USD' } });

  function secondaryApi(offer: Offer | 'error') {
    localStorage.setItem('token', 'access');
    return stubApi((url) => {
      if (url.pathname === '/api/paintings/detail') {
        return stubApi.ok({
          paintings: paintingDetail({ market: 3, sold_out_part: 48600, progress: 100, availability: 0 }),
          base_url: BASE_URL,
        });
      }
      if (url.pathname === '/api/paintings/sale/offer') {
        if (offer === 'error') return { status: 500, body: { error: { en: 'Server error', fr: 'Erreur' } } };
        return stubApi.ok({ painting_id: 'p-raw', market: 3, own_listed_part: 0, steps: [], ...offer });
      }
      return undefined;
    });
  }

  async function openDialog() {
    renderDetail('/secondary-market/details/p-raw');
    fireEvent.click(await screen.findByTestId('buy-now'));
    return screen.findByTestId('secondary-dialog');
  }

  it('shows what members list, from which price, and leads to the secondary purchase', async () => {
    const fetchMock = secondaryApi({ eligible: true, available_part: 5, steps: [step(2, 10), step(3, 12)] });
    const dialog = await openDialog();
    expect(within(dialog).getByTestId('secondary-dialog-loading')).toBeTruthy();
    expect((await within(dialog).findByTestId('secondary-dialog-available')).textContent).toBe('5 parts');
    expect(within(dialog).getByTestId('secondary-dialog-price').textContent).toBe('from $10.00');
    expect(within(dialog).getByTestId('secondary-dialog-market').getAttribute('href')).toBe('/user/market');
    expect(within(dialog).queryByTestId('secondary-dialog-reason')).toBeNull();
    const offerUrl = fetchMock.mock.calls.map((call) => String(call[0])).find((url) => url.includes('sale/offer'));
    expect(offerUrl).toContain('painting_id=p-raw');
    expect(offerUrl).toContain('currency=USD');

    // (Following it here would bounce back: this harness shows the painting screen at every address.)
    expect(within(dialog).getByTestId('secondary-dialog-buy').getAttribute('href')).toBe(
      '/buy?type=secondary&path=artist&limit=1&offset=0&currency=USD&painting_id=p-raw',
    );
  });

  it('says why a member without primary parts cannot buy', async () => {
    secondaryApi({ eligible: false, available_part: 5, steps: [step(5, 10)] });
    const dialog = await openDialog();
    const reason = await within(dialog).findByTestId('secondary-dialog-reason');
    expect(reason.getAttribute('data-reason')).toBe('not-eligible');
    expect(reason.textContent).toContain('reserved for members holding parts bought on the primary market');
    expect(within(dialog).queryByTestId('secondary-dialog-buy')).toBeNull();
    expect(within(dialog).getByTestId('secondary-dialog-market').getAttribute('href')).toBe('/user/market');
  });

  it('says when no other member lists parts (in French)', async () => {
    await act(() => i18n.changeLanguage('fr'));
    secondaryApi({ eligible: true, available_part: 0, own_listed_part: 7 });
    const dialog = await openDialog();
    const reason = await within(dialog).findByTestId('secondary-dialog-reason');
    expect(reason.getAttribute('data-reason')).toBe('none-listed');
    expect(reason.textContent).toContain('Aucun autre membre ne vend de parts');
    expect(reason.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('Les 7 parts que vous proposez');
    expect(within(dialog).queryByTestId('secondary-dialog-buy')).toBeNull();
  });

  it('offers to try again when the offer cannot be loaded', async () => {
    secondaryApi('error');
    const dialog = await openDialog();
    expect(await within(dialog).findByTestId('secondary-dialog-error')).toBeTruthy();
    expect(within(dialog).getByTestId('secondary-dialog-retry')).toBeTruthy();
    expect(within(dialog).queryByTestId('secondary-dialog-buy')).toBeNull();
  });
});

describe('painting address', () => {
  it('moves a secondary-market work to its secondary address', async () => {
    detailApi({ market: 3, sold_out_part: 48600, progress: 100, availability: 0 });
    renderDetail('/primary-market/details/p-raw');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/secondary-market/details/p-raw'));
  });
});

describe('a work’s page as a document (issue 33)', () => {
  it('sends "Buy now" as a form to sign-in carrying the member’s /buy, the pinned bar hidden, the islands’ slots', async () => {
    detailApi();
    renderScreen(
      <DocumentContext.Provider value={true}>
        <PaintingScreen paintingId="p-raw" />
      </DocumentContext.Provider>,
      '/primary-market/details/p-raw',
    );
    const button = await screen.findByTestId('buy-now');
    const form = button.closest('form');
    expect(form?.getAttribute('action')).toBe('/login');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('data-member-action')).toBe('/buy');
    const fields = [...(form?.querySelectorAll('input[type="hidden"]') ?? [])] as HTMLInputElement[];
    expect(fields.map((field) => [field.name, field.value, field.disabled])).toContainEqual([
      'painting_id',
      'p-raw',
      true,
    ]);
    expect(fields.map((field) => field.name)).toEqual(['type', 'path', 'limit', 'offset', 'currency', 'painting_id']);
    const bar = screen.getByTestId('buy-now-bar');
    expect(bar.hidden).toBe(true);
    expect(bar.hasAttribute('data-buy-bar')).toBe(true);
    expect(screen.getByTestId('buy-now-sticky').getAttribute('form')).toBe(form?.id);
    expect(document.querySelector('[data-buy-anchor]')?.contains(button)).toBe(true);
    const watch = document.querySelector<HTMLElement>('[data-island="watch"]');
    expect(watch?.hidden).toBe(true);
    expect(watch?.dataset.paintingId).toBe('p-raw');
  });
});
