import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters, MULTI_LINE_CHECK, SINGLE_LINE_CHECK, safeText } from '../validation/fields';
import * as account from './account';
import * as admin from './admin';
import * as auth from './auth';
import * as catalogue from './catalogue';
import * as certificates from './certificates';
import * as contentAdmin from './content-admin';
import * as exits from './exits';
import * as member from './member';
import * as memberArea from './member-area';
import * as purchases from './purchases';

/** Every schema a request is validated with (body, query, path parameters): by name, plus the two operator bodies. */
const REQUEST =
  /^Z\w*(Request|Query|Params|Confirm|CodeCheck|Form)$|^ZRejectWithdrawal$|^ZDeclareDividend$|^ZPaypalObject$/;

type Node = { _zod: { def: Record<string, unknown> & { type: string; checks?: unknown[] } } };

/** The paths of the string fields of a schema, each with whether it carries the control-character rule. */
function stringFields(schema: Node, path = '', found: { path: string; guarded: boolean }[] = []) {
  const def = schema._zod.def;
  const child = (value: unknown, at = path) => stringFields(value as Node, at, found);
  switch (def.type) {
    case 'string':
      found.push({
        path,
        // zod's own formats (z.iso.datetime(), z.uuid()) are strict patterns that no control character matches.
        guarded:
          typeof def.format === 'string' ||
          (def.checks ?? []).some((check) => check === SINGLE_LINE_CHECK || check === MULTI_LINE_CHECK),
      });
      break;
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) child(value, `${path}.${key}`);
      break;
    case 'pipe':
      child(def.in);
      child(def.out);
      break;
    case 'union':
      for (const option of def.options as unknown[]) child(option);
      break;
    case 'array':
      child(def.element, `${path}[]`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      child(def.innerType);
      break;
  }
  return found;
}

const modules = { account, admin, auth, catalogue, certificates, contentAdmin, exits, member, memberArea, purchases };
const requestSchemas = Object.entries(modules).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter(([name, value]) => REQUEST.test(name) && typeof value === 'object' && value !== null && '_zod' in value)
    .map(([name, value]) => [`${module}.${name}`, value as Node] as const),
);

describe('the control-character rule of every request string (decision 74)', () => {
  it('finds the request schemas', () => {
    expect(requestSchemas.length).toBeGreaterThan(40);
  });

  it.each(requestSchemas)('%s: every string field uses safeText() or multilineText()', (_name, schema) => {
    const unguarded = stringFields(schema).filter((field) => !field.guarded);
    expect(unguarded.map((field) => field.path)).toEqual([]);
  });

  it('refuses C0 (but tab, LF, CR in multi-line text), DEL, C1, bidi overrides and lone surrogates', () => {
    for (const bad of [
      '\u0000',
      '\u0001',
      '\u001B',
      '\u007F',
      '\u0080',
      '\u009F',
      '\u202A',
      '\u202E',
      '\u2066',
      '\u2069',
      '\uD800',
      '\uDFFF',
    ]) {
      expect(hasForbiddenCharacters(`a${bad}b`), JSON.stringify(bad)).toBe(true);
      expect(hasForbiddenCharacters(`a${bad}b`, true), JSON.stringify(bad)).toBe(true);
    }
    for (const line of ['\t', '\n', '\r']) {
      expect(hasForbiddenCharacters(`a${line}b`)).toBe(true);
      expect(hasForbiddenCharacters(`a${line}b`, true)).toBe(false);
    }
    for (const fine of ['Zoë Ngô-Đặng', 'שלום\u200Fעולם', 'مرحبا\u061C', '👩‍🎨 😀', 'l’œuvre « x »\u00A0!']) {
      expect(hasForbiddenCharacters(fine), fine).toBe(false);
    }
  });

  it('answers the bilingual key first, before the field’s other rules', () => {
    const issues = safeText({ error: 'RequiredField' }).min(5).safeParse('a\u0000').error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual(['ControlCharacters']);
    const register = auth.ZRegisterRequest.safeParse({
      first_name: 'A\u0000',
      last_name: 'B',
      email: 'x@y.fr',
      quick_sign_up: true,
    });
    expect(register.error?.issues[0]).toMatchObject({ message: 'ControlCharacters', path: ['first_name'] });
  });
});
