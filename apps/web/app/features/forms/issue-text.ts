import type { TFunction } from 'i18next';
import { i18n } from '../i18n/i18n';

/**
 * A validation message: the shared schemas give catalogue keys, shown through the `msg` namespace;
 * any other text (e.g. a server error already in the current language) is shown as it is. The keys are looked up in
 * the loaded `msg` namespace rather than in the shared catalogue, which the first load does not carry (issue 14).
 */
export function issueText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return i18n.exists(message, { ns: 'msg' }) ? t(`msg:${message}`) : message;
}
