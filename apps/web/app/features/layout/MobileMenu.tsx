import { Box } from '@mui/material';
import { LAYOUT } from '@parcelle/shared/constants';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { fonts, palette } from '../theme/theme';
import { DialogCloseButton } from './DialogCloseButton';
import { Logo } from './Logo';
import { DRAWER_LINKS } from './links';

/** The menu's id, named by the header's button that opens it (`commandfor`). */
export const MOBILE_MENU_ID = 'site-menu';

/**
 * The ≤1024px navigation (spec §2: a left drawer, 300 wide), as the browser's own modal dialog (issue 33): the header's
 * button opens it with an invoker command and no script; focus is kept inside, Escape and a click beside it close it,
 * and focus returns to the button. With a script, following a link closes it as the page changes in place.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => dialog.current?.close();
  return (
    <Box
      component="dialog"
      ref={dialog}
      id={MOBILE_MENU_ID}
      closedby="any"
      aria-label={t('nav.menu')}
      data-testid="mobile-drawer"
      sx={{
        position: 'fixed',
        inset: '0 auto 0 0',
        m: 0,
        width: LAYOUT.drawerWidth,
        maxWidth: '100vw',
        height: '100dvh',
        maxHeight: '100dvh',
        p: 0,
        border: 0,
        bgcolor: palette.paper,
        color: palette.ink,
        boxShadow: '0 0 40px rgba(28, 27, 25, 0.18)',
        '&::backdrop': { bgcolor: 'rgba(28, 27, 25, 0.4)' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 3, py: 2.5 }}>
        <Logo />
        <DialogCloseButton dialogId={MOBILE_MENU_ID} label={t('nav.closeMenu')} style={{ marginRight: -8 }} />
      </Box>
      <Box component="nav" aria-label={t('nav.main')}>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, px: 1.5, py: 1 }}>
          {DRAWER_LINKS.map((link) => (
            <li key={link.to}>
              <Box
                component={NavLink}
                to={link.to}
                end={link.to === '/'}
                onClick={close}
                data-testid={link.testId}
                sx={{
                  display: 'block',
                  px: 2,
                  py: 1.25,
                  fontFamily: fonts.display,
                  fontSize: 24,
                  fontWeight: 500,
                  color: palette.ink,
                  textDecoration: 'none',
                  borderRadius: '2px',
                  '&:hover': { bgcolor: palette.wall },
                  '&:focus-visible': { outline: `2px solid ${palette.ink}`, outlineOffset: -2 },
                  '&.active': { color: palette.accent },
                }}
              >
                {t(link.label)}
              </Box>
            </li>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
