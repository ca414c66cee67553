import {
  type OrderQuote,
  type OrderSide,
  type PriceBoundsMinor,
  QUOTE_STATE,
  quoteOrder,
  typedParts,
  typedPriceMinor,
} from '@parcelle/shared/market-order';
import { toMajorString } from '@parcelle/shared/money';
import { useCallback, useState } from 'react';

/** What a member has typed for one order, and its quote by the shared rules (@parcelle/shared/market-order). */
export type OrderDraft = {
  side: OrderSide;
  parts: string;
  price: string;
  setParts: (text: string) => void;
  setPrice: (text: string) => void;
  quote: OrderQuote;
  /** Whether the member tried to go on: field errors show from then on (not while they type a first figure). */
  checked: boolean;
  /** Marks the draft checked and answers the ready quote, or null when it cannot be confirmed yet. */
  check: () => Extract<OrderQuote, { state: 'ready' }> | null;
  /** Back to the first parts and the default price. */
  reset: () => void;
};

/** The price field's first text: the reference price in euros ("12.34"), or empty. */
export const priceText = (minor: number | null | undefined) => (minor ? toMajorString(minor) : '');

/**
 * One order being prepared (issue 31, "one way to sell"): "Sell" on My parts and the work's order form keep their
 * parts and price here and read the same quote: bounds, parts in hand, gross, fee and proceeds.
 */
export function useOrderDraft(options: {
  side: OrderSide;
  range: PriceBoundsMinor | null;
  inHand?: number;
  initialParts?: string;
  /** The price shown until the member types one (the reference price, once the book has come). */
  defaultPrice?: string;
}): OrderDraft {
  const { side, range, inHand, initialParts = '', defaultPrice = '' } = options;
  const [parts, setPartsText] = useState(initialParts);
  const [typedPrice, setPrice] = useState<string | null>(null);
  const price = typedPrice ?? defaultPrice;
  const [checked, setChecked] = useState(false);
  const quote: OrderQuote = range
    ? quoteOrder({
        side,
        parts: typedParts(parts),
        unitPriceMinor: typedPriceMinor(price),
        range,
        ...(side === 'ask' && inHand !== undefined ? { inHand } : {}),
      })
    : { state: QUOTE_STATE.noPrice };
  const setParts = useCallback((text: string) => setPartsText(text.replace(/\D/g, '').slice(0, 8)), []);
  const reset = useCallback(() => {
    setPartsText(initialParts);
    setPrice(null);
    setChecked(false);
  }, [initialParts]);
  return {
    side,
    parts,
    price,
    setParts,
    setPrice,
    quote,
    checked,
    check: () => {
      setChecked(true);
      return quote.state === QUOTE_STATE.ready ? quote : null;
    },
    reset,
  };
}
