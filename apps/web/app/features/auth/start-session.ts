import type { TSessionData } from '@parcelle/shared/contracts/auth';
import { isLanguage } from '../i18n/language';
import { isCurrency, setCurrency } from '../preferences/currency';
import { changeLanguage } from '../preferences/language';
import { profileQuery } from '../session/profile';
import { queryClient } from '../session/query-client';
import { storeTokens, storeUserData } from '../session/storage';

/** What sign-in and registration answer (spec §7); the pair may also come under `token`. */
export type SessionAnswer = Partial<TSessionData> & {
  token?: { access_token?: string; refresh_token?: string };
};

/**
 * Opens the session from a sign-in or registration answer (spec §4): stores the tokens, takes the
 * member's language and currency, then fetches the profile. Returns whether the email is verified.
 */
export async function startSession(answer: SessionAnswer): Promise<boolean> {
  const access = answer.access_token ?? answer.token?.access_token;
  const refresh = answer.refresh_token ?? answer.token?.refresh_token;
  if (!access || !refresh) throw new Error('The answer carries no token pair');
  queryClient.clear();
  storeTokens(access, refresh);
  storeUserData({ iev: answer.iev ?? false, lang: answer.lang, curr: answer.curr });
  if (isCurrency(answer.curr)) setCurrency(answer.curr);
  if (isLanguage(answer.lang)) await changeLanguage(answer.lang, { save: false });
  try {
    const profile = await queryClient.fetchQuery(profileQuery);
    return profile.iev === true;
  } catch {
    return answer.iev === true;
  }
}
