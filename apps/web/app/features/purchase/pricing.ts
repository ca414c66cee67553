import type { Currency } from '@parcelle/shared/constants';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import type { TSecondaryOffer } from '@parcelle/shared/contracts/member';
import { type PriceStep, stepsTotalMinor } from '@parcelle/shared/secondary';
import { availableParts, minorOf, orderTotalMinor } from './order';

export type Market = 'primary' | 'secondary';

/**
 * How the parts of an order are priced. Primary: one price per part. Secondary (spec §1): other members' open
 * listings, oldest first, each at its own price, so the total is a sum of steps, not a price times the quantity.
 */
export type Pricing = {
  market: Market;
  available: number;
  /** The one price (primary), or the oldest listing's (secondary). */
  priceMinor: number;
  /** The listings ask different prices: the price line reads "from …". */
  stepped: boolean;
  /** Secondary only: the listed parts in the order they are bought. */
  steps: PriceStep[];
  currency: Currency;
};

export function primaryPricing(painting: TPaintingDetail): Pricing {
  return {
    market: 'primary',
    available: availableParts(painting),
    priceMinor: minorOf(painting.price_per_part),
    stepped: false,
    steps: [],
    currency: painting.price_per_part.curr,
  };
}

export function secondaryPricing(offer: TSecondaryOffer, currency: Currency): Pricing {
  // Major units to minor units once; only integers afterwards.
  const steps = offer.steps.map((step) => ({ quantity: step.quantity, unitPriceMinor: minorOf(step.price_per_part) }));
  const first = steps[0]?.unitPriceMinor ?? 0;
  return {
    market: 'secondary',
    available: offer.available_part,
    priceMinor: first,
    stepped: steps.some((step) => step.unitPriceMinor !== first),
    steps,
    currency: offer.steps[0]?.price_per_part.curr ?? currency,
  };
}

/** The order's total in minor units, or null while the quantity is not a number. */
export function totalOf(pricing: Pricing, quantity: number | null): number | null {
  if (pricing.market === 'primary') return orderTotalMinor(pricing.priceMinor, quantity);
  return quantity === null ? null : stepsTotalMinor(pricing.steps, quantity);
}

/** Why the member cannot buy a secondary-market work now (spec §1: primary holders only), or null when they can. */
export function offerBlock(
  offer: Pick<TSecondaryOffer, 'eligible' | 'available_part'>,
): 'not-eligible' | 'none-listed' | null {
  if (!offer.eligible) return 'not-eligible';
  return offer.available_part > 0 ? null : 'none-listed';
}
