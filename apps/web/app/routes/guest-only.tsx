import { Outlet } from 'react-router';
import { guard } from '../features/session/access';

/** /login, /register, /forgot, /connexion, /email-confirm: signed-in visitors go to / (spec §2). */
export async function clientLoader() {
  return guard('guest');
}

export default function GuestOnly() {
  return <Outlet />;
}
