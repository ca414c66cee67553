import { describe, expect, it } from 'vitest';
import { missingTranslation } from './bilingual';

describe('missingTranslation', () => {
  it('names the empty language of a text written in the other one', () => {
    expect(missingTranslation({ custody_place_en: 'Geneva', custody_place_fr: null })).toBe('custody_place_fr');
    expect(missingTranslation({ certificate_wording_en: '  ', certificate_wording_fr: 'Une part.' })).toBe(
      'certificate_wording_en',
    );
  });

  it('takes a text in both languages or in neither', () => {
    expect(missingTranslation({ custody_place_en: 'Geneva', custody_place_fr: 'Genève' })).toBeNull();
    expect(missingTranslation({ custody_place_en: null, certificate_wording_fr: '' })).toBeNull();
    expect(missingTranslation({ method_en: 'A', method_fr: '' }, ['method'])).toBe('method_fr');
  });
});
