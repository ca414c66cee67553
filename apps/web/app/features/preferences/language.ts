import type { Language } from '@parcelle/shared/i18n/messages';
import { i18n } from '../i18n/i18n';
import { apiRequest } from '../session/api';
import { PROFILE_KEY } from '../session/profile';
import { queryClient } from '../session/query-client';
import { getAccessToken } from '../session/storage';

/**
 * Changes the interface language (spec §4); a signed-in member's choice is also saved on the server
 * unless `save` is false (e.g. when the language comes from the sign-in answer). The interface does
 * not wait for the save, and a failed save does not undo the change.
 */
export async function changeLanguage(language: Language, { save = true }: { save?: boolean } = {}) {
  await i18n.changeLanguage(language);
  if (save && getAccessToken()) {
    apiRequest('/user/language', { method: 'POST', body: { lang: language } })
      .then(() => queryClient.invalidateQueries({ queryKey: PROFILE_KEY }))
      .catch((error: unknown) => console.warn('The language could not be saved on the server', error));
  }
}
