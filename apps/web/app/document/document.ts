import { createContext, useContext } from 'react';
import { type UIMatch, useLocation, useMatches } from 'react-router';
import type { IslandName } from './island-names';

/**
 * A route whose page is a document (issue 33, decision 433): `export const handle = { document: true }`. The server
 * sends it rendered with no React Router script (it is never hydrated) and with the document runtime instead.
 */
export type DocumentHandle = { document: true };

export const DOCUMENT_HANDLE: DocumentHandle = { document: true };

/** Whether a route of the page asks for a document. */
export function isDocumentPage(matches: readonly Pick<UIMatch, 'handle'>[]): boolean {
  return matches.some((match) => (match.handle as Partial<DocumentHandle> | undefined)?.document === true);
}

/**
 * Whether the page being rendered is sent as a document. Only the server decides: a browser that already runs the app
 * (a member who followed a link from the member area) renders the same route as part of the app, with its scripts.
 */
export function useDocumentPageOnServer(): boolean {
  const matches = useMatches();
  return import.meta.env.SSR && isDocumentPage(matches);
}

/** Given by the root to what the layout renders differently in a document (hidden member slot, islands' marks). */
export const DocumentContext = createContext(false);

export function useInDocument(): boolean {
  return useContext(DocumentContext);
}

/** The attribute naming an island: the part of a document the runtime turns into React when a visitor acts on it. */
export const ISLAND_ATTRIBUTE = 'data-island';
export { type IslandName, MEMBER_ISLANDS, ON_ACTION_ISLANDS } from './island-names';

/**
 * A form whose address is a guest's (sign in first) and, in this attribute, a member's: the runtime takes it and
 * enables the form's hidden fields when a session is stored (a work's "Buy now" leads a member to /buy).
 */
export const MEMBER_ACTION_ATTRIBUTE = 'data-member-action';

/**
 * A work's pinned "Buy now" bar (phones): sent hidden, shown by the runtime while the element marked
 * `BUY_ANCHOR_ATTRIBUTE` (the page's own button) is below the window.
 */
export const BUY_BAR_ATTRIBUTE = 'data-buy-bar';
export const BUY_ANCHOR_ATTRIBUTE = 'data-buy-anchor';

/**
 * A countdown the runtime ticks: the moment (ms since the epoch) in this attribute, the sentence in
 * `data-countdown-text` with {days}, {hours}, {minutes} and {seconds} to fill.
 */
export const COUNTDOWN_ATTRIBUTE = 'data-countdown-until';

/**
 * The attribute marking what only a visitor without a session is shown (an invitation to join): the server cannot know
 * of a session (it lives in the browser's storage), so a document sends it and the runtime removes it for a member.
 */
export const GUEST_ONLY_ATTRIBUTE = 'data-guest-only';

/** Spread on a guest-only element in a document (nothing in the app, which knows the session when it renders). */
export function guestOnlyProps(inDocument: boolean): Record<string, string> {
  return inDocument ? { [GUEST_ONLY_ATTRIBUTE]: '' } : {};
}

/** Spread on an island's element in a document (nothing in the app). */
export function islandProps(inDocument: boolean, name: IslandName): Record<string, string> {
  return inDocument ? { [ISLAND_ATTRIBUTE]: name } : {};
}

/**
 * The props of a "Try again" button: in the app it reads again (`retry`); in a document, which has no script to read
 * with, it is a link that loads the page again.
 */
export function useRetryProps(retry: () => unknown): { href: string } | { onClick: () => void } {
  const inDocument = useInDocument();
  const { pathname, search } = useLocation();
  return inDocument ? { href: `${pathname}${search}` } : { onClick: () => void retry() };
}
