import { MARKET } from '@parcelle/shared/market';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  artworkRatio,
  buyGate,
  initialQuantity,
  listingsChange,
  primaryView,
  secondaryView,
} from './buy-state';

const work = (market: number, total = 90, sold = 0) => ({ market, total_part: total, sold_out_part: sold });

describe('primaryView: the work’s market decides which /buy it gets', () => {
  it('opens the form on a primary sale with parts left', () => {
    expect(primaryView(work(MARKET.primary, 90, 10), false)).toBe('form');
  });
  it('says sold out on a primary sale with nothing left, and sends a secondary-market work to its own /buy', () => {
    expect(primaryView(work(MARKET.primary, 90, 90), false)).toBe('sold-out');
    expect(primaryView(work(MARKET.secondary), false)).toBe('secondary');
  });
  it('answers unavailable for a work shown, sold or in preparation', () => {
    for (const market of [MARKET.shown, MARKET.sold, MARKET.draft])
      expect(primaryView(work(market), false)).toBe('unavailable');
  });
  it('keeps the form once shown, even when the purchase sold the last parts and the work moved on', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(MARKET)), fc.nat(100), (market, sold) => {
        expect(primaryView(work(market, 100, sold), true)).toBe('form');
      }),
    );
  });
  it('never opens a form the API would refuse before it was shown', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(MARKET)), fc.nat(100), (market, sold) => {
        const view = primaryView(work(market, 100, sold), false);
        if (view === 'form') expect(market === MARKET.primary && sold < 100).toBe(true);
      }),
    );
  });
});

describe('secondaryView', () => {
  const offer = (eligible: boolean, available_part: number) => ({ eligible, available_part });
  it('asks a visitor to sign in before anything else', () => {
    expect(secondaryView({ signedIn: false, offer: offer(true, 5), failed: false, formShown: true })).toBe('sign-in');
  });
  it('waits for the offer, or says it failed', () => {
    expect(secondaryView({ signedIn: true, offer: undefined, failed: false, formShown: false })).toBe('loading');
    expect(secondaryView({ signedIn: true, offer: undefined, failed: true, formShown: false })).toBe('error');
  });
  it('blocks members who hold no primary parts, and works with nothing listed', () => {
    expect(secondaryView({ signedIn: true, offer: offer(false, 5), failed: false, formShown: false })).toBe(
      'not-eligible',
    );
    expect(secondaryView({ signedIn: true, offer: offer(true, 0), failed: false, formShown: false })).toBe(
      'none-listed',
    );
    expect(secondaryView({ signedIn: true, offer: offer(true, 5), failed: false, formShown: false })).toBe('form');
  });
  it('keeps the form once shown, when the purchase took the last listed parts', () => {
    expect(secondaryView({ signedIn: true, offer: offer(true, 0), failed: false, formShown: true })).toBe('form');
  });
});

describe('listingsChange', () => {
  const base = {
    secondary: true,
    drawerOpen: true,
    refreshing: false,
    quantity: 6,
    available: 10,
    totalSeen: 6000,
    totalMinor: 6000,
  };
  it('says nothing when nothing changed, on the primary market, with the drawer closed or while reloading', () => {
    expect(listingsChange(base)).toBeNull();
    expect(listingsChange({ ...base, secondary: false, available: 2 })).toBeNull();
    expect(listingsChange({ ...base, drawerOpen: false, available: 2 })).toBeNull();
    expect(listingsChange({ ...base, refreshing: true, available: 2 })).toBeNull();
  });
  it('says fewer parts are listed before it says the total changed', () => {
    expect(listingsChange({ ...base, available: 4, totalMinor: 4000 })).toEqual({ kind: 'fewer-listed', available: 4 });
    expect(listingsChange({ ...base, totalMinor: 6120 })).toEqual({ kind: 'total-changed', totalMinor: 6120 });
  });
});

describe('amountProblem', () => {
  it('is quiet while the quantity is right', () => {
    expect(amountProblem({ quantityError: undefined, amountMinor: 100, quote: null })).toBeNull();
  });
  it('names the price of one part when the amount does not reach it', () => {
    expect(amountProblem({ quantityError: {}, amountMinor: 500, quote: { parts: 0, nextPartMinor: 1234 } })).toEqual({
      kind: 'below-one-part',
      nextPartMinor: 1234,
    });
  });
  it('asks for an amount, else gives the quantity’s own problem', () => {
    expect(amountProblem({ quantityError: {}, amountMinor: null, quote: null })).toEqual({ kind: 'required' });
    expect(
      amountProblem({
        quantityError: { message: 'TooMany' },
        amountMinor: 9_999_999,
        quote: { parts: 900, nextPartMinor: null },
      }),
    ).toEqual({ kind: 'quantity', message: 'TooMany' });
  });
});

describe('the rest of the form', () => {
  it('puts the identity step before the investor step, and neither before a visitor signs in', () => {
    expect(buyGate({ signedIn: false, verificationGated: true, investorGated: true })).toBe('none');
    expect(buyGate({ signedIn: true, verificationGated: true, investorGated: true })).toBe('verification');
    expect(buyGate({ signedIn: true, verificationGated: false, investorGated: true })).toBe('investor');
    expect(buyGate({ signedIn: true, verificationGated: false, investorGated: false })).toBe('none');
  });
  it('opens on 1 cm² or every part left, and draws a work without dimensions as a portrait', () => {
    expect(initialQuantity(500)).toBe('9');
    expect(initialQuantity(4)).toBe('4');
    expect(artworkRatio({ width: 0, height: 0 })).toBe(4 / 5);
    expect(artworkRatio({ width: 120, height: 60 })).toBe(2);
  });
});
