import { describe, expect, it } from 'vitest';
import { linesMatching, SRC } from './source-scan';

/**
 * One reference generator (decision 405): outside apps/api/src/modules/references, no source draws a reference's
 * random characters itself (a Crockford alphabet, a byte reduced to 5 bits, random bytes turned into hex) or writes a
 * reference prefix followed by a random part. Tests are left out (they write fixed references).
 */
const EXEMPT = [/^modules\/references\//, /\.test\.ts$/];

const COPIES = [
  /0123456789ABCDEFGHJKMNPQRSTVWXYZ/, // the alphabet spelled out
  /\bCROCKFORD(?:_ALPHABET)?\b/, // the alphabet's constant, declared or imported
  /\bbyte\s*(?:%\s*32|&\s*31)\b/, // a byte reduced to a base-32 character
  /randomBytes\(\d+\)\.toString\('hex'\)\.toUpperCase\(\)/, // random bytes as an upper-case hex reference
  /[`'"](?:PA|WD|LS|BD|TR|EX|DV)-\$\{/, // `PA-${…}`: a prefix glued to a random part by hand
];

describe('one reference generator', () => {
  it('no source outside the references module makes a reference itself', () => {
    expect(linesMatching(SRC, EXEMPT, COPIES)).toEqual([]);
  });

  it('the check sees each form the copies had', () => {
    const forms = [
      "const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';",
      "import { CROCKFORD_ALPHABET, type Language } from '@parcelle/shared';",
      'for (const byte of randomBytes(10)) text += CROCKFORD[byte % 32];',
      "const random = Array.from(bytes, (byte) => CROCKFORD_ALPHABET[byte & 31]).join('');",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a copy, not a template
      "return `EX-${randomBytes(6).toString('hex').toUpperCase()}`;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a copy, not a template
      'return `LS-${text}`;',
    ];
    for (const form of forms) expect(COPIES.some((pattern) => pattern.test(form))).toBe(true);
    expect(COPIES.some((pattern) => pattern.test("reference: newReference('listing'),"))).toBe(false);
  });
});
