import { Box, Button, Divider, Stack } from '@mui/material';
import { DELAY_MS } from '@parcelle/shared/constants';
import { messages } from '@parcelle/shared/i18n/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../feedback/toast';
import { currentLanguage, localized } from '../i18n/language';
import { socialErrorText } from './errors';
import { releaseGoogleButton, renderGoogleButton } from './google';
import { microsoftClient, microsoftIdToken } from './microsoft';
import type { GoogleSettings, MicrosoftSettings, SocialProvider, SocialProviders } from './providers';
import { signInWithProvider } from './sign-in';

type Props = {
  providers: SocialProviders;
  /** Wording of Google's button: the login page signs in, the register intro signs up. */
  context: 'signin' | 'signup';
};

function GoogleLogo() {
  return (
    <Box component="svg" viewBox="0 0 48 48" aria-hidden sx={{ width: 18, height: 18 }}>
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.9 6.2C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.2z"
      />
      <path
        fill="#FBBC05"
        d="M10.5 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.2C1 16.5 0 20.1 0 24s1 7.5 2.7 10.8l7.8-6.2z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.2-13.4-9.9l-7.9 6.2C6.6 42.6 14.6 48 24 48z"
      />
    </Box>
  );
}

function MicrosoftLogo() {
  return (
    <Box component="svg" viewBox="0 0 21 21" aria-hidden sx={{ width: 18, height: 18 }}>
      <rect x="1" y="1" width="9" height="9" fill="#F25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7FBA00" />
      <rect x="1" y="11" width="9" height="9" fill="#00A4EF" />
      <rect x="11" y="11" width="9" height="9" fill="#FFB900" />
    </Box>
  );
}

/**
 * Google's own button (Identity Services), rendered into a frame of the same width and height as the
 * other buttons. Until the script is there, a look-alike stands in; if it cannot load, clicking it says so.
 */
function GoogleButton({
  settings,
  context,
  disabled,
  onCredential,
  onFailure,
}: {
  settings: GoogleSettings;
  context: 'signin' | 'signup';
  disabled: boolean;
  onCredential: (credential: string) => void;
  onFailure: (error: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [failure, setFailure] = useState<unknown>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let active = true;
    const handler = (credential: string) => onCredential(credential);
    renderGoogleButton(element, settings.client_id, {
      locale: language?.slice(0, 2) || currentLanguage(),
      text: context === 'signup' ? 'signup_with' : 'continue_with',
      handler,
    }).then(
      () => active && setState('ready'),
      (error: unknown) => {
        if (!active) return;
        setFailure(error);
        setState('failed');
      },
    );
    return () => {
      active = false;
      releaseGoogleButton(handler);
    };
  }, [settings.client_id, context, language, onCredential]);

  return (
    <Box
      data-testid="social-google"
      data-state={state}
      sx={{
        position: 'relative',
        minHeight: 44,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        pointerEvents: disabled ? 'none' : undefined,
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <Box ref={host} sx={{ width: '100%', display: state === 'ready' ? 'flex' : 'none', justifyContent: 'center' }} />
      {state !== 'ready' && (
        <Button
          variant="outlined"
          size="large"
          fullWidth
          startIcon={<GoogleLogo />}
          disabled={disabled || state === 'loading'}
          onClick={() => onFailure(failure)}
        >
          {t('social.google')}
        </Button>
      )}
    </Box>
  );
}

function MicrosoftButton({
  settings,
  disabled,
  busy,
  onClick,
}: {
  settings: MicrosoftSettings;
  disabled: boolean;
  busy: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  // Ready before the click, so that the popup opens within the click's user activation.
  useEffect(() => {
    microsoftClient(settings).catch(() => {});
  }, [settings]);
  return (
    <Button
      variant="outlined"
      size="large"
      fullWidth
      startIcon={<MicrosoftLogo />}
      disabled={disabled}
      onClick={onClick}
      data-testid="social-microsoft"
      sx={{ textTransform: 'none' }}
    >
      {busy ? t('social.checking') : t('social.microsoft')}
    </Button>
  );
}

/**
 * The buttons of the configured providers. A provider's ID token is exchanged for a session, then
 * (spec §4) the member goes to / when the email is verified, else to /verify-email, after 500 ms.
 * A closed popup says nothing (spec §8).
 */
export default function ProviderButtons({ providers, context }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<SocialProvider | null>(null);

  const fail = useCallback(
    (error: unknown) => {
      const text = socialErrorText(error);
      if (text) toast(text, 'error');
      setBusy(null);
    },
    [toast],
  );

  const complete = useCallback(
    async (provider: SocialProvider, token: Promise<string>) => {
      setBusy(provider);
      try {
        const verified = await signInWithProvider(provider, await token);
        if (verified) toast(localized(messages.LoginSuccessful), 'success');
        window.setTimeout(() => navigate(verified ? '/' : '/verify-email'), DELAY_MS.afterSocialLogin);
      } catch (error) {
        fail(error);
      }
    },
    [fail, navigate, toast],
  );

  const onGoogleCredential = useCallback(
    (credential: string) => void complete('google', Promise.resolve(credential)),
    [complete],
  );

  const { google, microsoft } = providers;
  if (!google && !microsoft) return null;
  return (
    <Stack spacing={1.5} data-testid="social-sign-in" sx={{ mt: 3 }}>
      <Divider sx={{ fontSize: 13.5, color: 'text.secondary', pb: 0.5 }}>{t('social.or')}</Divider>
      {google && (
        <GoogleButton
          settings={google}
          context={context}
          disabled={busy !== null}
          onCredential={onGoogleCredential}
          onFailure={fail}
        />
      )}
      {microsoft && (
        <MicrosoftButton
          settings={microsoft}
          disabled={busy !== null}
          busy={busy === 'microsoft'}
          onClick={() => void complete('microsoft', microsoftIdToken(microsoft))}
        />
      )}
    </Stack>
  );
}
