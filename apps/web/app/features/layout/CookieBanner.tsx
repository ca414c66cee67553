import { Box, Button, Link as MuiLink, Paper, Typography } from '@mui/material';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInDocument } from '../../document/document';
import { acceptCookies, cookiesAccepted } from './cookie-consent';

export { COOKIES_ACCEPTED_KEY } from './cookie-consent';

const noSubscription = () => () => {};

/** Shows until accepted; never closes by itself (spec §1). */
export function CookieBanner() {
  const { t } = useTranslation();
  // The server cannot read the flag: it renders no banner, and the browser shows it once hydrated when needed
  // (no banner flashing for visitors who accepted; it is fixed, nothing moves when it appears).
  const acceptedBefore = useSyncExternalStore(noSubscription, cookiesAccepted, () => true);
  const [dismissed, setDismissed] = useState(false);
  // A document (never hydrated) carries the banner hidden; its runtime shows it and takes the click (issue 33).
  const inDocument = useInDocument();
  if ((acceptedBefore && !inDocument) || dismissed) return null;
  const accept = () => {
    acceptCookies();
    setDismissed(true);
  };
  return (
    <Paper
      role="region"
      aria-label={t('cookies.label')}
      data-testid="cookie-banner"
      hidden={inDocument}
      {...(inDocument ? { 'data-cookie-banner': '' } : {})}
      elevation={0}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        left: { xs: 12, sm: 24 },
        right: { xs: 12, sm: 'auto' },
        bottom: { xs: 12, sm: 24 },
        maxWidth: 460,
        p: 3,
        border: '1px solid',
        borderColor: 'divider',
        boxShadow: '0 18px 40px rgba(28, 27, 25, 0.12)',
      }}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('cookies.text')}{' '}
        <MuiLink component={Link} to="/cookies" underline="always">
          {t('cookies.learnMore')}
        </MuiLink>
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={accept} data-testid="cookie-accept">
          {t('cookies.accept')}
        </Button>
      </Box>
    </Paper>
  );
}
