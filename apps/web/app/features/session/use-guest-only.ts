import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { resolveAccess } from './access';

/**
 * The guest-only pages (spec §2: signed-in visitors go to /) are rendered on the server, which cannot see the
 * session (it lives in the browser's storage). Once the page has hydrated, a signed-in visitor is sent on; the form
 * is never hidden behind a wait for guests. Client navigations are decided before rendering by the route's
 * clientLoader. Checked once: signing in on the page itself leads on by its own way (verify-email, or home).
 */
export function useGuestOnly() {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration.
  useEffect(() => {
    let live = true;
    void resolveAccess('guest').then((decision) => {
      if (live && decision) navigate(decision.redirect, { replace: true });
    });
    return () => {
      live = false;
    };
  }, []);
}
