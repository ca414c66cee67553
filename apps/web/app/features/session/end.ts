import { navigateTo } from './navigation';
import { queryClient } from './query-client';
import { clearStoredSession, getAccessToken, getRefreshToken } from './storage';

/** Ends the session after a refused refresh or a deactivated account (spec §8): forget it and go to /login. */
export function endSession() {
  const hadSession = Boolean(getAccessToken() || getRefreshToken());
  clearStoredSession();
  queryClient.clear();
  if (hadSession) navigateTo('/login');
}
