import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { profileQuery } from './profile';
import { getStoredSession, type StoredSession, subscribeToSession, type UserData } from './storage';

const noSession: StoredSession = { token: null, refreshToken: null, userData: null };

export type Session = {
  /** A token is stored. */
  signedIn: boolean;
  /** Signed in with a verified email (iev). */
  verified: boolean;
  /** The fetched profile, else what was stored of it. */
  user: UserData | null;
  profileLoading: boolean;
};

export function useStoredSession(): StoredSession {
  return useSyncExternalStore(subscribeToSession, getStoredSession, () => noSession);
}

export function useSession(): Session {
  const stored = useStoredSession();
  const signedIn = Boolean(stored.token);
  const profile = useQuery({ ...profileQuery, enabled: signedIn });
  const user = signedIn ? (profile.data ?? stored.userData) : null;
  return {
    signedIn,
    verified: signedIn && user?.iev === true,
    user,
    profileLoading: signedIn && profile.isPending,
  };
}
