import { VerifyEmailScreen } from '../features/auth/VerifyEmailScreen';
import { RouteFallback } from '../features/layout/RouteFallback';
import { guard } from '../features/session/access';

/** Guests go to /login; a member whose email is already verified goes to / (spec §2). */
export async function clientLoader() {
  return guard('verify');
}
// The guard reads the session the browser keeps: it runs before the first render, the server sends the fallback.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <RouteFallback />;
}

export default function VerifyEmailPage() {
  return <VerifyEmailScreen />;
}
