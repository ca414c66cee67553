/**
 * The one script of a document page (issue 33, decision 433). React Router's scripts are not sent with a document, so
 * the page reads, navigates (ordinary links) and chooses its language and currency (a form post) without any; this
 * module adds what only the browser knows or what needs a script:
 * - the cookie banner, sent hidden, shown when the visitor has not accepted cookies (localStorage), removed once they
 *   have;
 * - the member's header: a signed-in member (localStorage) gets the account menu and the bell as an island, an
 *   unverified one the link to /verify-email in place of the sign-in link;
 * - islands: a part marked `data-island` becomes the app's own React component the first time a visitor acts on it
 *   (the footer's contact form, the newsletter sign-up). React, MUI and the texts load then, not before.
 * - error reports: when the server names a DSN (on the runtime's own script tag), the reporter of the app is
 *   fetched once the page has loaded, as the app fetches it once interactive.
 * It imports nothing of React: what a visitor downloads before acting is this file and the session's reader.
 */
import { acceptCookies, cookiesAccepted } from '../features/layout/cookie-consent';
import { getStoredSession } from '../features/session/storage';
import type { IslandName } from './document';

const loadIslands = () => import('./islands');

function showCookieBanner() {
  const banner = document.querySelector<HTMLElement>('[data-cookie-banner]');
  if (!banner) return;
  // Gone once accepted, as in the app (which renders none): nothing of it is left in the page.
  if (cookiesAccepted()) return banner.remove();
  banner.hidden = false;
  banner.querySelector('button')?.addEventListener('click', () => {
    acceptCookies();
    banner.remove();
  });
}

function showMember() {
  const { token, userData } = getStoredSession();
  if (!token) return;
  for (const invitation of document.querySelectorAll('[data-guest-only]')) invitation.remove();
  const signIn = document.querySelector<HTMLAnchorElement>('[data-testid="header-login"]');
  if (userData?.iev !== true) {
    // A member whose email is not verified is led to the verification screen rather than to sign-in (decision 19).
    const label = signIn?.dataset.unverifiedLabel;
    if (signIn && label) {
      signIn.href = '/verify-email';
      signIn.textContent = label;
    }
    return;
  }
  const slot = document.querySelector<HTMLElement>('[data-island="account"]');
  if (!slot) return;
  void loadIslands().then(({ mountIsland }) => {
    mountIsland('account', slot, 'wake');
    slot.hidden = false;
    signIn?.remove();
  });
}

/**
 * Hands an action on an island to the island. Before it is mounted, a click on the contact button or a submit of the
 * sign-up is held (a form without a script would post to the page itself) and replayed by the island; once mounted,
 * the island (`data-island-ready`) takes its own events.
 */
function wakeOnAction() {
  const act = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const island = target?.closest<HTMLElement>('[data-island]');
    const name = island?.dataset.island as IslandName | undefined;
    if (!island || !name || name === 'account' || island.hasAttribute('data-island-ready')) return;
    const held = event.type === 'submit' || (event.type === 'click' && name === 'contact');
    if (held) event.preventDefault();
    void loadIslands().then(({ mountIsland }) => mountIsland(name, island, held ? event.type : 'wake'));
  };
  for (const type of ['focusin', 'pointerdown', 'click', 'submit']) document.addEventListener(type, act, true);
}

/** The browser's error reports (issue 13 §4), as in the app: the SDK in a chunk of its own, after the page's load. */
function startErrorReports() {
  const script = document.querySelector<HTMLScriptElement>('script[data-errors-dsn]');
  const dsn = script?.dataset.errorsDsn;
  if (!dsn) return;
  const environment = script.dataset.errorsEnvironment ?? 'production';
  const start = () =>
    void import('../features/observability/browser-errors').then((reports) =>
      reports.startBrowserErrorReports({ dsn, environment }),
    );
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

showCookieBanner();
showMember();
wakeOnAction();
startErrorReports();
