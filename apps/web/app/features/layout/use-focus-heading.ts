import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its heading (lazy chunk, first data) before focus settles on `<main>`. */
const WAIT_MS = 5_000;

/**
 * After a client-side route change, moves focus to the new page's main heading (its h1, else `<main>` itself), so a
 * keyboard or screen reader user starts reading the new page instead of staying on the link they followed (WCAG 2.4.3).
 * The first load keeps the browser's own focus; a change of query or hash alone keeps focus where it is. Pages
 * render their heading once their chunk and data arrive, so the hook watches `<main>` until an h1 shows up.
 */
export function useFocusHeadingOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path, which the effect does not read.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    if (!root) return;
    const focus = (target: HTMLElement) => {
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    const heading = () => root.querySelector<HTMLElement>('h1');
    const found = heading();
    if (found) {
      focus(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const late = heading();
      if (!late) return;
      stop();
      focus(late);
    });
    const timer = window.setTimeout(() => {
      stop();
      if (!root.contains(document.activeElement)) focus(root);
    }, WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [pathname, main]);
}
