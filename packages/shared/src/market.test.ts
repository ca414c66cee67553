import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isIrreversibleStep,
  MARKET_STATES,
  MARKET_TRANSITIONS,
  type MarketFacts,
  marketStepChecks,
  marketStepNeeds,
} from './market';

const ready: MarketFacts = {
  has_cover: true,
  documents: 10,
  has_valuation: true,
  certificate_wording_en: 'One part of the work.',
  certificate_wording_fr: 'Une part de l’œuvre.',
  sold_parts: 0,
  open_listings: 0,
};

describe('the market steps’ conditions (one rule for the API’s refusal and the console’s checklist)', () => {
  it('opens the primary sale with a cover, the ten documents, an appraisal and the wording in both languages', () => {
    expect(marketStepNeeds('primary', ready)).toEqual([]);
    expect(marketStepChecks('primary', ready).map((check) => check.need)).toEqual([
      'MissingCover',
      'MissingDocuments',
      'MissingValuation',
      'MissingCertificateWording',
    ]);
    const bare = { ...ready, has_cover: false, documents: 9, certificate_wording_fr: '  ' };
    expect(marketStepNeeds('primary', bare)).toEqual([
      { need: 'MissingCover', met: false, refusal: 'MarketPreconditionsMissing' },
      { need: 'MissingDocuments', met: false, refusal: 'MarketPreconditionsMissing' },
      { need: 'MissingCertificateWording', met: false, refusal: 'MarketPreconditionsMissing' },
    ]);
  });

  it('goes back to shown or draft only with nothing sold, and to the exit only with no listing open', () => {
    expect(marketStepNeeds('shown', { ...ready, sold_parts: 1 }).map((check) => check.refusal)).toEqual([
      'MarketPartsSold',
    ]);
    expect(marketStepNeeds('draft', ready)).toEqual([]);
    expect(marketStepNeeds('sold', { ...ready, open_listings: 2 }).map((check) => check.refusal)).toEqual([
      'MarketOpenListings',
    ]);
    expect(marketStepChecks('secondary', { ...ready, has_cover: false })).toEqual([]);
  });
});

describe('the steps that cannot be undone', () => {
  it('are the move to the secondary market and the exit; the others can be taken back', () => {
    expect(isIrreversibleStep('primary', 'secondary')).toBe(true);
    expect(isIrreversibleStep('secondary', 'sold')).toBe(true);
    expect(isIrreversibleStep('draft', 'shown')).toBe(false);
    expect(isIrreversibleStep('shown', 'primary')).toBe(false);
    expect(isIrreversibleStep('draft', 'primary')).toBe(false);
    expect(isIrreversibleStep('primary', 'shown')).toBe(false);
  });
});

describe('the one transition table (MARKET_STEPS)', () => {
  it('gives the operator the console’s steps', () => {
    expect(MARKET_TRANSITIONS).toEqual({
      draft: ['shown', 'primary'],
      shown: ['draft', 'primary'],
      primary: ['shown', 'secondary'],
      secondary: ['sold'],
      sold: [],
    });
  });

  it('lets a sell-out only open the secondary market and an exit only mark a work sold', () => {
    const steps = (cause: 'sell-out' | 'exit') =>
      MARKET_STATES.flatMap((from) =>
        MARKET_STATES.filter((to) => canTransition(from, to, cause)).map((to) => `${from}→${to}`),
      );
    expect(steps('sell-out')).toEqual(['primary→secondary']);
    expect(steps('exit')).toEqual(['secondary→sold']);
  });
});
