import { isMessageKey } from '@parcelle/shared/i18n/messages';
import type { TFunction } from 'i18next';

/**
 * A validation message: the shared schemas give catalogue keys, shown through the `msg` namespace;
 * any other text (e.g. a server error already in the current language) is shown as it is.
 */
export function issueText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isMessageKey(message) ? t(`msg:${message}`) : message;
}
