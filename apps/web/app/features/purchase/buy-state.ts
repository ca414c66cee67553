import type { Currency } from '@parcelle/shared/constants';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import type { TSecondaryOffer } from '@parcelle/shared/contracts/member';
import { MARKET } from '@parcelle/shared/market';
import { availableParts, QUICK_QUANTITIES } from './order';
import { offerBlock } from './pricing';

/**
 * What /buy shows, decided without React (issue 33: BuyScreen split into a pure state and small components). Each
 * function answers a named state; the components only draw it.
 */

/** The state of the screen, also its `data-state` (the journeys and tests read it). */
export type BuyState =
  | 'loading'
  | 'not-found'
  | 'error'
  | 'unavailable'
  | 'sold-out'
  | 'none-listed'
  | 'sign-in'
  | 'ready';

/** What the painting page hands over when it links to /buy, so the form shows before the fresh record arrives. */
export type NavigationState = { painting?: TPaintingDetail; base_url?: string } | null;

/** The work's record to show while the fresh one loads: the carried one, only for the same work and currency. */
export function carriedRecord(
  carried: NavigationState,
  paintingId: string,
  currency: Currency,
): { paintings: TPaintingDetail; base_url: string } | null {
  if (carried?.painting?.id !== paintingId || carried.painting.price_per_part.curr !== currency || !carried.base_url) {
    return null;
  }
  return { paintings: carried.painting, base_url: carried.base_url };
}

/**
 * Which /buy a loaded work gets: its market decides, whatever the address's `type` says. `formShown` is true once
 * the primary form has been shown for this work: it then stays (the success dialog lives in it), even when the
 * purchase sold the last parts and the work moved to the secondary market.
 */
export type PrimaryView = 'secondary' | 'sold-out' | 'unavailable' | 'form';

export function primaryView(
  painting: { market: number; total_part: number; sold_out_part: number },
  formShown: boolean,
): PrimaryView {
  if (formShown) return 'form';
  if (painting.market === MARKET.secondary) return 'secondary';
  if (painting.market !== MARKET.primary) return 'unavailable';
  return availableParts(painting) === 0 ? 'sold-out' : 'form';
}

/** Which secondary /buy a member gets (spec §1: holders of primary parts only), once the form is shown it stays. */
export type SecondaryView = 'sign-in' | 'loading' | 'error' | 'not-eligible' | 'none-listed' | 'form';

export function secondaryView(input: {
  signedIn: boolean;
  offer: Pick<TSecondaryOffer, 'eligible' | 'available_part'> | undefined;
  failed: boolean;
  formShown: boolean;
}): SecondaryView {
  if (!input.signedIn) return 'sign-in';
  if (!input.offer) return input.failed ? 'error' : 'loading';
  if (input.formShown) return 'form';
  return offerBlock(input.offer) ?? 'form';
}

/** The quantity the form opens with: the smallest quick choice, or every part left when fewer are. */
export function initialQuantity(available: number): string {
  return String(Math.min(QUICK_QUANTITIES[0], available));
}

/** Width over height of the work, for its picture's box; a portrait 4:5 when the record has no dimensions. */
export function artworkRatio(dimension: { width: number; height: number }): number {
  return dimension.width > 0 && dimension.height > 0 ? dimension.width / dimension.height : 4 / 5;
}

/**
 * Why the amount typed buys nothing, when the form says the quantity is wrong: below the price of one part (with
 * that price), no amount at all, or the quantity's own problem (more than left, above the cap…).
 */
export type AmountProblem =
  | { kind: 'below-one-part'; nextPartMinor: number }
  | { kind: 'required' }
  | { kind: 'quantity'; message: string | undefined };

export function amountProblem(input: {
  quantityError: { message?: string } | undefined;
  amountMinor: number | null;
  quote: { parts: number; nextPartMinor: number | null } | null;
}): AmountProblem | null {
  if (!input.quantityError) return null;
  if (input.quote?.nextPartMinor && input.quote.parts === 0) {
    return { kind: 'below-one-part', nextPartMinor: input.quote.nextPartMinor };
  }
  if (input.amountMinor === null) return { kind: 'required' };
  return { kind: 'quantity', message: input.quantityError.message };
}

/**
 * Secondary market: what changed in the listings since the member opened the drawer (the offer is loaded again
 * then): fewer parts listed than asked, or a new total for the same parts. Nothing while the offer is reloading.
 */
export type ListingsChange =
  | { kind: 'fewer-listed'; available: number }
  | { kind: 'total-changed'; totalMinor: number };

export function listingsChange(input: {
  secondary: boolean;
  drawerOpen: boolean;
  refreshing: boolean;
  quantity: number | null;
  available: number;
  totalSeen: number | null;
  totalMinor: number | null;
}): ListingsChange | null {
  if (!input.secondary || !input.drawerOpen || input.refreshing) return null;
  if (input.quantity !== null && input.quantity > input.available) {
    return { kind: 'fewer-listed', available: input.available };
  }
  if (input.totalSeen !== null && input.totalMinor !== null && input.totalMinor !== input.totalSeen) {
    return { kind: 'total-changed', totalMinor: input.totalMinor };
  }
  return null;
}

/** The step a signed-in member must take before the buy button (issue 29 identity, then issue 30 investor). */
export type BuyGate = 'verification' | 'investor' | 'none';

export function buyGate(input: { signedIn: boolean; verificationGated: boolean; investorGated: boolean }): BuyGate {
  if (!input.signedIn) return 'none';
  if (input.verificationGated) return 'verification';
  return input.investorGated ? 'investor' : 'none';
}
