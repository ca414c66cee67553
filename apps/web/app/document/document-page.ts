/**
 * What the one script of a document page does (issue 33, decision 433), started by `document-runtime.ts` once the page
 * has been painted (decision 502). React Router's scripts are not sent with a document, so the page reads, navigates
 * (ordinary links) and chooses its language and currency (a form post) without any; this module adds what only the
 * browser knows or what needs a script:
 * - the cookie banner, sent hidden, shown when the visitor has not accepted cookies (localStorage), removed once they
 *   have;
 * - the member's header: a signed-in member (localStorage) gets the account menu and the bell as an island, an
 *   unverified one the link to /verify-email in place of the sign-in link;
 * - islands: a part marked `data-island` becomes the app's own React component the first time a visitor acts on it
 *   (the footer's contact form, the newsletter sign-up, a member's "Buy now" on the secondary market). React and the
 *   texts load then, not before, and no MUI (decision 495: the sign-up, the contact form and, decision 506, the
 *   header's account menu and bell are public-islands.tsx's; decision 557: a member's parts of a work's page are
 *   plain-member-islands.tsx's). Those parts (its order book, the watch toggle) are mounted once the page has loaded,
 *   as the account menu is;
 * - a work's page (decisions 453–455): the "Buy now" form's member address, the pinned bar on phones while the page's
 *   button is below the window, the countdown to a sale's opening (the page is loaded again when it opens).
 * - the gallery's enlarged pictures (decision 482): views the URL's fragment opens without a script; Esc, ← and →
 *   and focus, in a module of their own loaded on that page only.
 * - error reports: when the server names a DSN (on the runtime's own script tag), the reporter of the app is
 *   fetched once the page has loaded, as the app fetches it once interactive.
 * It imports nothing of React: what a visitor downloads before acting is the runtime, this file and the session's reader.
 */
import { opensElsewhere } from '../features/contact/contact-link';
import { acceptCookies, cookiesAccepted } from '../features/layout/cookie-consent';
import { timeLeft, twoDigits } from '../features/paintings/time-left';
import { getStoredSession } from '../features/session/storage';
import { type IslandName, isPublicIsland, MEMBER_ISLANDS, ON_ACTION_ISLANDS } from './island-names';

const loadPublicIslands = () => import('./public-islands');
const loadPlainMemberIslands = () => import('./plain-member-islands');

/** Mounts the island `name` on `element` from its own module: the public ones never load the member's (decision 495). */
function mount(name: IslandName, element: HTMLElement, trigger: string): Promise<void> {
  if (isPublicIsland(name))
    return loadPublicIslands().then(({ mountPublicIsland }) => mountPublicIsland(name, element, trigger));
  return loadPlainMemberIslands().then(({ mountPlainMemberIsland }) => mountPlainMemberIsland(name, element, trigger));
}

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

/** Mounts the island `name` on each of its parts at once (not on an action): what a member's session shows. */
function mountNow(name: IslandName) {
  const slots = document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`);
  if (slots.length === 0) return;
  for (const slot of slots) void mount(name, slot, 'wake');
}

function showMember() {
  const { token, userData } = getStoredSession();
  if (!token) return;
  for (const invitation of document.querySelectorAll('[data-guest-only]')) invitation.remove();
  // A member's "Buy now" leads to /buy (with the work in the query) rather than to sign-in.
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-member-action]')) {
    form.action = form.dataset.memberAction ?? form.action;
    for (const field of form.querySelectorAll('input')) field.disabled = false;
  }
  mountNow('order-book');
  mountNow('key-information');
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
  mountNow('watch');
  const slot = document.querySelector<HTMLElement>('[data-island="account"]');
  if (!slot) return;
  void mount('account', slot, 'wake').then(() => {
    slot.hidden = false;
    signIn?.remove();
  });
}

/**
 * Hands an action on an island to the island. Before it is mounted, a click on the contact link or a submit of the
 * sign-up is held (a form without a script would post to the page itself) and replayed by the island; once mounted,
 * the island (`data-island-ready`) takes its own events.
 */
function wakeOnAction() {
  const act = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const island = target?.closest<HTMLElement>('[data-island]');
    const name = island?.dataset.island as IslandName | undefined;
    if (!island || !name || !ON_ACTION_ISLANDS.includes(name) || island.hasAttribute('data-island-ready')) return;
    // A guest's action on a member's island is the page's own (the form leads to sign-in).
    if (MEMBER_ISLANDS.includes(name) && !getStoredSession().token) return;
    // The contact link's click opens the dialog, unless the visitor asked for a new tab or window (then /contact).
    const held =
      event.type === 'submit' || (event.type === 'click' && name === 'contact' && !opensElsewhere(event as MouseEvent));
    if (held) event.preventDefault();
    void mount(name, island, held ? event.type : 'wake');
  };
  for (const type of ['focusin', 'pointerdown', 'click', 'submit']) document.addEventListener(type, act, true);
  // Sent as a plain link to /contact (decision 476): with this script it opens a dialog, and says so.
  for (const link of document.querySelectorAll('[data-island="contact"]')) link.setAttribute('aria-haspopup', 'dialog');
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

/**
 * A work's pinned "Buy now" (phones, issue 17): shown while the page's own button is below the window, measured on
 * scroll and resize (a jump by Home, End or a link crosses no IntersectionObserver threshold).
 */
function followBuyBar() {
  const bar = document.querySelector<HTMLElement>('[data-buy-bar]');
  const anchor = document.querySelector<HTMLElement>('[data-buy-anchor]');
  if (!bar || !anchor) return;
  let frame = 0;
  const measure = () => {
    frame = 0;
    bar.hidden = anchor.getBoundingClientRect().top <= window.innerHeight;
  };
  const schedule = () => {
    if (!frame) frame = window.requestAnimationFrame(measure);
  };
  measure();
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
}

/**
 * The countdown to a sale's opening, every second. The page is loaded again when the sale opens, so that the server
 * renders the button usable; a page loaded after the moment (a clock ahead of the server's) counts nothing and is not
 * loaded again.
 */
function tickCountdown() {
  const timer = document.querySelector<HTMLElement>('[data-countdown-until]');
  const target = Number(timer?.dataset.countdownUntil);
  const text = timer?.dataset.countdownText;
  if (!timer || !text || !(Date.now() < target)) return;
  const days = new Intl.NumberFormat(document.documentElement.lang === 'fr' ? 'fr-FR' : 'en-US');
  const tick = () => {
    const left = timeLeft(target, Date.now());
    const values: Record<string, string> = {
      days: days.format(left.days),
      hours: twoDigits(left.hours),
      minutes: twoDigits(left.minutes),
      seconds: twoDigits(left.seconds),
    };
    timer.textContent = text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
    if (Date.now() >= target) {
      window.clearInterval(every);
      window.location.reload();
    }
  };
  const every = window.setInterval(tick, 1000);
  tick();
}

/** The gallery's views (decision 482): their keys and focus, loaded only where the page has some. */
function followGalleryViews() {
  if (!document.querySelector('[data-gallery-view]')) return;
  void import('../features/content/gallery-views').then((views) => views.followGalleryViews(document));
}

showCookieBanner();
showMember();
wakeOnAction();
followBuyBar();
tickCountdown();
followGalleryViews();
startErrorReports();
