import MenuIcon from '@mui/icons-material/Menu';
import { Box, Button, Container, IconButton } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { islandProps, useInDocument } from '../../document/document';
import { useSession } from '../session/use-session';
import { DESKTOP, MOBILE, palette } from '../theme/theme';
import { Logo } from './Logo';
import { HEADER_LINKS, HIDE_LOGIN_ON } from './links';
import { MOBILE_MENU_ID, MobileMenu } from './MobileMenu';
import { PreferencesMenu } from './PreferencesMenu';
import { TickerSlot } from './TickerSlot';

// Not part of the first load (issue 14): the member's menu shows only once the browser knows the session; each is
// fetched when first needed.
const AccountMenu = lazy(() => import('./AccountMenu').then((module) => ({ default: module.AccountMenu })));
const NotificationBell = lazy(() =>
  import('../notifications/NotificationBell').then((module) => ({ default: module.NotificationBell })),
);

function SessionAction() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const inDocument = useInDocument();
  if (session.verified) {
    return (
      <Suspense fallback={null}>
        <NotificationBell />
        <AccountMenu firstName={session.user?.first_name ?? ''} user={session.user} />
      </Suspense>
    );
  }
  if (HIDE_LOGIN_ON.includes(pathname)) return null;
  // A member whose email is not verified yet is led to the verification screen rather than to sign-in.
  const unverified = session.signedIn;
  const signIn = (
    <Button
      component={Link}
      to={unverified ? '/verify-email' : '/connexion'}
      variant="outlined"
      color="primary"
      size="small"
      data-testid="header-login"
      sx={{ whiteSpace: 'nowrap' }}
      {...(inDocument ? { 'data-unverified-label': t('nav.verifyEmail') } : {})}
    >
      {t(unverified ? 'nav.verifyEmail' : 'nav.login')}
    </Button>
  );
  if (!inDocument) return signIn;
  // A document is never hydrated: the runtime fills this slot with the member's bell and menu when the browser holds a
  // verified session, and removes the sign-in link then (issue 33).
  return (
    <>
      <Box
        component="span"
        hidden
        {...islandProps(inDocument, 'account')}
        sx={{ '&:not([hidden])': { display: 'flex', alignItems: 'center', gap: { xs: 0.5, md: 1.5 } } }}
      />
      {signIn}
    </>
  );
}

export function Header() {
  const { t } = useTranslation();
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        bgcolor: 'rgba(251, 249, 245, 0.92)',
        backdropFilter: 'blur(8px)',
        borderBottom: `1px solid ${palette.line}`,
      }}
    >
      <TickerSlot />
      <Container maxWidth={false} sx={{ maxWidth: 1320, px: { xs: 2.5, md: 5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', minHeight: { xs: 64, md: 80 }, gap: { xs: 1, md: 3 } }}>
          {/* Opens the menu with no script (an invoker command on the page's own dialog, issue 33). */}
          <IconButton
            command="show-modal"
            commandfor={MOBILE_MENU_ID}
            aria-label={t('nav.openMenu')}
            edge="start"
            data-testid="menu-button"
            sx={{ [DESKTOP]: { display: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Logo />
          <Box
            component="nav"
            aria-label={t('nav.main')}
            sx={{ display: 'flex', gap: 3.5, ml: 5, flex: 1, [MOBILE]: { display: 'none' } }}
          >
            {HEADER_LINKS.map((link) => (
              <Box
                key={link.to}
                component={NavLink}
                to={link.to}
                data-testid={link.testId}
                sx={{
                  color: palette.ink,
                  textDecoration: 'none',
                  fontSize: 14.5,
                  letterSpacing: '0.02em',
                  py: 1,
                  borderBottom: '1px solid transparent',
                  transition: 'border-color 160ms ease, color 160ms ease',
                  '&:hover': { borderBottomColor: palette.ink },
                  '&.active': { color: palette.accent, borderBottomColor: palette.accent },
                }}
              >
                {t(link.label)}
              </Box>
            ))}
          </Box>
          <Box sx={{ flex: 1, [DESKTOP]: { display: 'none' } }} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, md: 1.5 } }}>
            <PreferencesMenu />
            <SessionAction />
          </Box>
        </Box>
      </Container>
      <MobileMenu />
    </Box>
  );
}
