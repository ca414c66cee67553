// @vitest-environment jsdom
import { messages } from '@parcelle/shared/i18n/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { apiRequest } from './api';
import { ApiError } from './api-error';
import { registerNavigator } from './navigation';
import { STORAGE_KEYS } from './storage';

initI18n();

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function bearerOf(init: RequestInit): string | undefined {
  return (init.headers as Record<string, string> | undefined)?.Authorization?.replace('Bearer ', '');
}

/** A fake API: `valid` is the only access token accepted; refresh hands out `next`. */
function fakeApi(options: { valid: string; next?: { access: string; refresh: string }; refreshStatus?: number }) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (url === '/api/auth/token/refresh') {
      if (options.refreshStatus && options.refreshStatus !== 200) {
        return json(options.refreshStatus, { status: options.refreshStatus, error: messages.TokenDoesNotExist });
      }
      const next = options.next ?? { access: 'access-2', refresh: 'refresh-2' };
      return json(200, {
        status: 200,
        data: { access_token: next.access, refresh_token: next.refresh, token_type: 'Bearer', expires_in: 900 },
        message: messages.TokenRefreshed,
      });
    }
    if (bearerOf(init) !== options.valid) {
      return json(401, { status: 401, error: messages.JwtTokenExpired });
    }
    return json(200, { status: 200, data: { url }, message: messages.Ok });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, refreshCalls: () => calls.filter((call) => call.url === '/api/auth/token/refresh') };
}

const navigate = vi.fn();

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'access-1');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify({ iev: true, first_name: 'Ada' }));
  registerNavigator(navigate);
  navigate.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNavigator(null);
});

describe('a refresh that cannot reach the server', () => {
  it.each([503, 0])('keeps the session when the refresh answers %i (0: network down)', async (status) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input) === '/api/auth/token/refresh') {
          if (status === 0) throw new TypeError('Failed to fetch');
          return json(status, { status, error: messages.InternalServerError });
        }
        return json(401, { status: 401, error: messages.JwtTokenExpired });
      }),
    );
    await expect(apiRequest('/user/profile')).rejects.toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('apiRequest', () => {
  it('sends the bearer token, the language headers and JSON', async () => {
    const api = fakeApi({ valid: 'access-1' });
    await apiRequest('/user/profile');
    const headers = api.calls[0]?.init.headers as Record<string, string>;
    expect(api.calls[0]?.url).toBe('/api/user/profile');
    expect(headers.Authorization).toBe('Bearer access-1');
    expect(headers['Accept-Language']).toBe('en');
    expect(headers['X-localization']).toBe('en');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('throws an ApiError carrying the status and both languages', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { status: 400, error: messages.InvalidCredentials })),
    );
    const failure = await apiRequest('/auth/token', { method: 'POST', body: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(400);
    expect((failure as ApiError).text('fr')).toBe(messages.InvalidCredentials.fr);
  });
});

describe('token refresh queue (spec §4, §8)', () => {
  it('runs one refresh for three parallel expired requests, then retries all three', async () => {
    const api = fakeApi({ valid: 'access-2' });
    const answers = await Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')]);

    expect(api.refreshCalls()).toHaveLength(1);
    expect(JSON.parse(String(api.refreshCalls()[0]?.init.body))).toEqual({ refresh_token: 'refresh-1' });
    expect(answers.map((answer) => (answer.data as { url: string }).url)).toEqual(['/api/a', '/api/b', '/api/c']);
    const retries = api.calls.filter(
      (call) => call.url !== '/api/auth/token/refresh' && bearerOf(call.init) === 'access-2',
    );
    expect(retries).toHaveLength(3);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access-2');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('takes the Web Lock and reuses a pair another tab already renewed', async () => {
    const request = vi.fn(async (_name: string, task: () => Promise<unknown>) => {
      // Meanwhile another tab renewed the pair.
      localStorage.setItem(STORAGE_KEYS.token, 'access-other-tab');
      localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-other-tab');
      return task();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const api = fakeApi({ valid: 'access-other-tab' });

    await expect(apiRequest('/a')).resolves.toMatchObject({ status: 200 });
    expect(request).toHaveBeenCalledWith('parcelle-refresh', expect.any(Function));
    expect(api.refreshCalls()).toHaveLength(0);
  });

  it('ends the session and goes to /login when the refresh is refused', async () => {
    const api = fakeApi({ valid: 'access-2', refreshStatus: 401 });
    const results = await Promise.allSettled([apiRequest('/a'), apiRequest('/b')]);

    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(api.refreshCalls()).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('ends the session on a deactivated account', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { status: 401, error: messages.AccountDeactivated })),
    );
    await expect(apiRequest('/user/profile')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('passes other 401 answers through without refreshing', async () => {
    const fetchMock = vi.fn(async () => json(401, { status: 401, error: messages.InvalidCredentials }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/auth/token', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access-1');
  });
});
