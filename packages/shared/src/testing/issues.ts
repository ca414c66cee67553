import { expect } from 'vitest';
import type { z } from 'zod';
import { isMessageKey } from '../i18n/messages';

/**
 * Test helper: the message key of the first issue on each path ("" for the root), which is what the
 * API answers (first issue) and what the forms show (react-hook-form keeps the first error per field).
 * It also asserts that every issue the schema raised carries a catalogue key, so each probe in the
 * tests doubles as a check that the schemas cannot emit a message the catalogue lacks. Unknown fields
 * are the one exception: zod words that issue itself and the API maps its code to `UnknownField`.
 */
export function firstKeys(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  if (result.success) return {};
  const keys: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code !== 'unrecognized_keys') {
      expect(isMessageKey(issue.message), `"${issue.message}" is not a catalogue key`).toBe(true);
    }
    const path = issue.path.join('.');
    keys[path] ??= issue.code === 'unrecognized_keys' ? 'UnknownField' : issue.message;
  }
  return keys;
}

/** The first key raised for a lone field schema, or null when the value is valid. */
export function fieldKey(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const key = firstKeys(result)[''];
  if (key === undefined) throw new Error('expected an issue on the field itself');
  return key;
}
