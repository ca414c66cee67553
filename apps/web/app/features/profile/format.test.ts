import { describe, expect, it } from 'vitest';
import { languageName } from './format';

describe('the profile language (issue 17)', () => {
  it('names the member language in the reader language', () => {
    expect(languageName('en', 'en')).toBe('English');
    expect(languageName('fr', 'en')).toBe('French');
    expect(languageName('en', 'fr')).toBe('Anglais');
    expect(languageName('fr', 'fr')).toBe('Français');
  });
});
