import { describe, expect, it } from 'vitest';
import { EMPTY_VALUATION, valuationFormValues, ZValuationForm } from './valuation-form';
import { EMPTY_WORK, issueText, liveParts, type TWorkFormInput, toFormValues, ZWorkForm } from './work-form';

const ARTIST = '3f0b3c0e-8d2a-4c7e-9b1a-2f4d6e8a0c11';

const filled: TWorkFormInput = {
  ...EMPTY_WORK,
  artist_id: ARTIST,
  title_en: 'Blue harbour',
  title_fr: 'Port bleu',
  description_en: 'Oil on canvas.',
  description_fr: 'Huile sur toile.',
  type_en: 'Oil on canvas',
  type_fr: 'Huile sur toile',
  year: '1962',
  width_cm: '40',
  height_cm: '30',
  price_per_part: '2.50',
};

describe('the work form', () => {
  it('parses amounts into exact minor units, the exit share into basis points, empty facts into null', () => {
    const body = ZWorkForm.parse({
      ...filled,
      entry_fee: '150',
      storage_cost_yearly: '1200.5',
      insurance_cost_yearly: '0,99',
      exit_share_percent: '2.5',
      target_holding_years: '7',
      custody_place_en: ' Geneva free port ',
      custody_place_fr: 'Port franc de Genève',
    });
    expect(body).toMatchObject({
      year: 1962,
      width_cm: 40,
      height_cm: 30,
      price_per_part_minor: 250,
      entry_fee_minor: 15_000,
      storage_cost_yearly_minor: 120_050,
      insurance_cost_yearly_minor: 99,
      exit_fee_minor: null,
      exit_share_bps: 250,
      target_holding_years: 7,
      custody_place_en: 'Geneva free port',
      custody_place_fr: 'Port franc de Genève',
      insurer: null,
    });
    // An empty certificate wording is left out (the standard clause applies).
    expect(body).not.toHaveProperty('certificate_wording_en');
  });

  it('refuses a text members read in one language only, on the missing language (issue 32)', () => {
    const result = ZWorkForm.safeParse({ ...filled, certificate_wording_fr: 'Une part.' });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['certificate_wording_en', 'TranslationMissing'],
    ]);
  });

  it('puts the contract’s errors under the typed fields, with the API’s message keys', () => {
    const result = ZWorkForm.safeParse({ ...filled, artist_id: '', price_per_part: '2.505', width_cm: '0', year: 'x' });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(issues).toMatchObject({
      artist_id: 'ArtistNotFound',
      price_per_part: 'InvalidAmount',
      width_cm: 'InvalidDimensions',
      year: 'InvalidYear',
    });
    expect(issueText('InvalidDimensions', 'fr')).not.toBe(issueText('InvalidDimensions', 'en'));
  });

  it('shows the parts of the dimensions live, 9 per cm², and nothing for unfinished input', () => {
    expect(liveParts('40', '30')).toBe(10_800);
    expect(liveParts('40', '')).toBeNull();
    expect(liveParts('4.5', '3')).toBeNull();
  });

  it('reads an API work back into the same fields', () => {
    const body = ZWorkForm.parse({ ...filled, exit_fee: '10', exit_share_percent: '1.25' });
    const again = toFormValues({
      ...body,
      certificate_wording_en: '',
      certificate_wording_fr: '',
    } as Parameters<typeof toFormValues>[0]);
    expect(again).toMatchObject({ price_per_part: '2.50', exit_fee: '10.00', exit_share_percent: '1.25' });
    expect(ZWorkForm.parse(again)).toEqual(ZWorkForm.parse({ ...filled, exit_fee: '10', exit_share_percent: '1.25' }));
  });

  it('writes amounts back with a decimal comma in French, which reads back to the same minor units', () => {
    const body = ZWorkForm.parse({ ...filled, exit_fee: '10', exit_share_percent: '1.25' });
    const work = { ...body, certificate_wording_en: '', certificate_wording_fr: '' } as Parameters<
      typeof toFormValues
    >[0];
    const french = toFormValues(work, 'fr');
    expect(french).toMatchObject({ price_per_part: '2,50', exit_fee: '10,00', exit_share_percent: '1,25' });
    expect(ZWorkForm.parse(french)).toEqual(body);
  });
});

describe('the valuation form', () => {
  it('is the shared contract’s body, the value in minor units', () => {
    const body = ZValuationForm.parse({
      valued_on: '2026-10-01',
      value: '125000',
      currency: 'EURO',
      appraiser: 'Maison Drouot',
      method_en: 'Comparable sales',
      method_fr: 'Ventes comparables',
    });
    expect(body).toEqual({
      valued_on: '2026-10-01',
      value_minor: 12_500_000,
      currency: 'EURO',
      appraiser: 'Maison Drouot',
      method_en: 'Comparable sales',
      method_fr: 'Ventes comparables',
    });
  });

  it('refuses a method written in one language only (members read it in theirs)', () => {
    const result = ZValuationForm.safeParse({
      valued_on: '2026-10-01',
      value: '125000',
      currency: 'EURO',
      appraiser: 'Maison Drouot',
      method_en: 'Comparable sales',
      method_fr: ' ',
    });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['method_fr', 'RequiredField'],
    ]);
  });

  it('refuses a missing date or value under the typed field', () => {
    const result = ZValuationForm.safeParse(EMPTY_VALUATION);
    const fields = (result.error?.issues ?? []).map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['valued_on', 'value', 'appraiser', 'method_en', 'method_fr']));
  });

  it('starts a correction from the appraisal it replaces', () => {
    expect(
      valuationFormValues({
        valued_on: '2026-10-01T00:00:00.000Z',
        value_minor: 99,
        currency: 'USD',
        appraiser: 'A',
        method_en: 'M',
        method_fr: 'Mf',
      }),
    ).toEqual({
      valued_on: '2026-10-01',
      value: '0.99',
      currency: 'USD',
      appraiser: 'A',
      method_en: 'M',
      method_fr: 'Mf',
    });
  });
});
