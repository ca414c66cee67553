/** Place of the artist-quote ticker above the header (spec §2); a later issue fills it. */
export function TickerSlot() {
  return null;
}
