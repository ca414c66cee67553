// @vitest-environment jsdom
import type { TMyBid, TOrderBook } from '@parcelle/shared/contracts/orderbook';
import { messages } from '@parcelle/shared/i18n/messages';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { failed, ok, stubApi } from '../content/testing';
import { i18n } from '../i18n/i18n';
import { setCurrency } from '../preferences/currency';
import { OrderBook } from './OrderBook';
import { paintingDetail } from './test-fixtures';

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

const money = (minor: number) => ({ value: minor / 100, curr: 'EURO' as const });
const level = (minor: number, quantity: number) => ({
  price_per_part: money(minor),
  price_per_part_minor: minor,
  quantity,
  orders: 1,
});

const book: TOrderBook = {
  painting_id: 'p-1',
  market: 3,
  mode: 'matching',
  asks: [level(420, 3), level(450, 20)],
  bids: [level(380, 12)],
  open_asks: [],
  open_bids: [],
  last_trades: [
    {
      reference: 'TR-1',
      painting_id: 'p-1',
      quantity: 18,
      price_per_part: money(400),
      price_per_part_minor: 400,
      t: '2026-11-20T10:00:00.000Z',
    },
  ],
  reference_price: money(400),
  reference_price_minor: 400,
  min_price_minor: 200,
  max_price_minor: 800,
  eur_usd_rate: null,
};

const myBid: TMyBid = {
  reference: 'BD-1',
  painting_id: 'p-1',
  quantity: 5,
  remaining: 2,
  price_per_part: money(350),
  price_per_part_minor: 350,
  status: 'open',
  expires_at: '2026-12-20T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  title: { en: 'Work', fr: 'Œuvre' },
  cover_img: 'cover.jpg',
};

const clean = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const rows = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .map((row) => clean(row.textContent));

describe('the order book of a secondary-market work (issue 17, matching mode)', () => {
  it('shows asks and bids by price level and the last trades to a visitor, without orders of their own', async () => {
    stubApi({ '/api/paintings/order-book': ok(book) });
    renderScreen(<OrderBook painting={paintingDetail({ id: 'p-1' })} />);
    await screen.findByTestId('order-book-asks');
    expect(rows('order-book-asks')).toEqual(['Price per partParts', '€4.203 parts', '€4.5020 parts (2 cm² + 2 parts)']);
    expect(rows('order-book-bids')).toEqual(['Price per partParts', '€3.8012 parts (1 cm² + 3 parts)']);
    expect(rows('order-book-trades')).toEqual(['DatePrice per partParts', '20 Nov 2026€4.0018 parts (2 cm²)']);
    expect(within(screen.getByTestId('order-book-asks')).getAllByRole('columnheader')[1]?.getAttribute('scope')).toBe(
      'col',
    );
    expect(screen.queryByTestId('my-bids')).toBeNull();
    expect(screen.getByTestId('order-book-sign-in').textContent).toBe(
      'Sign in to offer your parts for sale or to bid for parts of this work.',
    );
  });

  it('tells a visitor in French how to take part; a member gets the form instead of the hint', async () => {
    stubApi({ '/api/paintings/order-book': ok(book) });
    await act(() => i18n.changeLanguage('fr'));
    renderScreen(<OrderBook painting={paintingDetail({ id: 'p-1' })} />);
    expect((await screen.findByTestId('order-book-sign-in')).textContent).toBe(
      'Connectez-vous pour mettre vos parts en vente ou faire une offre d’achat sur cette œuvre.',
    );
    cleanup();
    window.localStorage.setItem('token', 'access');
    window.localStorage.setItem('refresh_token', 'refresh');
    stubApi({ '/api/paintings/order-book': ok(book), '/api/paintings/bids': ok({ bids: [], total: 0, base_url: '' }) });
    renderScreen(<OrderBook painting={paintingDetail({ id: 'p-1' })} />);
    await screen.findByTestId('order-book-asks');
    expect(screen.queryByTestId('order-book-sign-in')).toBeNull();
  });

  it('says when a side of the book is empty', async () => {
    stubApi({ '/api/paintings/order-book': ok({ ...book, bids: [], last_trades: [] }) });
    renderScreen(<OrderBook painting={paintingDetail({ id: 'p-1' })} />);
    expect((await screen.findByTestId('order-book-bids-empty')).textContent).toBe('No offer to buy.');
  });

  it('lists a member’s open bids with their cancel action; a refused cancel is shown', async () => {
    window.localStorage.setItem('token', 'access');
    window.localStorage.setItem('refresh_token', 'refresh');
    const fetch = stubApi({
      '/api/paintings/order-book': ok(book),
      '/api/paintings/bids': ok({ bids: [myBid], total: 1, base_url: '' }),
      '/api/paintings/bids/BD-1/cancel': failed(409, messages.BidClosed),
    });
    renderScreen(<OrderBook painting={paintingDetail({ id: 'p-1' })} />);
    await screen.findByTestId('my-bids');
    expect(rows('my-bids')).toEqual(['Price per partPartsExpiresActions', '€3.502 parts20 Dec 2026Cancel']);
    fireEvent.click(screen.getByTestId('my-bid-cancel'));
    await waitFor(() => expect(screen.getByText(messages.BidClosed.en)).toBeTruthy());
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/paintings/bids/BD-1/cancel');
  });
});

describe('one currency per screen (issue 31)', () => {
  const withRate = { ...book, eur_usd_rate: '1.08' };

  it('writes the book in the member’s dollars at the day’s rate, the euro price it trades at beside, labelled', async () => {
    setCurrency('USD');
    stubApi({ '/api/paintings/order-book': ok(withRate) });
    renderScreen(<OrderBook painting={paintingDetail({ id: 'p-1' })} />);
    await screen.findByTestId('order-book-asks');
    // €4.20 × 1.08 = $4.536 → $4.54 (half-even on the cent, as the API converts).
    expect(rows('order-book-asks')).toEqual([
      'Price per partParts',
      '$4.54 (€4.20 in the book)3 parts',
      '$4.86 (€4.50 in the book)20 parts (2 cm² + 2 parts)',
    ]);
    expect(rows('order-book-trades')).toEqual([
      'DatePrice per partParts',
      '20 Nov 2026$4.32 (€4.00 in the book)18 parts (2 cm²)',
    ]);
    expect(clean(screen.getByTestId('order-book-reference').textContent)).toMatch(
      /^Reference price: \$4\.32 \(€4\.00 in the book\) per part/,
    );
    const results = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('in French, and in euros alone for a member who displays euros', async () => {
    setCurrency('USD');
    await act(() => i18n.changeLanguage('fr'));
    stubApi({ '/api/paintings/order-book': ok(withRate) });
    renderScreen(<OrderBook painting={paintingDetail({ id: 'p-1' })} />);
    await screen.findByTestId('order-book-asks');
    expect(rows('order-book-bids')[1]).toBe('4,10 $US (3,80 € dans le carnet)12 parts (1 cm² + 3 parts)');
    cleanup();
    setCurrency('EURO');
    stubApi({ '/api/paintings/order-book': ok(withRate) });
    renderScreen(<OrderBook painting={paintingDetail({ id: 'p-1' })} />);
    await screen.findByTestId('order-book-asks');
    expect(rows('order-book-bids')[1]).toBe('3,80 €12 parts (1 cm² + 3 parts)');
  });
});
