import { Outlet } from 'react-router';
import { guard } from '../features/session/access';
import { useGuestOnly } from '../features/session/use-guest-only';

/**
 * /login, /register, /forgot, /connexion, /email-confirm: signed-in visitors go to / (spec §2). The pages arrive
 * rendered, form included (issue 31): this server loader has nothing to read, but its presence lets the first page
 * load render on the server (a route with only a clientLoader waits for it in the browser). The clientLoader decides
 * client navigations before rendering; after a first load, useGuestOnly does once the page has hydrated.
 */
export function loader() {
  return null;
}

export async function clientLoader() {
  return guard('guest');
}

export default function GuestOnly() {
  useGuestOnly();
  return <Outlet />;
}
