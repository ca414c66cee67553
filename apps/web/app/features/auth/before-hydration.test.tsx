// @vitest-environment jsdom
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { stubApi } from '../content/testing';
import { ToastProvider } from '../feedback/toast';
import { i18n, initI18n } from '../i18n/i18n';
import { theme } from '../theme/theme';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

/** The form as the server sends it (no storage, no hydration yet). */
function serverHtml(element: ReactElement): string {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  return renderToString(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

function submitButton(html: string, testId: string): HTMLButtonElement {
  const button = new DOMParser().parseFromString(html, 'text/html').querySelector(`[data-testid="${testId}"]`);
  if (!(button instanceof HTMLButtonElement)) throw new Error(`no ${testId} in the server's HTML`);
  return button;
}

beforeEach(async () => {
  window.localStorage.clear();
  initI18n();
  await act(() => i18n.changeLanguage('en'));
  stubApi({});
});
afterEach(async () => {
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});

// Decision 512: the sign-in and registration forms arrive rendered by the server, a form with no action. Sent before
// the page's script had hydrated it, the browser sent it itself: a GET of the page with every field, the password
// included, in its address, and a new empty form.
describe('a server-rendered account form before hydration', () => {
  it.each([
    ['register', <RegisterForm key="register" />],
    ['login', <LoginForm key="login" />],
  ])('%s: its submit button is off until the page has hydrated, then on', (name, form) => {
    const button = submitButton(serverHtml(form), `${name}-submit`);
    expect(button.type).toBe('submit');
    expect(button.disabled).toBe(true);
    const { getByTestId } = renderScreen(form);
    expect((getByTestId(`${name}-submit`) as HTMLButtonElement).disabled).toBe(false);
  });
});
