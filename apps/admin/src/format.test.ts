import { describe, expect, it } from 'vitest';
import { moneyText } from './format';

describe('moneyText', () => {
  it('formats integer minor units in the interface language, exactly', () => {
    expect(moneyText(125_050, 'EURO', 'en')).toBe('€1,250.50');
    expect(moneyText(125_050, 'EURO', 'fr')).toMatch(/^1\s250,50\s€$/);
    expect(moneyText(-1, 'USD', 'en')).toBe('-$0.01');
    // The largest amount the platform holds, to the cent: 22,517,998,136,852.47 €.
    expect(moneyText(2 ** 51 - 1, 'EURO', 'en')).toBe('€22,517,998,136,852.47');
  });

  it('refuses an amount that is not an integer number of minor units', () => {
    expect(() => moneyText(12.5, 'EURO', 'en')).toThrow();
    expect(() => moneyText(2 ** 51, 'EURO', 'en')).toThrow();
  });
});
