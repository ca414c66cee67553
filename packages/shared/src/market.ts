/**
 * The market states of a work (issue 15), stored in `paintings.market` (smallint). 1, 2 and 3 keep the spec's
 * values (§3: shown, primary sale, secondary market); draft and sold are outside the spec's range so that every
 * public query that already selects 1, 2 or 3 leaves them out.
 */
export const MARKET = {
  /** Being prepared by operators: never in a public route, list, sitemap or ticker. */
  draft: 0,
  /** Shown on the site, not buyable (spec market 1). */
  shown: 1,
  /** Primary sale (spec market 2), optionally from a scheduled opening time. */
  primary: 2,
  /** Secondary market between members (spec market 3); automatic when the primary sale sells out. */
  secondary: 3,
  /** Exit: the work was sold; its page stays readable, nothing is bought or listed any more. */
  sold: 4,
} as const;

export type MarketState = keyof typeof MARKET;
export type MarketValue = (typeof MARKET)[MarketState];
export const MARKET_STATES = Object.keys(MARKET) as MarketState[];

/** The markets a member may see (every public read: lists, details, sitemap, artist pages). */
export const PUBLIC_MARKETS: readonly number[] = [MARKET.shown, MARKET.primary, MARKET.secondary, MARKET.sold];

export function marketState(value: number): MarketState {
  const found = MARKET_STATES.find((state) => MARKET[state] === value);
  if (!found) throw new RangeError(`unknown market ${value}`);
  return found;
}

/**
 * The transitions an operator may ask for. Forward along draft → shown → primary → secondary → sold, plus: a shown
 * work back to draft (unpublished before any sale), a draft straight to primary (published and opened at once), and
 * primary back to shown (a sale paused before anything is sold is checked by the service). primary → secondary is
 * also what a sell-out does on its own.
 */
export const MARKET_TRANSITIONS: Readonly<Record<MarketState, readonly MarketState[]>> = {
  draft: ['shown', 'primary'],
  shown: ['draft', 'primary'],
  primary: ['shown', 'secondary'],
  secondary: ['sold'],
  sold: [],
};

export function canTransition(from: MarketState, to: MarketState): boolean {
  return MARKET_TRANSITIONS[from].includes(to);
}
