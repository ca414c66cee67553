import { MOBILE, palette } from '../theme/theme';

/** Figures that line up from row to row and never wrap. */
export const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * Below 1280 px the member area's content column is too narrow for the market's seven columns (its sidebar stays up
 * to the mobile breakpoint): that table turns to cards there, in a grid; every other table at the mobile breakpoint.
 */
export const COMPACT = '@media (max-width: 1279.95px)';

/** A stacked card per row, each cell its column name (`data-label`) on the left and its value on the right. */
function cards(grid: boolean) {
  return {
    display: 'block',
    '& thead': { display: 'none' },
    '& tbody': grid
      ? {
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
          gap: 1.5,
          px: 2.5,
          pb: 1,
        }
      : { display: 'block', px: 2.5, pb: 1 },
    '& tbody tr': {
      display: 'block',
      border: `1px solid ${palette.line}`,
      bgcolor: 'background.paper',
      mb: grid ? 0 : 1.5,
      py: 1,
    },
    '& tbody td, & tbody td:first-of-type, & tbody td:last-of-type': {
      display: 'flex',
      // MUI reverses right-aligned cells; here the label comes first, the value on the right.
      flexDirection: 'row',
      justifyContent: 'space-between',
      alignItems: 'baseline',
      gap: 2,
      border: 0,
      py: 0.75,
      px: 2,
      textAlign: 'right',
      // A card is narrow: a figure's note ("since the previous appraisal") wraps under it instead of overflowing.
      whiteSpace: 'normal',
    },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      color: palette.muted,
      fontSize: 13,
      fontWeight: 400,
      textAlign: 'left',
      whiteSpace: 'nowrap',
      flexShrink: 0,
    },
    '& tbody td.cell-wrap': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
    // The work heads its card, without a label; the actions close it, on the right.
    '& tbody td.cell-head': { display: 'block', textAlign: 'left', pb: 1.25 },
    '& tbody td.cell-foot': { display: 'flex', justifyContent: 'flex-end', pt: 1.25 },
    '& tbody td.cell-foot .MuiButton-root': grid ? { width: '100%' } : {},
    '& tbody tr.row-message': { border: 0, bgcolor: 'transparent', py: 0, gridColumn: '1 / -1' },
    '& tbody tr.row-message td': { display: 'block', textAlign: 'left', px: 0 },
  } as const;
}

/**
 * Every member table (decisions 459, 462): quiet small header, generous side padding, figures in tabular digits; below
 * the breakpoint (the mobile one, or COMPACT for the market) each row becomes a card.
 */
export function dataTableSx(cardsBelow: 'mobile' | 'compact') {
  const compact = cardsBelow === 'compact';
  return {
    // Seven columns beside the member menu: closer cells, headers on two lines where they must.
    '& th, & td': { borderColor: palette.line, px: { xs: 2, md: compact ? 1.5 : 2 } },
    '& th:first-of-type, & td:first-of-type': { pl: { xs: 2.5, md: 4 } },
    '& th:last-of-type, & td:last-of-type': { pr: { xs: 2.5, md: 4 } },
    '& th': {
      color: palette.muted,
      fontWeight: 500,
      fontSize: 13,
      letterSpacing: '0.04em',
      lineHeight: 1.3,
      whiteSpace: compact ? 'normal' : 'nowrap',
    },
    // The sort arrow takes no width of its own (it sits in the cell's padding), so that sortable headers are as
    // narrow as plain ones and the tables keep their widths; it shows on the sorted column, on hover and on focus.
    '& .MuiTableSortLabel-root': { position: 'relative' },
    '& .MuiTableSortLabel-icon': { position: 'absolute', left: '100%', m: 0, fontSize: 16 },
    '& th.MuiTableCell-alignRight .MuiTableSortLabel-icon': { left: 'auto', right: '100%' },
    '& .MuiTableSortLabel-root.Mui-focusVisible': { outline: `2px solid ${palette.ink}`, outlineOffset: 2 },
    '& td': { fontVariantNumeric: 'tabular-nums' },
    '& tbody tr.row-message td': { color: palette.muted, pt: 1.5, pb: 4 },
    [cardsBelow === 'compact' ? COMPACT : MOBILE]: cards(cardsBelow === 'compact'),
  } as const;
}
