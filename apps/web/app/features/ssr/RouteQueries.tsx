import { type DehydratedState, HydrationBoundary, hashKey } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useMatches } from 'react-router';
import { ApiError } from '../session/api-error';
import type { FailedRead, PublicPageData } from './public-page';

type DehydratedQuery = DehydratedState['queries'][number];

function loaded(data: unknown): Partial<PublicPageData> | undefined {
  return data as Partial<PublicPageData> | undefined;
}

/**
 * A read the server's loader was refused, as a query in that error (the API's status and message): the screen shows
 * its "not found" or error state at once, as it would after reading it itself. Dated now: in the app the query is
 * read again on mount, as any query in error is; a document never reads.
 */
export function refusedQuery({ queryKey, status, error }: FailedRead, now = Date.now()): DehydratedQuery {
  const refusal = new ApiError(status, error);
  return {
    queryKey,
    queryHash: hashKey(queryKey),
    dehydratedAt: now,
    state: {
      data: undefined,
      dataUpdateCount: 0,
      dataUpdatedAt: 0,
      error: refusal,
      errorUpdateCount: 1,
      errorUpdatedAt: now,
      fetchFailureCount: 1,
      fetchFailureReason: refusal,
      fetchMeta: null,
      isInvalidated: false,
      status: 'error',
      fetchStatus: 'idle',
    },
  };
}

/**
 * Puts what the public routes' loaders read (on the server, for the first page and each later navigation) into
 * the query cache, so the screens' own queries start with it: no second fetch, no loading state at hydration; a read
 * the API refused starts as that refusal.
 */
export function RouteQueries({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const state = useMemo<DehydratedState>(
    () => ({
      mutations: [],
      queries: matches.flatMap((match) => [
        ...(loaded(match.loaderData)?.dehydrated?.queries ?? []),
        ...(loaded(match.loaderData)?.failed ?? []).map((read) => refusedQuery(read)),
      ]),
    }),
    [matches],
  );
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}
