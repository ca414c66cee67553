import { describe, expect, it } from 'vitest';
import { countries, countryName, currencyForCountry, findCountry, isEuropean } from './countries';

describe('countries', () => {
  it('lists about 240 countries, more than the 150 of spec §3, each code once', () => {
    expect(countries.length).toBeGreaterThanOrEqual(150);
    expect(new Set(countries.map((country) => country.code)).size).toBe(countries.length);
  });

  it('every entry has a two-letter code, en and fr names, a continent and a dial code', () => {
    for (const country of countries) {
      expect(country.code, country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.name.en.trim(), country.code).not.toBe('');
      expect(country.name.fr.trim(), country.code).not.toBe('');
      expect(country.dialCode, country.code).toMatch(/^\+\d{1,4}$/);
      expect(country.continent, country.code).toMatch(/^(Europe|Asia|Africa|North America|South America|Oceania)/);
    }
  });

  it('is sorted by English name', () => {
    const names = countries.map((country) => country.name.en);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });

  it('leaves out Antarctica', () => {
    expect(findCountry('AQ')).toBeUndefined();
    expect(countries.some((country) => (country.continent as string) === 'Antarctica')).toBe(false);
  });

  it('puts Russia and Turkey in Europe/Asia (spec §3)', () => {
    expect(findCountry('RU')?.continent).toBe('Europe/Asia');
    expect(findCountry('TR')?.continent).toBe('Europe/Asia');
    expect(findCountry('KZ')?.continent).toBe('Asia');
  });

  it('gives names in both languages', () => {
    expect(findCountry('fr')).toEqual({
      code: 'FR',
      name: { en: 'France', fr: 'France' },
      continent: 'Europe',
      dialCode: '+33',
    });
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('ZZ', 'en')).toBeUndefined();
  });

  it('uses country calling codes without area codes', () => {
    expect(findCountry('US')?.dialCode).toBe('+1');
    expect(findCountry('JM')?.dialCode).toBe('+1');
    expect(findCountry('RU')?.dialCode).toBe('+7');
    expect(findCountry('GB')?.dialCode).toBe('+44');
  });
});

describe('currencyForCountry (spec §1)', () => {
  it.each(['FR', 'DE', 'GB', 'CH', 'RU', 'TR', 'fr'])('%s → EURO', (code) => {
    expect(isEuropean(code)).toBe(true);
    expect(currencyForCountry(code)).toBe('EURO');
  });
  it.each(['US', 'CA', 'BR', 'JP', 'MA', 'AU', 'ZZ', ''])('%j → USD', (code) => {
    expect(isEuropean(code)).toBe(false);
    expect(currencyForCountry(code)).toBe('USD');
  });
});
