import { describe, expect, it } from 'vitest';
import { parseRate } from '../rates/RatesPage';
import { artistFormValues, EMPTY_ARTIST, EMPTY_YEAR, yearFormValues, ZArtistForm, ZYearForm } from './artist-form';

describe('the artist form', () => {
  it('sends empty life dates and record as null, the record in minor units', () => {
    expect(
      ZArtistForm.parse({ ...EMPTY_ARTIST, name: 'Sonia Delaunay', bio_en: 'Painter.', bio_fr: 'Peintre.' }),
    ).toEqual({
      name: 'Sonia Delaunay',
      date_of_birth: null,
      date_of_death: null,
      bio_en: 'Painter.',
      bio_fr: 'Peintre.',
      record_price_minor: null,
    });
    const full = ZArtistForm.parse({
      name: 'Sonia Delaunay',
      date_of_birth: '1885-11-14',
      date_of_death: '1979-12-05',
      bio_en: 'Painter.',
      bio_fr: 'Peintre.',
      record_price: '4500000',
    });
    expect(full.record_price_minor).toBe(450_000_000);
    expect(
      artistFormValues({
        ...full,
        date_of_birth: '1885-11-14',
        date_of_death: '1979-12-05',
        record_price_minor: 450_000_000,
      }),
    ).toMatchObject({
      record_price: '4500000.00',
    });
  });

  it('puts the contract’s errors on the typed fields', () => {
    const result = ZArtistForm.safeParse({ ...EMPTY_ARTIST, date_of_birth: '1885-13-40', record_price: '-1' });
    const issues = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(issues).toMatchObject({
      name: 'RequiredField',
      date_of_birth: 'InvalidDate',
      bio_en: 'RequiredField',
      record_price: 'InvalidAmount',
    });
  });
});

describe('a year of auction figures', () => {
  it('is the year and the contract’s body in minor units', () => {
    const value = ZYearForm.parse({
      year: '2024',
      turnover: '1250000',
      lots_sold: '42',
      lots_unsold: '8',
      avg_price_cm2: '310.5',
      record_price: '',
    });
    expect(value).toEqual({
      year: 2024,
      body: {
        turnover_minor: 125_000_000,
        lots_sold: 42,
        lots_unsold: 8,
        avg_price_cm2_minor: 31_050,
        record_price_minor: null,
      },
    });
    expect(yearFormValues({ year: 2024, ...value.body, record_price_minor: null })).toMatchObject({
      avg_price_cm2: '310.50',
      record_price: '',
    });
  });

  it('refuses a year out of range and missing figures', () => {
    const result = ZYearForm.safeParse({ ...EMPTY_YEAR, year: '1700' });
    const fields = (result.error?.issues ?? []).map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['year', 'turnover', 'lots_sold', 'avg_price_cm2']));
  });
});

describe('an exchange rate typed by hand', () => {
  it('accepts a French decimal comma and refuses what the contract refuses', () => {
    expect(parseRate('2026-11-23', '1,0842')).toEqual({ day: '2026-11-23', rate: '1.0842' });
    expect(parseRate('2026-11-23', '1.12345678')).toEqual({ field: 'rate', error: 'InvalidRate' });
    expect(parseRate('2026-02-30', '1.1')).toEqual({ field: 'day', error: 'InvalidDate' });
  });
});
