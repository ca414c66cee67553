import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../../api/storage';
import { dataProvider } from '../../providers/data-provider';
import { i18nProvider } from '../../providers/i18n';
import { WorkPage } from './WorkPage';

beforeEach(() => {
  localStorage.clear();
  storeTokens('access', 'refresh');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ status: 200, data: { artists: [], total: 0 } }), { status: 200 })),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18nProvider.changeLocale('en'));
});

describe('the work page', () => {
  it('opens an empty draft form at /works/new', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/works/:id',
          element: (
            <Refine
              dataProvider={dataProvider}
              i18nProvider={i18nProvider}
              routerProvider={routerProvider}
              resources={[{ name: 'works', meta: { path: 'paintings' } }, { name: 'artists' }]}
              options={{ disableTelemetry: true }}
            >
              <WorkPage />
            </Refine>
          ),
        },
      ],
      { initialEntries: ['/works/new'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'New work (draft)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create the draft' })).toBeTruthy();
  });
});
