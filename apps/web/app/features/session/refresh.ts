import { getAccessToken, getRefreshToken, storeTokens } from './storage';

export const REFRESH_LOCK = 'parcelle-refresh';
export const REFRESH_PATH = '/api/auth/token/refresh';

/** Thrown when no new token pair can be had: the session is over. */
export class RefreshFailed extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RefreshFailed';
  }
}

let pending: Promise<string> | null = null;

/**
 * Returns a fresh access token after a request sent with `usedRefreshToken` was refused as expired.
 * In this tab, requests failing together share one refresh. Across tabs, the Web Locks API makes
 * refreshes take turns; inside the lock a refresh token that changed since the failed request
 * means another tab (or an earlier refresh) already renewed the pair, which is then simply reused.
 */
export function refreshAccessToken(usedRefreshToken: string | null): Promise<string> {
  pending ??= withRefreshLock(() => renew(usedRefreshToken)).finally(() => {
    pending = null;
  });
  return pending;
}

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // lib.dom types request() as resolving to the callback's return value, a promise here: unwrap it.
  return locks ? (locks.request(REFRESH_LOCK, task) as unknown as Promise<T>) : task();
}

async function renew(usedRefreshToken: string | null): Promise<string> {
  const storedRefresh = getRefreshToken();
  if (!storedRefresh) throw new RefreshFailed('No refresh token');
  const storedAccess = getAccessToken();
  if (usedRefreshToken && storedRefresh !== usedRefreshToken && storedAccess) return storedAccess;

  let response: Response;
  try {
    response = await fetch(REFRESH_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh_token: storedRefresh }),
    });
  } catch (error) {
    // Offline or the server unreachable: the session may well be valid, so it is not ended.
    throw error instanceof Error ? error : new Error('Network error while refreshing');
  }
  if (response.status >= 500) throw new Error(`Refresh unavailable (${response.status})`);
  const body: unknown = await response.json().catch(() => null);
  const data = (body as { data?: { access_token?: unknown; refresh_token?: unknown } } | null)?.data;
  if (!response.ok || typeof data?.access_token !== 'string' || typeof data.refresh_token !== 'string') {
    throw new RefreshFailed(`Refresh refused (${response.status})`);
  }
  storeTokens(data.access_token, data.refresh_token);
  return data.access_token;
}
