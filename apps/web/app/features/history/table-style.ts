import { MOBILE, palette } from '../theme/theme';

/**
 * The member tables (History, Finance): a plain table on desktop; below the mobile breakpoint each row becomes a
 * stacked card whose cells carry their column name (`data-label`), as on /user/withdraw.
 */
export const responsiveTableSx = {
  '& th, & td': { borderColor: palette.line, px: { xs: 2, md: 3 } },
  '& th': { color: palette.muted, fontWeight: 500, fontSize: 13, letterSpacing: '0.04em', whiteSpace: 'nowrap' },
  '& td': { fontVariantNumeric: 'tabular-nums' },
  '& td.table-reference': { letterSpacing: '0.03em', whiteSpace: 'nowrap' },
  [MOBILE]: {
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
      alignItems: 'center',
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
      textAlign: 'left',
      fontWeight: 400,
      flexShrink: 0,
    },
    '& tbody td.table-reference': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
    '& tbody tr:has(> td.table-empty)': { border: 0, bgcolor: 'transparent', py: 0 },
    '& tbody td.table-empty': { display: 'block', textAlign: 'left' },
  },
} as const;
