import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { type Localized, messages } from '@parcelle/shared/i18n/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { StatusFrame } from '../newsletter/StatusFrame';
import { errorText } from '../session/api-error';
import { clearStoredSession } from '../session/storage';
import { freezeAccount } from './api';

type State =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'done'; message: Localized }
  | { status: 'failed'; message: Localized };

/**
 * /account/freeze?token=: the link of a change notice (issue 12). The member confirms with a button (a link preview or
 * a mail scanner opening the page freezes nothing); the token works once.
 */
export function FreezeScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<State>(() =>
    token ? { status: 'idle' } : { status: 'failed', message: messages.FreezeLinkInvalid },
  );
  usePageMeta(t('security.freeze.title'), t('security.freeze.text'));

  const freeze = async () => {
    setState({ status: 'pending' });
    try {
      const message = await freezeAccount(token);
      // Every session has ended on the server: forget this browser's too.
      clearStoredSession();
      setState({ status: 'done', message });
    } catch (error) {
      setState({ status: 'failed', message: errorText(error) });
    }
  };

  return (
    <StatusFrame
      testId="freeze-screen"
      state={state.status}
      eyebrow={t('security.freeze.eyebrow')}
      title={t('security.freeze.title')}
    >
      {(state.status === 'idle' || state.status === 'pending') && (
        <>
          <Typography variant="subtitle1" sx={{ mb: 4 }}>
            {t('security.freeze.text')}
          </Typography>
          <Button
            variant="contained"
            color="error"
            onClick={freeze}
            disabled={state.status === 'pending'}
            startIcon={state.status === 'pending' ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="freeze-confirm"
          >
            {t('security.freeze.confirm')}
          </Button>
        </>
      )}
      {(state.status === 'done' || state.status === 'failed') && (
        <>
          <Alert severity={state.status === 'done' ? 'success' : 'error'} data-testid="freeze-message" sx={{ mb: 4 }}>
            {localized(state.message, language)}
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button component={Link} to="/" variant="outlined">
              {t('common.backHome')}
            </Button>
          </Stack>
        </>
      )}
    </StatusFrame>
  );
}
