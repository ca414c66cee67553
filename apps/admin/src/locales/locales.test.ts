import { pluralProblems } from '@parcelle/shared/i18n/plural-scan';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fr } from './fr';

/** Every text of a locale tree as [dotted key, text]. */
function texts(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : texts(value, `${prefix}${key}.`),
  );
}

describe('the console texts', () => {
  it('exist in both languages, none empty', () => {
    const english = texts(en).map(([key]) => key);
    expect(texts(fr).map(([key]) => key)).toEqual(english);
    expect([...texts(en), ...texts(fr)].filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('put a no-break space, never a plain one, before : ; ! ? in French', () => {
    const plainSpaceBefore = / [:;!?](?=\s|$)/;
    expect(texts(fr).filter(([, text]) => plainSpaceBefore.test(text))).toEqual([]);
  });

  it('have a plural form wherever a number meets a noun, in both languages (issue 31)', () => {
    expect(pluralProblems(texts(en))).toEqual([]);
    expect(pluralProblems(texts(fr))).toEqual([]);
  });
});
