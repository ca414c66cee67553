import { type MessageKey, messages } from '@parcelle/shared';

/** The success envelope of spec §7: `{ status, data, message: { en, fr } }`. */
export function ok<T>(data: T, key: MessageKey = 'Ok', status = 200) {
  return { status, data, message: messages[key] };
}
