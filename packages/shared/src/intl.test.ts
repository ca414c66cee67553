import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, pluralRules } from './intl';

describe('kept Intl objects', () => {
  it('gives the same formatter for the same locale and options, another for other options', () => {
    const euros = numberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    expect(numberFormat('fr-FR', { style: 'currency', currency: 'EUR' })).toBe(euros);
    expect(numberFormat('fr-FR', { style: 'currency', currency: 'USD' })).not.toBe(euros);
    expect(numberFormat('en-US', { style: 'currency', currency: 'EUR' })).not.toBe(euros);
    expect(numberFormat('fr-FR')).not.toBe(euros);
  });

  it('formats as a fresh Intl object would', () => {
    const options = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
    const date = new Date(Date.UTC(2027, 2, 14));
    expect(dateTimeFormat('fr-FR', options).format(date)).toBe(new Intl.DateTimeFormat('fr-FR', options).format(date));
    expect(numberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(1234.5)).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(1234.5),
    );
    expect(pluralRules('fr').select(1.5)).toBe('one');
    expect(pluralRules('en').select(1.5)).toBe('other');
  });

  it('keeps a bounded number of instances', () => {
    const first = numberFormat('en-US', { maximumFractionDigits: 0 });
    for (let digits = 0; digits < 300; digits += 1)
      numberFormat('en-US', {
        minimumIntegerDigits: (digits % 21) + 1,
        maximumSignificantDigits: (digits % 20) + 1,
        minimumSignificantDigits: 1,
      });
    // Still correct after the keeper was emptied and refilled.
    expect(numberFormat('en-US', { maximumFractionDigits: 0 }).format(2.6)).toBe(first.format(2.6));
  });
});
