/*
 * The names of a document's islands, free of React: the document runtime reads them, and what it imports is what a
 * visitor downloads before acting (decision 433).
 */

/**
 * The islands: mounted when a visitor acts on them (`ON_ACTION_ISLANDS`), or when the page loads for a member (the
 * header's account, a work's watch toggle and its order book, the confirmation of a key information document, which
 * show what only a member's session knows).
 */
export type IslandName = 'account' | 'buy' | 'contact' | 'key-information' | 'newsletter' | 'order-book' | 'watch';

/**
 * The islands any visitor wakes on any public page, in a module of their own without MUI (public-islands.tsx,
 * decision 495), and the header's account island, plain elements too (decision 506); the others are the member's
 * parts of a work's page (plain-member-islands.tsx).
 */
export const PUBLIC_ISLANDS = ['account', 'contact', 'newsletter'] as const satisfies readonly IslandName[];
export type PublicIslandName = (typeof PUBLIC_ISLANDS)[number];

/**
 * A work's member islands, drawn without MUI (decisions 537, 538, 557), in a module of their own too
 * (plain-member-islands.tsx): every island but the public ones. No island is MUI's any more.
 */
export const PLAIN_MEMBER_ISLANDS = [
  'buy',
  'key-information',
  'order-book',
  'watch',
] as const satisfies readonly Exclude<IslandName, PublicIslandName>[];
export type PlainMemberIslandName = (typeof PLAIN_MEMBER_ISLANDS)[number];

export function isPublicIsland(name: IslandName): name is PublicIslandName {
  return (PUBLIC_ISLANDS as readonly IslandName[]).includes(name);
}

/** Islands woken by a visitor's focus, press, click or submit; the others are mounted for a stored session. */
export const ON_ACTION_ISLANDS: readonly IslandName[] = ['buy', 'contact', 'newsletter'];

/** Islands that act for a member only: a guest's action on them is the page's own (a link, a form to /login). */
export const MEMBER_ISLANDS: readonly IslandName[] = ['buy'];
