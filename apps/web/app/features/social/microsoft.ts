import type { IPublicClientApplication } from '@azure/msal-browser';
import type { MicrosoftSettings } from './providers';

/**
 * Microsoft sign-in with MSAL (a popup on the Microsoft identity platform) for an ID token. MSAL is
 * imported only when Microsoft is configured and a page shows the button. Its cache is kept in memory:
 * the app only needs the ID token once, to exchange it for its own session.
 *
 * The popup comes back to /social-popup.html (a blank page of the same origin, see public/), which must
 * be registered as a "Single-page application" redirect URI of the Entra app.
 */

export const MICROSOFT_SCOPES = ['openid', 'profile', 'email'];
export const POPUP_REDIRECT_PATH = '/social-popup.html';

let client: { key: string; app: Promise<IPublicClientApplication> } | null = null;

/** The MSAL application for these settings, created once (call it early so the click opens the popup at once). */
export function microsoftClient(settings: MicrosoftSettings): Promise<IPublicClientApplication> {
  const key = `${settings.client_id}/${settings.tenant}`;
  if (client?.key !== key) {
    const app = import('@azure/msal-browser').then(({ createStandardPublicClientApplication }) =>
      createStandardPublicClientApplication({
        auth: {
          clientId: settings.client_id,
          authority: `https://login.microsoftonline.com/${encodeURIComponent(settings.tenant)}`,
          redirectUri: `${window.location.origin}${POPUP_REDIRECT_PATH}`,
          postLogoutRedirectUri: null,
        },
        cache: { cacheLocation: 'memoryStorage' },
        // Watch the popup until it is back on this origin (and see it closed by the visitor).
        system: { enableLegacyPolling: true },
      }),
    );
    app.catch(() => {
      if (client?.app === app) client = null;
    });
    client = { key, app };
  }
  return client.app;
}

/** Opens Microsoft's sign-in popup; resolves with the ID token, rejects with MSAL's error (user_cancelled…). */
export async function microsoftIdToken(settings: MicrosoftSettings): Promise<string> {
  const app = await microsoftClient(settings);
  const result = await app.loginPopup({ scopes: MICROSOFT_SCOPES, prompt: 'select_account' });
  if (!result.idToken) throw new Error('Microsoft returned no ID token');
  return result.idToken;
}

/** Logout (spec §4): forget the Microsoft account without leaving the page (no redirect, no popup). */
export async function microsoftSignOut(): Promise<void> {
  if (!client) return;
  const app = await client.app;
  await app.clearCache();
}

/** For tests. */
export function resetMicrosoft() {
  client = null;
}
