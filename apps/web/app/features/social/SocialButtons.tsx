import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { socialProvidersQuery } from './providers';

// The buttons, Google's and Microsoft's code are only fetched when a provider is configured.
const ProviderButtons = lazy(() => import('./ProviderButtons'));

/**
 * Google and Microsoft sign-in (spec §2 Login and Register intro), shown only for the providers the
 * server has configured (GET /auth/social/providers); nothing at all otherwise.
 */
export function SocialButtons({ context = 'signin' }: { context?: 'signin' | 'signup' }) {
  const { data: providers } = useQuery(socialProvidersQuery);
  if (!providers?.google && !providers?.microsoft) return null;
  return (
    <Suspense fallback={null}>
      <ProviderButtons providers={providers} context={context} />
    </Suspense>
  );
}
