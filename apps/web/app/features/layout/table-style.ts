import { palette } from '../theme/theme';

/** Header cells of the member tables: quiet, small, never wrapped. */
export const memberTableHeadSx = {
  color: palette.muted,
  fontWeight: 500,
  fontSize: 13,
  letterSpacing: '0.04em',
  whiteSpace: 'nowrap',
} as const;

/**
 * Below the mobile breakpoint (use under `[MOBILE]`), a member table's rows become stacked cards whose cells show
 * their column name (`data-label`) on the left and the value on the right. Shared by every member table so that
 * holdings, listings, history, finance and withdrawals read alike on a phone.
 */
export const cardRowsOnMobile = {
  display: 'block',
  '& thead': { display: 'none' },
  '& tbody': { display: 'block', px: 2, pb: 1 },
  '& tbody tr': {
    display: 'block',
    border: `1px solid ${palette.line}`,
    bgcolor: 'background.paper',
    mb: 1.5,
    py: 1,
  },
  '& tbody td': {
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
} as const;
