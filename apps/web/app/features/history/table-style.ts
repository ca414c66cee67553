import { cardRowsOnMobile, memberTableHeadSx } from '../layout/table-style';
import { MOBILE, palette } from '../theme/theme';

/**
 * The member tables (History, Finance): a plain table on desktop; below the mobile breakpoint each row becomes a
 * stacked card whose cells carry their column name (`data-label`), as on /user/withdraw.
 */
export const responsiveTableSx = {
  '& th, & td': { borderColor: palette.line, px: { xs: 2, md: 3 } },
  '& th': memberTableHeadSx,
  '& td': { fontVariantNumeric: 'tabular-nums' },
  '& td.table-reference': { letterSpacing: '0.03em', whiteSpace: 'nowrap' },
  [MOBILE]: {
    ...cardRowsOnMobile,
    '& tbody td.table-reference': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
    '& tbody tr:has(> td.table-empty)': { border: 0, bgcolor: 'transparent', py: 0 },
    '& tbody td.table-empty': { display: 'block', textAlign: 'left' },
  },
} as const;
