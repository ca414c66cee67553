import { fillMessage } from '@parcelle/shared/i18n/messages';
import { hasForbiddenCharacters } from '@parcelle/shared/validation/fields';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** The deepest JSON body accepted: objects and arrays nested 20 levels (decision 75). */
export const MAX_JSON_DEPTH = 20;

/**
 * Whether a JSON text nests objects and arrays deeper than `max`, read as text before it is parsed (brackets inside
 * strings do not count). A body of 64 KiB could otherwise nest 32,000 levels that every later walk has to descend.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92)
        i++; // backslash: the next character is escaped
      else if (code === 34) inString = false;
      continue;
    }
    if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      depth++;
      if (depth > max) return true;
    } else if (code === 125 || code === 93) depth--;
  }
  return false;
}

/** Parsed JSON objects, and query and params objects (which have no prototype); never a raw Buffer body. */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The path of the first string (or key) holding a character no text accepts ('' for the value itself), or null.
 * Walks parsed JSON, query strings and path parameters without recursion. Tab, LF and CR pass here because some
 * fields are multi-line; each schema's own rule (`safeText`) refuses them in single-line fields.
 */
export function forbiddenTextPath(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string };
    if (typeof item.value === 'string') {
      if (hasForbiddenCharacters(item.value, true)) return item.path;
    } else if (Array.isArray(item.value)) {
      item.value.forEach((element, index) => {
        stack.push({ value: element, path: item.path ? `${item.path}.${index}` : String(index) });
      });
    } else if (isRecord(item.value)) {
      for (const [key, element] of Object.entries(item.value)) {
        const path = item.path ? `${item.path}.${key}` : key;
        if (hasForbiddenCharacters(key, true)) return path;
        stack.push({ value: element, path });
      }
    }
  }
  return null;
}

/**
 * Guards every route, including one whose schema forgets a rule (decisions 74, 75):
 * - JSON bodies deeper than MAX_JSON_DEPTH answer 400 'JsonTooDeep' before they are parsed (the body size limit
 *   stays Fastify's `bodyLimit`; prototype poisoning is still refused by Fastify's own parser, which does the rest);
 * - any string of the path parameters, the query or the parsed body with a control character (C0 but tab, LF and
 *   CR; DEL; C1), a bidirectional override or a lone surrogate answers 400 'ControlCharacters' before validation,
 *   so it never reaches PostgreSQL (which fails on NUL with a 500).
 * A scope that needs the raw body (the card webhook) removes this JSON parser and adds its own.
 */
export function registerInputGuards(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new AppError(400, 'JsonTooDeep', undefined, fillMessage('JsonTooDeep', { depth: MAX_JSON_DEPTH })));
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = forbiddenTextPath(part);
      if (path !== null) return done(new AppError(400, 'ControlCharacters', path || undefined));
    }
    done();
  });
}
