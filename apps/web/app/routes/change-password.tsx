import { ChangePasswordScreen } from '../features/auth/ChangePasswordScreen';
import { RouteFallback } from '../features/layout/RouteFallback';
import { guard } from '../features/session/access';

/** Signed-in only: guests go to /login. */
export async function clientLoader() {
  return guard('signed-in');
}
// The guard reads the session the browser keeps: it runs before the first render, the server sends the fallback.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <RouteFallback />;
}

export default function ChangePasswordPage() {
  return <ChangePasswordScreen />;
}
