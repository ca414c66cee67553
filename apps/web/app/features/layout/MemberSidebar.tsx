import { Box, ButtonBase, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useLogout } from '../session/use-logout';
import { MOBILE, palette } from '../theme/theme';
import { SIDEBAR_LINKS } from './links';

const itemSx = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  width: '100%',
  justifyContent: 'flex-start',
  px: 2,
  py: 1.25,
  color: palette.muted,
  font: 'inherit',
  fontSize: 15,
  lineHeight: 1.6,
  textAlign: 'left',
  textDecoration: 'none',
  borderLeft: '2px solid transparent',
  transition: 'color 160ms ease, border-color 160ms ease',
  '&:hover': { color: palette.ink },
  '&.active': { color: palette.ink, borderLeftColor: palette.accent, fontWeight: 500 },
  [MOBILE]: {
    width: 'auto',
    whiteSpace: 'nowrap',
    borderLeft: 0,
    borderBottom: '2px solid transparent',
    '&.active': { color: palette.ink, borderBottomColor: palette.accent },
  },
} as const;

/** Member navigation of the /user pages: Profile, Portfolio, Finance, History (spec §2), My parts,
 * Market (issue 17), Logout. */
export function MemberSidebar() {
  const { t } = useTranslation();
  const { logout, pending } = useLogout();
  return (
    <Box component="nav" aria-label={t('account.area')} data-testid="member-sidebar">
      <Typography
        variant="overline"
        component="p"
        sx={{ color: palette.muted, px: 2, mb: 1, [MOBILE]: { display: 'none' } }}
      >
        {t('account.area')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          [MOBILE]: { display: 'flex', overflowX: 'auto', borderBottom: `1px solid ${palette.line}` },
        }}
      >
        {SIDEBAR_LINKS.map((link) => (
          <li key={link.to}>
            <Box component={NavLink} to={link.to} sx={itemSx} data-testid={`sidebar-${link.testId}`}>
              {t(link.label)}
            </Box>
          </li>
        ))}
        <li>
          <ButtonBase onClick={logout} disabled={pending} sx={itemSx} data-testid="sidebar-logout">
            {t('account.logout')}
          </ButtonBase>
        </li>
      </Box>
    </Box>
  );
}
