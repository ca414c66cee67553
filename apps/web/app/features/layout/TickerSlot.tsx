import { Ticker } from '../ticker/Ticker';

/** Place of the artist-quote ticker above the header (spec §2). */
export function TickerSlot() {
  return <Ticker />;
}
