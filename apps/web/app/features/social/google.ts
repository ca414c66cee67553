import { loadScript } from '../captcha/load-script';

/**
 * Google Identity Services: the "Sign in with Google" button, which hands back an ID token (a JWT
 * `credential`). The script is fetched only when Google is configured and a page shows the button.
 */

export const GIS_SCRIPT = 'https://accounts.google.com/gsi/client';

type CredentialResponse = { credential?: string; select_by?: string };

type GsiButtonOptions = {
  type: 'standard' | 'icon';
  theme: 'outline' | 'filled_blue' | 'filled_black';
  size: 'large' | 'medium' | 'small';
  text: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment: 'left' | 'center';
  width?: number;
  locale?: string;
};

export type GoogleIdApi = {
  initialize(options: {
    client_id: string;
    callback: (response: CredentialResponse) => void;
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    context?: 'signin' | 'signup' | 'use';
    ux_mode?: 'popup' | 'redirect';
    itp_support?: boolean;
  }): void;
  renderButton(parent: HTMLElement, options: GsiButtonOptions): void;
  disableAutoSelect(): void;
};

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdApi } };
  }
}

function googleId(): GoogleIdApi | undefined {
  return window.google?.accounts?.id;
}

export async function loadGoogle(): Promise<GoogleIdApi> {
  await loadScript(GIS_SCRIPT, () => typeof googleId()?.initialize === 'function');
  const api = googleId();
  if (!api) throw new Error('Google Identity Services did not load');
  return api;
}

/** One initialisation per client id; the credential goes to whichever button was rendered last. */
let initialisedFor: string | null = null;
let onCredential: ((credential: string) => void) | null = null;

/** GIS allows 200 to 400 px. */
export function buttonWidth(available: number): number {
  return Math.round(Math.min(400, Math.max(200, available || 0)));
}

/** Renders Google's button into `parent`; `handler` receives the ID token of a completed sign-in. */
export async function renderGoogleButton(
  parent: HTMLElement,
  clientId: string,
  options: { locale: string; text: GsiButtonOptions['text']; handler: (credential: string) => void },
): Promise<void> {
  const api = await loadGoogle();
  onCredential = options.handler;
  if (initialisedFor !== clientId) {
    api.initialize({
      client_id: clientId,
      ux_mode: 'popup',
      auto_select: false,
      itp_support: true,
      callback: (response) => {
        if (response.credential) onCredential?.(response.credential);
      },
    });
    initialisedFor = clientId;
  }
  parent.replaceChildren();
  api.renderButton(parent, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    text: options.text,
    shape: 'rectangular',
    logo_alignment: 'center',
    width: buttonWidth(parent.clientWidth),
    locale: options.locale,
  });
}

/** Stops the handler of a button that is gone. */
export function releaseGoogleButton(handler: (credential: string) => void) {
  if (onCredential === handler) onCredential = null;
}

/** Logout (spec §4): no silent re-selection of the Google account afterwards. */
export async function googleSignOut(): Promise<void> {
  const api = await loadGoogle();
  api.disableAutoSelect();
}

/** For tests: forget the initialisation. */
export function resetGoogle() {
  initialisedFor = null;
  onCredential = null;
}
