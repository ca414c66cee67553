// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { microsoftSignOut } from './microsoft';
import { rememberSocialProvider, SOCIAL_PROVIDER_KEY, signOutOfSocialProvider, usedSocialProvider } from './sign-out';

vi.mock('./microsoft', () => ({ microsoftSignOut: vi.fn(async () => {}) }));

beforeEach(() => {
  localStorage.clear();
  vi.mocked(microsoftSignOut).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signing out of the social provider (spec §4 logout)', () => {
  it('does nothing after a password sign-in', async () => {
    const disableAutoSelect = vi.fn();
    vi.stubGlobal('google', { accounts: { id: { initialize: vi.fn(), disableAutoSelect } } });
    await signOutOfSocialProvider();
    expect(disableAutoSelect).not.toHaveBeenCalled();
    expect(microsoftSignOut).not.toHaveBeenCalled();
  });

  it('turns off Google’s automatic selection after a Google sign-in', async () => {
    const disableAutoSelect = vi.fn();
    vi.stubGlobal('google', { accounts: { id: { initialize: vi.fn(), disableAutoSelect } } });
    rememberSocialProvider('google');
    expect(usedSocialProvider()).toBe('google');
    await signOutOfSocialProvider();
    expect(disableAutoSelect).toHaveBeenCalledOnce();
    expect(localStorage.getItem(SOCIAL_PROVIDER_KEY)).toBeNull();
  });

  it('clears MSAL’s cache after a Microsoft sign-in', async () => {
    rememberSocialProvider('microsoft');
    await signOutOfSocialProvider();
    expect(microsoftSignOut).toHaveBeenCalledOnce();
    expect(usedSocialProvider()).toBeNull();
  });

  it('never fails the logout when the provider cannot be reached', async () => {
    vi.mocked(microsoftSignOut).mockRejectedValueOnce(new Error('offline'));
    rememberSocialProvider('microsoft');
    await expect(signOutOfSocialProvider()).resolves.toBeUndefined();
  });
});
