import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { type Localized, messages } from '@parcelle/shared/i18n/messages';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { errorText } from '../session/api-error';
import { confirmOnce } from './api';
import { StatusFrame } from './StatusFrame';

type State = { status: 'pending' } | { status: 'done'; message: Localized } | { status: 'failed'; message: Localized };

/** /newsletter/confirm?token=: the link of the confirmation email; confirms once on load (spec §1 newsletter). */
export function NewsletterConfirmScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<State>(() =>
    token ? { status: 'pending' } : { status: 'failed', message: messages.NewsletterTokenInvalid },
  );
  usePageMeta(t('content.newsletter.confirmTitle'), t('content.meta.newsletterConfirm'));

  useEffect(() => {
    if (!token) return;
    let live = true;
    setState({ status: 'pending' });
    confirmOnce(token).then(
      (message) => live && setState({ status: 'done', message }),
      (error) => live && setState({ status: 'failed', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <StatusFrame
      testId="newsletter-confirm-screen"
      state={state.status}
      eyebrow={t('content.newsletter.eyebrow')}
      title={t('content.newsletter.confirmTitle')}
    >
      {state.status === 'pending' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
          <CircularProgress size={22} color="secondary" aria-hidden="true" />
          <Typography>{t('content.newsletter.confirming')}</Typography>
        </Box>
      )}
      {state.status === 'done' && (
        <>
          <Alert severity="success" data-testid="newsletter-confirm-message" sx={{ mb: 3 }}>
            {localized(state.message, language)}
          </Alert>
          <Typography variant="subtitle1" sx={{ mb: 4 }}>
            {t('content.newsletter.confirmedText')}
          </Typography>
        </>
      )}
      {state.status === 'failed' && (
        <>
          <Alert severity="error" data-testid="newsletter-confirm-message" sx={{ mb: 3 }}>
            {localized(state.message, language)}
          </Alert>
          <Typography variant="subtitle1" sx={{ mb: 4 }}>
            {t('content.newsletter.failedText')}
          </Typography>
        </>
      )}
      {state.status !== 'pending' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button component={Link} to="/primary-market" variant="contained">
            {t('content.newsletter.discover')}
          </Button>
          <Button component={Link} to="/" variant="outlined">
            {t('common.backHome')}
          </Button>
        </Stack>
      )}
    </StatusFrame>
  );
}
