import { Alert, Button, Stack, Typography } from '@mui/material';
import { type Localized, messages } from '@parcelle/shared/i18n/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { errorText } from '../session/api-error';
import { unsubscribe } from './api';
import { StatusFrame } from './StatusFrame';

type State =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'done'; message: Localized }
  | { status: 'failed'; message: Localized };

/** /newsletter/unsubscribe?token=: the link of the welcome email; nothing happens before the visitor confirms. */
export function NewsletterUnsubscribeScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<State>(() =>
    token ? { status: 'idle' } : { status: 'failed', message: messages.NewsletterTokenInvalid },
  );
  usePageMeta(t('content.newsletter.unsubscribeTitle'), t('content.meta.newsletterUnsubscribe'));

  const confirm = async () => {
    setState({ status: 'sending' });
    try {
      setState({ status: 'done', message: await unsubscribe(token) });
    } catch (error) {
      setState({ status: 'failed', message: errorText(error) });
    }
  };

  const done = state.status === 'done';
  return (
    <StatusFrame
      testId="newsletter-unsubscribe-screen"
      state={state.status}
      eyebrow={t('content.newsletter.eyebrow')}
      title={done ? t('content.newsletter.unsubscribedTitle') : t('content.newsletter.unsubscribeTitle')}
    >
      {(state.status === 'idle' || state.status === 'sending') && (
        <>
          <Typography variant="subtitle1" sx={{ mb: 4 }}>
            {t('content.newsletter.unsubscribeText')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button
              variant="contained"
              onClick={confirm}
              disabled={state.status === 'sending'}
              data-testid="newsletter-unsubscribe-submit"
            >
              {state.status === 'sending' ? t('content.newsletter.unsubscribing') : t('content.newsletter.unsubscribe')}
            </Button>
            <Button component={Link} to="/" variant="outlined">
              {t('content.newsletter.stay')}
            </Button>
          </Stack>
        </>
      )}
      {(state.status === 'done' || state.status === 'failed') && (
        <>
          <Alert severity={done ? 'success' : 'error'} data-testid="newsletter-unsubscribe-message" sx={{ mb: 3 }}>
            {localized(state.message, language)}
          </Alert>
          <Typography variant="subtitle1" sx={{ mb: 4 }}>
            {done ? t('content.newsletter.unsubscribedText') : t('content.newsletter.failedText')}
          </Typography>
          <Button component={Link} to="/" variant="outlined">
            {t('common.backHome')}
          </Button>
        </>
      )}
    </StatusFrame>
  );
}
