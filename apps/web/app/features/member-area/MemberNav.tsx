import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, ButtonBase, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useLogout } from '../session/use-logout';
import { DESKTOP, MOBILE, palette } from '../theme/theme';
import { currentMemberLink, MEMBER_AREA_LINKS } from './links';

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
} as const;

/**
 * The member area's navigation: a list beside the page on a desktop; on a phone, a button naming the page one is
 * on that opens the whole list (issue 31: a strip scrolling sideways hid most pages without showing it scrolled).
 */
export function MemberNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { logout, pending } = useLogout();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const current = currentMemberLink(pathname);

  // A page chosen in the list closes it, at the click (the next page may take a moment to come), and any new page
  // (the browser's back button) too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on each new page.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <Box component="nav" aria-label={t('account.area')} data-testid="member-sidebar">
      <Typography
        variant="overline"
        component="p"
        sx={{ color: palette.muted, px: 2, mb: 1, [MOBILE]: { display: 'none' } }}
      >
        {t('account.area')}
      </Typography>
      <ButtonBase
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        data-testid="member-nav-toggle"
        sx={{
          [DESKTOP]: { display: 'none' },
          width: '100%',
          justifyContent: 'space-between',
          gap: 2,
          px: 2,
          py: 1.5,
          border: `1px solid ${palette.line}`,
          borderRadius: 1,
          textAlign: 'left',
          font: 'inherit',
          '&:focus-visible': { outline: `2px solid ${palette.accent}`, outlineOffset: 2 },
        }}
      >
        <Box component="span" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <Box
            component="span"
            sx={{ fontSize: 11, letterSpacing: '0.12em', textTransform: 'uppercase', color: palette.muted }}
          >
            {t('account.area')}
          </Box>
          <Box component="span" sx={{ fontSize: 16, fontWeight: 500, color: palette.ink }}>
            {current ? t(current.label) : t('account.areaPages')}
          </Box>
        </Box>
        <ExpandMore
          aria-hidden
          sx={{ color: palette.muted, transition: 'transform 160ms ease', transform: open ? 'rotate(180deg)' : 'none' }}
        />
      </ButtonBase>
      <Box
        component="ul"
        id={listId}
        data-open={open}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          [MOBILE]: {
            display: open ? 'block' : 'none',
            mt: 1,
            py: 0.5,
            border: `1px solid ${palette.line}`,
            borderRadius: 1,
          },
        }}
      >
        {MEMBER_AREA_LINKS.map((link) => (
          <li key={link.to}>
            <Box
              component={NavLink}
              to={link.to}
              onClick={() => setOpen(false)}
              sx={itemSx}
              data-testid={`sidebar-${link.testId}`}
            >
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
