/** localStorage flag set once cookies are accepted (spec §3). */
export const COOKIES_ACCEPTED_KEY = 'cookiesAccepted';

/** Whether the visitor accepted cookies (false where storage cannot be read). */
export function cookiesAccepted(): boolean {
  try {
    return window.localStorage.getItem(COOKIES_ACCEPTED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function acceptCookies(): void {
  try {
    window.localStorage.setItem(COOKIES_ACCEPTED_KEY, 'true');
  } catch {
    // Private mode: accepted for this page only.
  }
}
