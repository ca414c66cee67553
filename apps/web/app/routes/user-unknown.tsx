import { redirect } from 'react-router';
import { RouteFallback } from '../features/layout/RouteFallback';
import { guard } from '../features/session/access';

/** Unknown /user paths go to / — after the member check, so guests still land on /login (spec §2). */
export async function clientLoader() {
  await guard('member');
  throw redirect('/');
}
// The guard reads the session the browser keeps: it runs before the first render, the server sends the fallback.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <RouteFallback />;
}

export default function UserUnknown() {
  return null;
}
