import { redirect } from 'react-router';
import { type AccessDecision, decideAccess, type RouteAccess } from './guards';
import { profileQuery } from './profile';
import { queryClient } from './query-client';
import { getStoredSession } from './storage';

/**
 * Decides access from the stored session; when a member's iev is not known yet (no userData),
 * the profile is fetched once to learn it.
 */
export async function resolveAccess(access: RouteAccess): Promise<AccessDecision> {
  const stored = getStoredSession();
  let iev = queryClient.getQueryData(profileQuery.queryKey)?.iev ?? stored.userData?.iev;
  if (stored.token && iev === undefined && (access === 'member' || access === 'verify')) {
    try {
      iev = (await queryClient.fetchQuery(profileQuery)).iev;
    } catch {
      // Unknown: treated as unverified; a dead session was already cleared by the API client.
    }
  }
  return decideAccess(access, { hasToken: Boolean(getStoredSession().token), iev });
}

/** For route clientLoaders: throws the redirect when the route is not for this visitor. */
export async function guard(access: RouteAccess): Promise<null> {
  const decision = await resolveAccess(access);
  if (decision) throw redirect(decision.redirect);
  return null;
}
