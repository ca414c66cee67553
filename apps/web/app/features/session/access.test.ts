// @vitest-environment jsdom
import { messages } from '@parcelle/shared/i18n/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { resolveAccess } from './access';
import { queryClient } from './query-client';
import { STORAGE_KEYS } from './storage';

initI18n();

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
});

afterEach(() => vi.unstubAllGlobals());

const signIn = (userData?: object) => {
  localStorage.setItem(STORAGE_KEYS.token, 'access');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh');
  if (userData) localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(userData));
};

describe('route access from the stored session', () => {
  it('reads iev from userData', async () => {
    signIn({ iev: false });
    await expect(resolveAccess('member')).resolves.toEqual({ redirect: '/verify-email', reason: 'verify-email' });
    await expect(resolveAccess('verify')).resolves.toBeNull();
    await expect(resolveAccess('guest')).resolves.toEqual({ redirect: '/' });
  });

  it('fetches the profile once when iev is not known', async () => {
    signIn();
    const fetchMock = vi.fn(async () =>
      Response.json({ status: 200, data: { user: { first_name: 'Ada', iev: true } }, message: messages.Ok }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(resolveAccess('member')).resolves.toBeNull();
    await expect(resolveAccess('verify')).resolves.toEqual({ redirect: '/' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData) ?? '{}').first_name).toBe('Ada');
  });

  it('sends guests to /login', async () => {
    await expect(resolveAccess('member')).resolves.toEqual({ redirect: '/login' });
    await expect(resolveAccess('signed-in')).resolves.toEqual({ redirect: '/login' });
    await expect(resolveAccess('guest')).resolves.toBeNull();
  });
});
