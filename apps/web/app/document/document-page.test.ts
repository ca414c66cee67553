// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const started = vi.hoisted(() => vi.fn());
vi.mock('../features/observability/browser-errors', () => ({ startBrowserErrorReports: started }));

/** The parts of a document's HTML the runtime reads, as the server sends them (decision 433). */
const PAGE = `
  <header>
    <a data-testid="header-login" href="/login" data-unverified-label="Verify your email">Log in</a>
    <div data-island="account" hidden></div>
  </header>
  <main>
    <a href="/primary-market">Discover the works</a>
    <a href="/connexion" data-guest-only>Join Parcelle</a>
    <section data-guest-only><a href="/register">Create my account</a></section>
  </main>
  <div data-testid="cookie-banner" data-cookie-banner hidden><button type="button">Accept</button></div>
`;

/** Runs the runtime on the page, as the browser does once (it acts when imported). */
async function run() {
  vi.resetModules();
  await import('./document-page');
}

beforeEach(() => {
  window.localStorage.clear();
  document.body.innerHTML = PAGE;
});
afterEach(() => {
  document.body.innerHTML = '';
  window.localStorage.clear();
});

describe('the document runtime (issue 33)', () => {
  it('shows a visitor the cookie banner and the invitations to join; accepting removes the banner', async () => {
    await run();
    const banner = document.querySelector<HTMLElement>('[data-cookie-banner]');
    expect(banner?.hidden).toBe(false);
    expect(document.querySelectorAll('[data-guest-only]')).toHaveLength(2);
    banner?.querySelector('button')?.click();
    expect(document.querySelector('[data-cookie-banner]')).toBeNull();
    expect(window.localStorage.getItem('cookiesAccepted')).toBe('true');
  });

  it('removes the banner at once for a visitor who accepted before', async () => {
    window.localStorage.setItem('cookiesAccepted', 'true');
    await run();
    expect(document.querySelector('[data-cookie-banner]')).toBeNull();
  });

  it('removes the invitations to join for a member, and leads an unverified one to verify their email', async () => {
    window.localStorage.setItem('token', 'a-token');
    window.localStorage.setItem('userData', JSON.stringify({ iev: false }));
    await run();
    expect(document.querySelectorAll('[data-guest-only]')).toHaveLength(0);
    expect(document.body.textContent).toContain('Discover the works');
    const signIn = document.querySelector<HTMLAnchorElement>('[data-testid="header-login"]');
    expect(signIn?.getAttribute('href')).toBe('/verify-email');
    expect(signIn?.textContent).toBe('Verify your email');
  });

  it('gives a member the address of /buy on a work’s "Buy now" form, and leaves a guest’s to sign in', async () => {
    const form = `
      <form id="buy-now-form" action="/login" method="get" data-member-action="/buy">
        <input type="hidden" name="painting_id" value="w1" disabled /><button type="submit">Buy now</button>
      </form>`;
    document.body.insertAdjacentHTML('beforeend', form);
    await run();
    expect(document.querySelector('form')?.getAttribute('action')).toBe('/login');
    expect(document.querySelector('input')?.disabled).toBe(true);

    document.body.innerHTML = PAGE + form;
    window.localStorage.setItem('token', 'a-token');
    await run();
    expect(document.querySelector('form')?.getAttribute('action')).toBe('/buy');
    expect(document.querySelector('input')?.disabled).toBe(false);
  });

  it('shows the pinned "Buy now" only while the page’s button is below the window', async () => {
    document.body.insertAdjacentHTML('beforeend', '<div data-buy-anchor></div><div data-buy-bar hidden></div>');
    const anchor = document.querySelector<HTMLElement>('[data-buy-anchor]');
    let top = window.innerHeight + 400;
    if (anchor) anchor.getBoundingClientRect = () => ({ top }) as DOMRect;
    await run();
    const bar = document.querySelector<HTMLElement>('[data-buy-bar]');
    expect(bar?.hidden).toBe(false);
    top = 100;
    window.dispatchEvent(new Event('scroll'));
    await vi.waitFor(() => expect(bar?.hidden).toBe(true));
  });

  it('counts down to a sale’s opening every second, in the page’s words', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      vi.setSystemTime(0);
      const until = (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000;
      document.body.insertAdjacentHTML(
        'beforeend',
        `<p data-countdown-until="${until}" data-countdown-text="Opens in {days} d {hours} h {minutes} min {seconds} s"></p>`,
      );
      await run();
      const timer = document.querySelector('[data-countdown-until]');
      expect(timer?.textContent).toBe('Opens in 2 d 03 h 04 min 05 s');
      vi.advanceTimersByTime(2000);
      expect(timer?.textContent).toBe('Opens in 2 d 03 h 04 min 03 s');
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts the error reports with the DSN the server put on its script tag, and not without one', async () => {
    await run();
    await vi.waitFor(() => expect(document.readyState).toBe('complete'));
    expect(started).not.toHaveBeenCalled();

    document.body.insertAdjacentHTML(
      'beforeend',
      '<script type="module" data-errors-dsn="https://key@ingest.example/7" data-errors-environment="staging"></script>',
    );
    await run();
    await vi.waitFor(() =>
      expect(started).toHaveBeenCalledWith({ dsn: 'https://key@ingest.example/7', environment: 'staging' }),
    );
  });
});
