import { DOCUMENT_KINDS, LANGUAGES } from './constants';
import type { MessageKey } from './i18n/messages';

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
 * Who or what moves a work from one market state to the next: an operator in the console, the sale of the last
 * primary parts with nothing left pending (`sell-out`), or the settlement of an accepted exit offer (`exit`).
 */
export type MarketCause = 'operator' | 'sell-out' | 'exit';

/**
 * The one table of a work's market transitions (decision 400): each allowed step and the causes that may take it.
 * Forward along draft → shown → primary → secondary → sold, plus: a shown work back to draft (unpublished before any
 * sale), a draft straight to primary (published and opened at once), and primary back to shown (a sale paused before
 * anything is sold is checked by the service). primary → secondary is also what a sell-out does on its own, and
 * secondary → sold what an exit's settlement does. The API's market module (apps/api/src/modules/market) makes every
 * change of `paintings.market` through it; the console offers the operator's steps.
 */
export const MARKET_STEPS: Readonly<
  Record<MarketState, Readonly<Partial<Record<MarketState, readonly MarketCause[]>>>>
> = {
  draft: { shown: ['operator'], primary: ['operator'] },
  shown: { draft: ['operator'], primary: ['operator'] },
  primary: { shown: ['operator'], secondary: ['operator', 'sell-out'] },
  secondary: { sold: ['operator', 'exit'] },
  sold: {},
};

/** Whether `cause` may move a work from `from` to `to` (the table above). */
export function canTransition(from: MarketState, to: MarketState, cause: MarketCause = 'operator'): boolean {
  return MARKET_STEPS[from][to]?.includes(cause) ?? false;
}

/** The transitions an operator may ask for, from each state (the console's buttons): the table's operator steps. */
const operatorSteps = (from: MarketState) => MARKET_STATES.filter((to) => canTransition(from, to, 'operator'));
export const MARKET_TRANSITIONS: Readonly<Record<MarketState, readonly MarketState[]>> = {
  draft: operatorSteps('draft'),
  shown: operatorSteps('shown'),
  primary: operatorSteps('primary'),
  secondary: operatorSteps('secondary'),
  sold: operatorSteps('sold'),
};

/**
 * Whether moving a work from `from` to `to` can never be taken back: no chain of transitions leads from `to` back to
 * `from` (to the secondary market, to sold). The console sets such steps apart and confirms them first.
 */
export function isIrreversibleStep(from: MarketState, to: MarketState): boolean {
  const seen = new Set<MarketState>([to]);
  const queue: MarketState[] = [to];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    if (state === from) return false;
    for (const next of MARKET_TRANSITIONS[state]) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return true;
}

/**
 * What the server knows of a work when a market step is asked: the facts the step's conditions are decided on
 * (`marketStepChecks`). The API gathers them under the work's row lock; the console reads them in the work's detail.
 */
export type MarketFacts = {
  has_cover: boolean;
  /** Documents stored, one per kind and language (DOCUMENT_KINDS × LANGUAGES make the full set). */
  documents: number;
  has_valuation: boolean;
  certificate_wording_en: string;
  certificate_wording_fr: string;
  /** Parts sold or reserved. */
  sold_parts: number;
  /** Members' listings of the work still open on the secondary market. */
  open_listings: number;
};

/** The work's fields that a member never needs filled but that opening the primary sale requires. */
export const PRIMARY_SALE_FIELDS = ['certificate_wording_en', 'certificate_wording_fr'] as const;

/**
 * One condition of a market step: `need` names it (a message, "a cover image"), `met` says whether the work meets
 * it, `refusal` is the API's error when it does not.
 */
export type MarketCheck = { need: MessageKey; met: boolean; refusal: MessageKey };

/**
 * The conditions of moving a work to `to` (the one rule: the API refuses with it, the console lists it as a
 * checklist before the operator tries). Opening the primary sale needs a cover, the documents of every kind in both
 * languages, an appraisal and the certificate wording in both languages; going back to shown or draft, no part sold
 * or reserved; the exit (sold), no member's listing still open. Whether the step is allowed from the current state
 * at all is `canTransition`'s.
 */
export function marketStepChecks(to: MarketState, facts: MarketFacts): MarketCheck[] {
  switch (to) {
    case 'primary': {
      const refusal = 'MarketPreconditionsMissing';
      return [
        { need: 'MissingCover', met: facts.has_cover, refusal },
        { need: 'MissingDocuments', met: facts.documents >= DOCUMENT_KINDS.length * LANGUAGES.length, refusal },
        { need: 'MissingValuation', met: facts.has_valuation, refusal },
        {
          need: 'MissingCertificateWording',
          met: PRIMARY_SALE_FIELDS.every((field) => facts[field].trim() !== ''),
          refusal,
        },
      ];
    }
    case 'draft':
    case 'shown':
      return [{ need: 'MarketNothingSold', met: facts.sold_parts === 0, refusal: 'MarketPartsSold' }];
    case 'sold':
      return [{ need: 'MarketNoOpenListing', met: facts.open_listings === 0, refusal: 'MarketOpenListings' }];
    case 'secondary':
      return [];
  }
}

/** What a work still lacks before moving to `to`: the unmet conditions of `marketStepChecks`, in its order. */
export function marketStepNeeds(to: MarketState, facts: MarketFacts): MarketCheck[] {
  return marketStepChecks(to, facts).filter((check) => !check.met);
}

/**
 * The states of the order book's rows (decision 397): a listing (an ask) and a bid, as the database's enums
 * (`listing_status`, `bid_status`, apps/api/src/modules/market/schema.ts) and the answers name them. `filled` when
 * nothing is left; a listing is otherwise closed by its seller (`withdrawn`), a bid by its buyer (`cancelled`) or by
 * its expiry (`expired`).
 */
export const LISTING_STATUSES = ['open', 'filled', 'withdrawn'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const BID_STATUSES = ['open', 'filled', 'cancelled', 'expired'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];
