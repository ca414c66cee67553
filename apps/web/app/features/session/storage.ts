import type { TProfile } from '@parcelle/shared/contracts/auth';

/** localStorage keys of spec §3. */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  userData: 'userData',
} as const;

/** What is kept of the member between page loads: the profile, or at least the flags of the sign-in answer. */
export type UserData = Partial<TProfile> & { iev?: boolean | null };

export type StoredSession = {
  token: string | null;
  refreshToken: string | null;
  userData: UserData | null;
};

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string; session: StoredSession } | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parseUserData(raw: string | null): UserData | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as UserData) : null;
  } catch {
    return null;
  }
}

function changed() {
  for (const listener of listeners) listener();
}

/**
 * The stored session, read from localStorage each time but the same object while nothing changed
 * (as useSyncExternalStore needs), so writes from anywhere — this module, another tab, a test — show.
 */
export function getStoredSession(): StoredSession {
  const store = storage();
  const token = store?.getItem(STORAGE_KEYS.token) || null;
  const refreshToken = store?.getItem(STORAGE_KEYS.refreshToken) || null;
  const userData = store?.getItem(STORAGE_KEYS.userData) ?? null;
  const raw = JSON.stringify([token, refreshToken, userData]);
  if (cached?.raw !== raw) cached = { raw, session: { token, refreshToken, userData: parseUserData(userData) } };
  return cached.session;
}

export function getAccessToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.token) || null;
}

export function getRefreshToken(): string | null {
  return storage()?.getItem(STORAGE_KEYS.refreshToken) || null;
}

export function storeTokens(accessToken: string, refreshToken: string) {
  const store = storage();
  store?.setItem(STORAGE_KEYS.token, accessToken);
  store?.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  changed();
}

export function storeUserData(userData: UserData) {
  storage()?.setItem(STORAGE_KEYS.userData, JSON.stringify(userData));
  changed();
}

/** Merges fields into the stored userData (e.g. iev after the email is verified). */
export function patchUserData(patch: UserData) {
  storeUserData({ ...(getStoredSession().userData ?? {}), ...patch });
}

/** Forgets tokens and member data (spec §4 logout, §8 session end). */
export function clearStoredSession() {
  const store = storage();
  store?.removeItem(STORAGE_KEYS.token);
  store?.removeItem(STORAGE_KEYS.refreshToken);
  store?.removeItem(STORAGE_KEYS.userData);
  changed();
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) changed();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
