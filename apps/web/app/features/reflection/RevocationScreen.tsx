import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { formatMoney } from '@parcelle/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { errorText } from '../session/api-error';
import { refreshAfterRevocation, revokeByLink, type TRevocation } from './api';

/**
 * /user/revocation?token=… (issue 30): where the revocation link of a purchase confirmation email leads. A member
 * page: the member signs in first (the member area's guard), then confirms; the API checks the link's signature and
 * expiry and that it is this member's purchase. Nothing happens on opening the page alone.
 */
export function RevocationScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageMeta(t('reflection.link.title'), t('reflection.link.intro'));
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<TRevocation | null>(null);

  const revoke = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setDone((await revokeByLink(token)).data);
      await refreshAfterRevocation(queryClient);
    } catch (error) {
      setFailure(localized(errorText(error), language));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="revocation-screen" sx={{ maxWidth: 640 }}>
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        {t('reflection.link.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('reflection.link.intro')}</Typography>
      {!token ? (
        <Alert severity="warning" variant="outlined">
          {t('reflection.link.missing')}
        </Alert>
      ) : done ? (
        <Alert severity="success" variant="outlined" data-testid="revocation-done">
          {t('reflection.link.done', {
            reference: done.reference,
            amount: formatMoney(done.amount_minor, done.currency, language),
          })}
        </Alert>
      ) : (
        <Button
          variant="contained"
          onClick={() => void revoke()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} /> : undefined}
          data-testid="revocation-confirm"
        >
          {t('reflection.link.button')}
        </Button>
      )}
      {failure && (
        <Alert severity="error" variant="outlined" sx={{ mt: 2 }} data-testid="revocation-error">
          {failure}
        </Alert>
      )}
      <Box sx={{ mt: 4 }}>
        <Link component={RouterLink} to="/user/portfolio">
          {t('reflection.link.portfolio')}
        </Link>
      </Box>
    </Box>
  );
}
