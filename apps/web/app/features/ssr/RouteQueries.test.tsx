// @vitest-environment jsdom
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../session/api-error';
import { createQueryClient } from '../session/query-client';
import type { PublicPageData } from './public-page';
import { RouteQueries } from './RouteQueries';

afterEach(cleanup);

const KEY = ['catalogue', 'artist', 'unknown'] as const;

const refused: PublicPageData = {
  dehydrated: { mutations: [], queries: [] },
  failed: [{ queryKey: [...KEY], status: 404, error: { en: 'Artist not found', fr: 'Artiste introuvable' } }],
};

/** A screen as the public ones are: its query, its loading placeholder, its "not found" for a 404. */
function Screen({ read }: { read: () => Promise<unknown> }) {
  const query = useQuery({ queryKey: KEY, queryFn: read, retry: false });
  if (query.error instanceof ApiError && query.error.status === 404) return <p>not found: {query.error.error.fr}</p>;
  if (query.isPending) return <p>loading</p>;
  return <p>shown: {String(query.data)}</p>;
}

function renderWith(loaded: PublicPageData, read: () => Promise<unknown>, client: QueryClient) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: () => loaded,
        element: (
          <RouteQueries>
            <Screen read={read} />
          </RouteQueries>
        ),
        hydrateFallbackElement: <p>…</p>,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('RouteQueries', () => {
  it("draws a read the server's loader was refused as refused in a server render: the not-found state, no loading", async () => {
    const read = vi.fn(() => new Promise<never>(() => {}));
    renderWith(refused, read, createQueryClient({ onServer: true }));
    expect(await screen.findByText('not found: Artiste introuvable')).toBeTruthy();
    expect(read).not.toHaveBeenCalled();
  });

  it('reads it again in the browser, as any query in error is on mount (the app can)', async () => {
    const read = vi.fn(() => Promise.resolve('read again'));
    renderWith(refused, read, createQueryClient());
    expect(await screen.findByText('shown: read again')).toBeTruthy();
  });

  it('without a refusal, a query the loader did not fill is read by the screen as before', async () => {
    const read = vi.fn(() => Promise.resolve('read by the screen'));
    renderWith({ dehydrated: { mutations: [], queries: [] } }, read, createQueryClient({ onServer: true }));
    expect(await screen.findByText('shown: read by the screen')).toBeTruthy();
  });
});
