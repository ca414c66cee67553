import { screen } from '@testing-library/react';

/**
 * The width a console list has in a 1280 px window: the window less the menu (Layout's 220 px drawer) and the main
 * area's padding (2 × 24 px). What fits in it is in view without scrolling the grid sideways.
 */
export const GRID_WIDTH_AT_1280 = 1280 - 220 - 2 * 24;

/**
 * The column headers of the rendered grid that fit, left to right, in `width` pixels, by their text. A fixed column
 * has the width the grid gives it; a flexible one (0 px here: jsdom lays nothing out) counts as `flexible` pixels, the
 * least the console's lists let one shrink to. The e2e check at 1280 px (admin-money.e2e.ts) measures the real page.
 */
export function headersInView(width = GRID_WIDTH_AT_1280, flexible = 180): string[] {
  const names: string[] = [];
  let used = 0;
  for (const header of screen.getAllByRole('columnheader')) {
    used += Number.parseFloat(header.style.width) || flexible;
    if (!(used <= width)) break;
    names.push((header.textContent ?? '').trim());
  }
  return names;
}
