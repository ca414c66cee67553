import { Refine, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { storeTokens } from '../api/storage';
import { notificationProvider } from '../notifications';
import { dataProvider } from '../providers/data-provider';
import { i18nProvider } from '../providers/i18n';

/**
 * Renders one console screen as the app does (Refine with the real data, i18n and notification providers, under a
 * memory router at `url`, matched by `path`), with queries that fail at once instead of retrying.
 */
export function renderScreen(
  screen: ReactNode,
  options: { path: string; url: string; resources: ResourceProps[] },
): void {
  const router = createMemoryRouter(
    [
      {
        path: options.path,
        element: (
          <Refine
            dataProvider={dataProvider}
            i18nProvider={i18nProvider}
            routerProvider={routerProvider}
            notificationProvider={notificationProvider}
            resources={options.resources}
            options={{
              disableTelemetry: true,
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
            }}
          >
            {screen}
          </Refine>
        ),
      },
    ],
    { initialEntries: [options.url] },
  );
  render(<RouterProvider router={router} />);
}

/** A signed-in operator's tokens before each test; after it, no stubs, no screen, and the console back in English. */
export function setUpScreenTests(): void {
  beforeEach(() => {
    localStorage.clear();
    storeTokens('access', 'refresh');
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await act(() => i18nProvider.changeLocale('en'));
  });
}
