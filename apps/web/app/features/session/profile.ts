import type { TProfile } from '@parcelle/shared/contracts/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from './api';
import { storeUserData } from './storage';

export const PROFILE_KEY = ['profile'] as const;

/** GET /user/profile → data.user; kept in localStorage `userData` for the next page load. */
export async function fetchProfile(): Promise<TProfile> {
  const { user } = await apiData<{ user: TProfile }>('/user/profile');
  storeUserData(user);
  return user;
}

export const profileQuery = queryOptions({ queryKey: PROFILE_KEY, queryFn: fetchProfile, staleTime: 60_000 });
