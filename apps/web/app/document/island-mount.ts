/*
 * What both modules of islands (plain-member-islands.tsx, public-islands.tsx) share: which parts are mounted, and the action held
 * back until then replayed on one already mounted. Free of React.
 */
const mounted = new WeakSet<Element>();

export function isMounted(element: Element): boolean {
  return mounted.has(element);
}

/** Marks `element` as taken by its island (mounted, or being mounted). */
export function markMounted(element: Element): void {
  mounted.add(element);
}

/** Mounted and acting: the runtime leaves its events to the island from now on (`data-island-ready`). */
export function ready(element: Element): void {
  mounted.add(element);
  element.setAttribute('data-island-ready', '');
}

/** An action held by the runtime on a part already mounted: the click or submit replayed on it. */
export function replay(element: HTMLElement, trigger: string): void {
  if (trigger === 'click') element.click();
  if (trigger === 'submit')
    (element instanceof HTMLFormElement ? element : element.querySelector('form'))?.requestSubmit();
}

const mounting = new WeakMap<Element, Promise<void>>();

/**
 * Mounts `element`'s island once by `mount`, which may first load its component. An action the runtime held while
 * it loads (a click on the contact link, a submit) is replayed once the island is mounted and ready, not mounted
 * twice; on an island already mounted, at once.
 */
export function mountOnce(element: HTMLElement, trigger: string, mount: () => Promise<void>): Promise<void> {
  const pending = mounting.get(element);
  if (pending) return pending.then(() => replay(element, trigger));
  const done = mount();
  mounting.set(element, done);
  return done;
}
