import { Outlet } from 'react-router';
import { RouteFallback } from '../features/layout/RouteFallback';
import { guard } from '../features/session/access';

/** /login, /register, /forgot, /connexion, /email-confirm: signed-in visitors go to / (spec §2). */
export async function clientLoader() {
  return guard('guest');
}
// The guard reads the session the browser keeps: it runs before the first render, the server sends the fallback.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <RouteFallback />;
}

export default function GuestOnly() {
  return <Outlet />;
}
