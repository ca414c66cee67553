import { Ticker } from '../ticker/Ticker';

/**
 * Place of the artist-quote ticker above the header (spec §2). The strip's height is reserved by CSS from the first
 * paint (`.ticker-slot` in app.css), so the quotes arriving later move nothing below them (issue 14: no layout shift).
 */
export function TickerSlot() {
  return (
    <div className="ticker-slot">
      <Ticker />
    </div>
  );
}
