import type { SocialProvider } from './providers';

/** localStorage key: the provider of the current session, if it was opened with social sign-in. */
export const SOCIAL_PROVIDER_KEY = 'socialProvider';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function rememberSocialProvider(provider: SocialProvider) {
  storage()?.setItem(SOCIAL_PROVIDER_KEY, provider);
}

export function usedSocialProvider(): SocialProvider | null {
  const value = storage()?.getItem(SOCIAL_PROVIDER_KEY);
  return value === 'google' || value === 'microsoft' ? value : null;
}

/**
 * Logout (spec §4): also sign out of the third-party provider the session came from. Best effort, and
 * light: the provider's code is only loaded when one was used.
 */
export async function signOutOfSocialProvider(): Promise<void> {
  const provider = usedSocialProvider();
  storage()?.removeItem(SOCIAL_PROVIDER_KEY);
  if (!provider) return;
  try {
    if (provider === 'google') await (await import('./google')).googleSignOut();
    else await (await import('./microsoft')).microsoftSignOut();
  } catch {
    // The provider cannot be reached: our own session is closed all the same.
  }
}
