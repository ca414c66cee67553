/**
 * The console's tokens, in localStorage as the web app keeps a member's (apps/web/app/features/session/storage.ts),
 * under their own keys: the console and the member site share an origin, and an operator's session must neither
 * replace nor be replaced by a member session opened in another tab.
 */
export const ADMIN_STORAGE_KEYS = {
  token: 'parcelle_admin_token',
  refreshToken: 'parcelle_admin_refresh_token',
} as const;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return storage()?.getItem(ADMIN_STORAGE_KEYS.token) || null;
}

export function getRefreshToken(): string | null {
  return storage()?.getItem(ADMIN_STORAGE_KEYS.refreshToken) || null;
}

export function storeTokens(accessToken: string, refreshToken: string) {
  storage()?.setItem(ADMIN_STORAGE_KEYS.token, accessToken);
  storage()?.setItem(ADMIN_STORAGE_KEYS.refreshToken, refreshToken);
}

export function clearTokens() {
  storage()?.removeItem(ADMIN_STORAGE_KEYS.token);
  storage()?.removeItem(ADMIN_STORAGE_KEYS.refreshToken);
}
