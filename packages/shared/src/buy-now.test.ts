import { describe, expect, it } from 'vitest';
import { type BuyNowInput, buyNowAction, buyPath, isSoldOut } from './buy-now';

const painting = { id: 'p1', title: 'Raw Linen' };

function input(overrides: Partial<BuyNowInput<typeof painting>> = {}): BuyNowInput<typeof painting> {
  return {
    signedIn: true,
    market: 2,
    totalParts: 100,
    soldParts: 10,
    currency: 'EURO',
    paintingId: 'p1',
    pathname: '/primary-market/details/p1',
    painting,
    baseUrl: 'http://localhost:3000/media/',
    ...overrides,
  };
}

describe('buy now (spec §4)', () => {
  it.each([
    // signedIn, market, sold, total, expected kind
    [false, 1, 0, 100, 'disabled'],
    [true, 1, 0, 100, 'disabled'],
    [true, 1, 100, 100, 'disabled'],
    [false, 2, 10, 100, 'login'],
    [true, 2, 10, 100, 'buy'],
    [true, 2, 100, 100, 'disabled'],
    [false, 2, 100, 100, 'disabled'],
    [false, 3, 100, 100, 'login'],
    [true, 3, 100, 100, 'secondary-dialog'],
    [true, 3, 50, 100, 'secondary-dialog'],
  ] as const)('signed in %s, market %i, %i of %i sold → %s', (signedIn, market, soldParts, totalParts, kind) => {
    expect(buyNowAction(input({ signedIn, market, soldParts, totalParts })).kind).toBe(kind);
  });

  it('says why it is disabled', () => {
    expect(buyNowAction(input({ market: 1 }))).toEqual({ kind: 'disabled', reason: 'not-buyable' });
    expect(buyNowAction(input({ market: 2, soldParts: 100 }))).toEqual({ kind: 'disabled', reason: 'sold-out' });
  });

  it('sends a visitor to /login with the page to return to', () => {
    expect(buyNowAction(input({ signedIn: false }))).toEqual({
      kind: 'login',
      to: '/login',
      state: { from: '/primary-market/details/p1' },
    });
  });

  it('points the secondary-market dialog to the member market and to the secondary purchase flow', () => {
    expect(buyNowAction(input({ market: 3, soldParts: 100 }))).toEqual({
      kind: 'secondary-dialog',
      to: '/user/market',
      buyTo: '/buy?type=secondary&path=artist&limit=1&offset=0&currency=EURO&painting_id=p1',
    });
    expect(buyNowAction(input({ market: 3, currency: 'USD', soldParts: 40 }))).toMatchObject({
      buyTo: '/buy?type=secondary&path=artist&limit=1&offset=0&currency=USD&painting_id=p1',
    });
  });

  it('sends a visitor to /login on the secondary market too', () => {
    expect(buyNowAction(input({ market: 3, signedIn: false, soldParts: 100 })).kind).toBe('login');
  });

  it('opens the purchase flow with the spec query, the painting id and the record in state', () => {
    expect(buyNowAction(input({ currency: 'USD' }))).toEqual({
      kind: 'buy',
      to: '/buy?type=primary&path=artist&limit=1&offset=0&currency=USD&painting_id=p1',
      state: { painting, base_url: 'http://localhost:3000/media/' },
    });
  });

  it('encodes the painting id in the purchase address', () => {
    expect(buyPath('a b&c', 'EURO')).toBe(
      '/buy?type=primary&path=artist&limit=1&offset=0&currency=EURO&painting_id=a+b%26c',
    );
  });

  it('names the market in the purchase address (primary by default)', () => {
    expect(buyPath('p1', 'USD')).toBe(buyPath('p1', 'USD', 'primary'));
    expect(buyPath('p1', 'USD', 'secondary')).toBe(
      '/buy?type=secondary&path=artist&limit=1&offset=0&currency=USD&painting_id=p1',
    );
    expect(buyPath('a b&c', 'EURO', 'secondary')).toBe(
      '/buy?type=secondary&path=artist&limit=1&offset=0&currency=EURO&painting_id=a+b%26c',
    );
  });

  it('counts a painting without parts as sold out', () => {
    expect(isSoldOut(0, 0)).toBe(true);
    expect(isSoldOut(99, 100)).toBe(false);
    expect(isSoldOut(100, 100)).toBe(true);
  });
});
