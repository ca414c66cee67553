import { Outlet } from 'react-router';
import { loadMemberTexts } from '../features/i18n/i18n';
import { RouteFallback } from '../features/layout/RouteFallback';
import { MemberLayout } from '../features/member-area/MemberLayout';
import { guard } from '../features/session/access';

/**
 * /user/*: guests go to /login, unverified members to /verify-email (spec §2). The member area's texts, a chunk of
 * their own, are fetched at the same time.
 */
export async function clientLoader() {
  const [access] = await Promise.all([guard('member'), loadMemberTexts()]);
  return access;
}
// The guard reads the session the browser keeps: it runs before the first render, the server sends the fallback.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <RouteFallback />;
}

export default function UserArea() {
  return (
    <MemberLayout>
      <Outlet />
    </MemberLayout>
  );
}
