import { Outlet } from 'react-router';
import { MemberLayout } from '../features/layout/MemberLayout';
import { guard } from '../features/session/access';

/** /user/*: guests go to /login, unverified members to /verify-email (spec §2). */
export async function clientLoader() {
  return guard('member');
}

export default function UserArea() {
  return (
    <MemberLayout>
      <Outlet />
    </MemberLayout>
  );
}
