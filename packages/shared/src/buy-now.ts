import type { Currency } from './constants';
import { MARKET } from './market';

/**
 * What the "Buy now" button of a painting does (spec §4), as a pure rule so that every case is tested:
 *
 * 1. market 1 (not buyable yet) → disabled, for everyone: a visitor is not sent to log in only to find the
 *    button disabled afterwards (the spec names the case for members; we show it to visitors too).
 * 2. market 2 with every part sold → disabled, "Sold out". On market 3 every primary part is sold by
 *    definition (spec §1), so this rule does not apply there: its parts are bought from members.
 * 3. not signed in → /login, remembering the page to come back to (navigation state `{ from }`).
 * 4. market 3 → a dialog explaining that secondary parts are bought from members at their listed price; the
 *    dialog loads the member's offer and may lead to /buy?type=secondary&… (`buyTo`) or to the member market.
 * 5. otherwise → the purchase flow, /buy?type=primary&path=artist&limit=1&offset=0&currency={curr}, plus
 *    `painting_id` so that a reload of /buy still knows the work; the painting travels in navigation state.
 */

export type BuyNowInput<P> = {
  signedIn: boolean;
  market: (typeof MARKET)['shown' | 'primary' | 'secondary'];
  totalParts: number;
  soldParts: number;
  currency: Currency;
  paintingId: string;
  /** The page the button is on, to come back to after logging in. */
  pathname: string;
  /** The painting record and the base URL of its media, handed to the purchase flow. */
  painting: P;
  baseUrl: string;
};

export type BuyNowDisabledReason = 'not-buyable' | 'sold-out';

export type BuyNowAction<P> =
  | { kind: 'disabled'; reason: BuyNowDisabledReason }
  | { kind: 'login'; to: '/login'; state: { from: string } }
  | { kind: 'secondary-dialog'; to: '/user/market'; buyTo: string }
  | { kind: 'buy'; to: string; state: { painting: P; base_url: string } };

export const MEMBER_MARKET_PATH = '/user/market';

export type BuyType = 'primary' | 'secondary';

/**
 * The purchase flow's address for one painting (spec §4, plus painting_id). `type` names the market the parts come
 * from; /buy still goes by the painting's own market.
 */
export function buyPath(paintingId: string, currency: Currency, type: BuyType = 'primary'): string {
  const query = new URLSearchParams({
    type,
    path: 'artist',
    limit: '1',
    offset: '0',
    currency,
    painting_id: paintingId,
  });
  return `/buy?${query.toString()}`;
}

export function isSoldOut(soldParts: number, totalParts: number): boolean {
  return totalParts <= 0 || soldParts >= totalParts;
}

export function buyNowAction<P>(input: BuyNowInput<P>): BuyNowAction<P> {
  if (input.market === MARKET.shown) return { kind: 'disabled', reason: 'not-buyable' };
  if (input.market === MARKET.primary && isSoldOut(input.soldParts, input.totalParts))
    return { kind: 'disabled', reason: 'sold-out' };
  if (!input.signedIn) return { kind: 'login', to: '/login', state: { from: input.pathname } };
  if (input.market === MARKET.secondary)
    return {
      kind: 'secondary-dialog',
      to: MEMBER_MARKET_PATH,
      buyTo: buyPath(input.paintingId, input.currency, 'secondary'),
    };
  return {
    kind: 'buy',
    to: buyPath(input.paintingId, input.currency),
    state: { painting: input.painting, base_url: input.baseUrl },
  };
}
