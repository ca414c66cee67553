import type { TProfile } from '@parcelle/shared/contracts/auth';
import type { Language } from '@parcelle/shared/i18n/messages';
import { i18n, loadLanguage } from '../i18n/i18n';
import { apiRequest } from '../session/api';
import { PROFILE_KEY } from '../session/profile';
import { queryClient } from '../session/query-client';
import { getAccessToken, getStoredSession, patchUserData } from '../session/storage';

/**
 * Changes the interface language (spec §4); a signed-in member's choice is also saved on the server
 * (POST /user/language) unless `save` is false (e.g. when the language comes from the sign-in answer).
 * The interface changes at once and does not wait for the save; a failed save does not undo it.
 */
export async function changeLanguage(language: Language, { save = true }: { save?: boolean } = {}) {
  // The browser holds only the page's language at first: the other one's texts are fetched before switching.
  if (!i18n.hasResourceBundle(language, 'translation')) await loadLanguage(language);
  await i18n.changeLanguage(language);
  if (!save || !getAccessToken()) return;
  // The member's profile shows the new language straight away.
  queryClient.setQueryData<TProfile>(PROFILE_KEY, (profile) => (profile ? { ...profile, lang: language } : profile));
  if (getStoredSession().userData) patchUserData({ lang: language });
  try {
    await apiRequest('/user/language', { method: 'POST', body: { lang: language } });
  } catch (error) {
    console.warn('The language could not be saved on the server', error);
  } finally {
    void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
  }
}
