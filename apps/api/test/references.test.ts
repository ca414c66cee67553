import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One reference generator (decision 405): outside apps/api/src/modules/references, no source draws a reference's
 * random characters itself (a Crockford alphabet, a byte reduced to 5 bits, random bytes turned into hex) or writes a
 * reference prefix followed by a random part. Tests are left out (they write fixed references).
 */
const SRC = join(import.meta.dirname, '../src');
const EXEMPT = [/^modules\/references\//, /\.test\.ts$/];

const COPIES = [
  /0123456789ABCDEFGHJKMNPQRSTVWXYZ/, // the alphabet spelled out
  /\bCROCKFORD(?:_ALPHABET)?\b/, // the alphabet's constant, declared or imported
  /\bbyte\s*(?:%\s*32|&\s*31)\b/, // a byte reduced to a base-32 character
  /randomBytes\(\d+\)\.toString\('hex'\)\.toUpperCase\(\)/, // random bytes as an upper-case hex reference
  /[`'"](?:PA|WD|LS|BD|TR|EX|DV)-\$\{/, // `PA-${…}`: a prefix glued to a random part by hand
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every line outside the exempt files that makes a reference itself (comments skipped). */
function referenceCopies(root: string): string[] {
  const found: string[] = [];
  for (const path of sources(root)) {
    const name = relative(root, path).replaceAll('\\', '/');
    if (EXEMPT.some((pattern) => pattern.test(name))) continue;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const code = line.trim();
        if (code.startsWith('*') || code.startsWith('/*') || code.startsWith('//')) return;
        if (COPIES.some((pattern) => pattern.test(code))) found.push(`${name}:${index + 1}: ${code}`);
      });
  }
  return found;
}

describe('one reference generator', () => {
  it('no source outside the references module makes a reference itself', () => {
    expect(referenceCopies(SRC)).toEqual([]);
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
