// @vitest-environment jsdom
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, UNSAFE_shouldHydrateRouteLoader } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../features/feedback/toast';
import { i18n, initI18n } from '../features/i18n/i18n';
import { theme } from '../features/theme/theme';
import * as guestOnly from './guest-only';
import LoginPage from './login';

beforeEach(async () => {
  window.localStorage.clear();
  initI18n();
  await act(() => i18n.changeLanguage('en'));
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** /login inside the guest-only layout, as the first page of a visit (no clientLoader run: the server rendered it). */
function firstLoadOfLogin() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p data-testid="home">home</p> },
      { Component: guestOnly.default, children: [{ path: '/login', Component: LoginPage }] },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
}

describe('guest-only pages (spec §2, issue 31)', () => {
  it('render on the server: the first load does not wait for the browser’s session check', () => {
    // React Router renders a route's HydrateFallback on the server when its clientLoader must run before hydration.
    const waits = UNSAFE_shouldHydrateRouteLoader(
      'routes/guest-only',
      guestOnly.clientLoader,
      'loader' in guestOnly,
      false,
    );
    expect(waits).toBe(false);
    expect('HydrateFallback' in guestOnly).toBe(false);
  });

  it('show the form to a guest and keep it', async () => {
    const router = firstLoadOfLogin();
    expect(screen.getByTestId('login-form')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('login-form').getAttribute('data-hydrated')).toBe('true'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('send a signed-in member home once the page has hydrated', async () => {
    window.localStorage.setItem('token', 'access');
    window.localStorage.setItem('refresh_token', 'refresh');
    window.localStorage.setItem('userData', JSON.stringify({ iev: true }));
    const router = firstLoadOfLogin();
    await screen.findByTestId('home');
    expect(router.state.location.pathname).toBe('/');
    // Replaced, not pushed: Back does not return to a sign-in page that would send them away again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('decide client navigations before rendering, as before', async () => {
    window.localStorage.setItem('token', 'access');
    await expect(guestOnly.clientLoader()).rejects.toMatchObject({ status: 302 });
    window.localStorage.clear();
    await expect(guestOnly.clientLoader()).resolves.toBeNull();
  });
});
