import { Outlet } from 'react-router';
import { MemberLayout } from '../features/layout/MemberLayout';
import { RouteFallback } from '../features/layout/RouteFallback';
import { guard } from '../features/session/access';

/** /user/*: guests go to /login, unverified members to /verify-email (spec §2). */
export async function clientLoader() {
  return guard('member');
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
