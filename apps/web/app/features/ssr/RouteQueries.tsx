import { type DehydratedState, HydrationBoundary } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useMatches } from 'react-router';
import type { PublicPageData } from './public-page';

function dehydratedOf(data: unknown): DehydratedState | undefined {
  return (data as Partial<PublicPageData> | undefined)?.dehydrated;
}

/**
 * Puts what the public routes' loaders read (on the server, for the first page and each later navigation) into
 * the query cache, so the screens' own queries start with it: no second fetch, no loading state at hydration.
 */
export function RouteQueries({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const state = useMemo<DehydratedState>(
    () => ({ mutations: [], queries: matches.flatMap((match) => dehydratedOf(match.loaderData)?.queries ?? []) }),
    [matches],
  );
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}
