// @vitest-environment jsdom
import { messages } from '@parcelle/shared/i18n/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { ToastProvider } from '../feedback/toast';
import { i18n, initI18n } from '../i18n/i18n';
import { type GoogleIdApi, resetGoogle } from './google';
import { microsoftIdToken } from './microsoft';
import { SocialButtons } from './SocialButtons';
import { SOCIAL_PROVIDER_KEY } from './sign-out';

// MSAL is never loaded in unit tests (no network here): the popup is stood in for.
vi.mock('./microsoft', () => ({
  microsoftClient: vi.fn(() => Promise.resolve({})),
  microsoftIdToken: vi.fn(),
  microsoftSignOut: vi.fn(),
}));

initI18n();

type Call = { url: string; method: string; body: unknown };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const CONFIGURED = {
  google: { client_id: 'google-client.apps.googleusercontent.com' },
  microsoft: { client_id: 'ms-client', tenant: 'common' },
};

/** A fake API: the providers answer, and the social token exchange (or its error). */
function fakeApi(options: {
  providers?: unknown;
  providersStatus?: number;
  social?: { status: number; body: unknown };
  verified?: boolean;
}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/auth/social/providers') {
      const status = options.providersStatus ?? 200;
      return status === 200
        ? json(200, { status: 200, data: options.providers, message: messages.Ok })
        : json(status, { status, error: messages.NotFound });
    }
    if (url === '/api/auth/token/social') {
      const answer = options.social ?? {
        status: 200,
        body: {
          status: 200,
          data: { access_token: 'access-1', refresh_token: 'refresh-1', lang: 'en', curr: 'USD', iev: true },
          message: messages.LoginSuccessful,
        },
      };
      return json(answer.status, answer.body);
    }
    if (url === '/api/user/profile') {
      const iev = options.verified ?? true;
      return json(200, { status: 200, data: { user: { first_name: 'Ada', iev } }, message: messages.Ok });
    }
    return json(404, { status: 404, error: messages.NotFound });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, socialCalls: () => calls.filter((call) => call.url === '/api/auth/token/social') };
}

/** Google Identity Services stand-in: renderButton draws a button that "signs in" with a fixed ID token. */
function fakeGoogle() {
  let callback: ((response: { credential?: string }) => void) | undefined;
  const api: GoogleIdApi = {
    initialize: vi.fn((options) => {
      callback = options.callback;
    }),
    renderButton: vi.fn((parent: HTMLElement) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Sign in with Google';
      button.dataset.testid = 'gsi-button';
      button.onclick = () => callback?.({ credential: 'google-id-token' });
      parent.appendChild(button);
    }),
    disableAutoSelect: vi.fn(),
  };
  vi.stubGlobal('google', { accounts: { id: api } });
  return api;
}

