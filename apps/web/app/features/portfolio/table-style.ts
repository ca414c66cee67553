import { cardRowsOnMobile, memberTableHeadSx } from '../layout/table-style';
import { MOBILE, palette } from '../theme/theme';

/** Figures that line up from row to row and never wrap. */
export const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Hidden from sight, still read by screen readers (the actions column's header). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The member's tables (holdings, listings): quiet header, generous side padding; below the mobile breakpoint each
 * row becomes a card whose cells carry their column name (`data-label`). The first cell (`.holding-work`) spans the
 * card, the last (`.holding-actions`) is aligned to the right.
 */
export const memberTableSx = {
  '& th, & td': { borderColor: palette.line, px: { xs: 2, md: 2.5 } },
  '& th:first-of-type, & td:first-of-type': { pl: { xs: 2.5, md: 4 } },
  '& th:last-of-type, & td:last-of-type': { pr: { xs: 2.5, md: 4 } },
  '& th': memberTableHeadSx,
  [MOBILE]: {
    ...cardRowsOnMobile,
    '& tbody': { display: 'block', px: 2.5, pb: 1 },
    '& tbody td:first-of-type, & tbody td:last-of-type': { px: 2 },
    '& tbody td.holding-work': { display: 'block', textAlign: 'left', pb: 1.25 },
    '& tbody td.holding-actions': { display: 'flex', justifyContent: 'flex-end', pt: 1.25 },
  },
} as const;
