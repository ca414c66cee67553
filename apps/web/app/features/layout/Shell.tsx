import { Box } from '@mui/material';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerNavigator } from '../session/navigation';
import { palette } from '../theme/theme';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { useFocusHeadingOnNavigate } from './use-focus-heading';

/** Lets the API client send the visitor to /login through the router when the session ends. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((path) => navigate(path));
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}

/** Header, page, footer and the cookie banner around every route. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigate(main);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <NavigatorBridge />
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 16,
          top: -48,
          zIndex: 2000,
          bgcolor: palette.ink,
          color: palette.paper,
          px: 2,
          py: 1,
          '&:focus': { top: 12 },
        }}
      >
        {t('common.skipToContent')}
      </Box>
      <Header />
      <Box component="main" id="main" ref={main} tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        {children}
      </Box>
      <Footer />
      <CookieBanner />
    </Box>
  );
}