beforeEach(() => {
  localStorage.clear();
  resetGoogle();
  vi.mocked(microsoftIdToken).mockReset();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

describe('social sign-in buttons (spec §2, §4, §8)', () => {
  it('shows nothing when no provider is configured', async () => {
    const api = fakeApi({ providers: { google: null, microsoft: null } });
    renderScreen(<SocialButtons />, '/login');
    await waitFor(() => expect(api.calls.some((call) => call.url === '/api/auth/social/providers')).toBe(true));
    await settle();
    expect(screen.queryByTestId('social-sign-in')).toBeNull();
    expect(screen.queryByTestId('social-google')).toBeNull();
    expect(screen.queryByTestId('social-microsoft')).toBeNull();
  });

  it('shows nothing when the server does not know the call', async () => {
    fakeApi({ providersStatus: 404 });
    renderScreen(<SocialButtons />, '/login');
    await settle();
    expect(screen.queryByTestId('social-google')).toBeNull();
    expect(screen.queryByTestId('social-microsoft')).toBeNull();
  });

  it('shows each configured provider, and only those', async () => {
    fakeGoogle();
    fakeApi({ providers: { google: null, microsoft: CONFIGURED.microsoft } });
    renderScreen(<SocialButtons />, '/login');
    expect((await screen.findByTestId('social-microsoft')).textContent).toBe('Continue with Microsoft');
    expect(screen.queryByTestId('social-google')).toBeNull();
  });

  it('renders Google’s button and exchanges its ID token for a session', async () => {
    const google = fakeGoogle();
    const api = fakeApi({ providers: CONFIGURED });
    renderScreen(<SocialButtons />, '/login');
    expect(await screen.findByTestId('social-google')).toBeTruthy();
    expect(screen.getByTestId('social-microsoft')).toBeTruthy();
    const gsi = await screen.findByTestId('gsi-button');
    expect(google.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: CONFIGURED.google.client_id, ux_mode: 'popup' }),
    );
    fireEvent.click(gsi);
    expect((await screen.findByTestId('toast')).textContent).toBe('Login successful');
    expect(api.socialCalls()).toEqual([
      {
        url: '/api/auth/token/social',
        method: 'POST',
        body: {
          token: 'google-id-token',
          token_type: 'google',
          device_token: 'parcelle-web',
          device_type: 'web',
          curr: 'USD',
          lang: 'en',
        },
      },
    ]);
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem(SOCIAL_PROVIDER_KEY)).toBe('google');
  });

  it('exchanges the Microsoft ID token', async () => {
    vi.mocked(microsoftIdToken).mockResolvedValue('microsoft-id-token');
    const api = fakeApi({ providers: CONFIGURED });
    renderScreen(<SocialButtons />, '/login');
    fireEvent.click(await screen.findByTestId('social-microsoft'));
    await waitFor(() => expect(api.socialCalls()).toHaveLength(1));
    expect(api.socialCalls()[0]?.body).toMatchObject({ token: 'microsoft-id-token', token_type: 'microsoft' });
    expect(vi.mocked(microsoftIdToken)).toHaveBeenCalledWith(CONFIGURED.microsoft);
    await waitFor(() => expect(localStorage.getItem(SOCIAL_PROVIDER_KEY)).toBe('microsoft'));
  });

  it('ignores a popup the visitor closed', async () => {
    vi.mocked(microsoftIdToken).mockRejectedValue(Object.assign(new Error('closed'), { errorCode: 'user_cancelled' }));
    const api = fakeApi({ providers: CONFIGURED });
    renderScreen(<SocialButtons />, '/login');
    const button = await screen.findByTestId('social-microsoft');
    fireEvent.click(button);
    await waitFor(() => expect(vi.mocked(microsoftIdToken)).toHaveBeenCalled());
    await settle();
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(api.socialCalls()).toEqual([]);
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server’s refusal in the current language', async () => {
    await act(() => i18n.changeLanguage('fr'));
    vi.mocked(microsoftIdToken).mockResolvedValue('microsoft-id-token');
    fakeApi({
      providers: CONFIGURED,
      social: { status: 409, body: { status: 409, error: messages.EmailAlreadyExists } },
    });
    renderScreen(<SocialButtons />, '/login');
    fireEvent.click(await screen.findByTestId('social-microsoft'));
    expect((await screen.findByTestId('toast')).textContent).toBe(messages.EmailAlreadyExists.fr);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('maps a provider failure to the spec’s generic text', async () => {
    vi.mocked(microsoftIdToken).mockRejectedValue(
      Object.assign(new Error('boom'), { errorCode: 'popup_window_error' }),
    );
    fakeApi({ providers: CONFIGURED });
    renderScreen(<SocialButtons />, '/login');
    fireEvent.click(await screen.findByTestId('social-microsoft'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Something went wrong. Please try again later.');
  });

  it.each([
    [true, 'home'],
    [false, 'verify-email'],
  ])('then goes to / when verified, else to /verify-email, after 500 ms (verified: %s)', async (verified, page) => {
    vi.mocked(microsoftIdToken).mockResolvedValue('microsoft-id-token');
    fakeApi({ providers: CONFIGURED, verified });
    initI18n();
    const router = createMemoryRouter(
      [
        { path: '/login', element: <SocialButtons /> },
        { path: '/', element: <p data-testid="page">home</p> },
        { path: '/verify-email', element: <p data-testid="page">verify-email</p> },
      ],
      { initialEntries: ['/login'] },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const button = await screen.findByTestId('social-microsoft');
    // Timed from the click, which is before the sign-in: a slow machine cannot make the wait look shorter.
    const clickedAt = Date.now();
    fireEvent.click(button);
    await waitFor(() => expect(localStorage.getItem('token')).toBe('access-1'));
    expect((await screen.findByTestId('page', {}, { timeout: 5000 })).textContent).toBe(page);
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(500);
  });
});
