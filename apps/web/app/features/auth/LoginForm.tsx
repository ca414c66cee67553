import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, AlertTitle, Box, Button, Checkbox, FormControlLabel, Link as MuiLink, Stack } from '@mui/material';
import { DELAY_MS, WEB_DEVICE_TOKEN, WEB_DEVICE_TYPE } from '@parcelle/shared/constants';
import { ZLoginRequest } from '@parcelle/shared/contracts/auth';
import { messages } from '@parcelle/shared/i18n/messages';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { captchaAnswer, isCaptchaRequired } from '../captcha/captcha';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { PasswordField } from '../forms/PasswordField';
import { localized } from '../i18n/language';
import { apiRequest } from '../session/api';
import { ApiError, errorText } from '../session/api-error';
import { SocialButtons } from '../social/SocialButtons';
import { useHydrated } from '../ssr/use-hydrated';
import { getRememberedEmail, rememberEmail } from './remembered-email';
import { type SessionAnswer, startSession } from './start-session';

const ZLoginForm = ZLoginRequest.pick({ email: true, password: true });
type LoginInput = z.input<typeof ZLoginForm>;
type LoginValues = z.output<typeof ZLoginForm>;
type CaptchaState = 'off' | 'on' | 'solving';

/**
 * Email, password, remember me, Google and Microsoft when configured (spec §2 Login), and the invisible captcha once
 * the server asks for it: after repeated failures a sign-in must carry a solved captcha (400 'CaptchaRequired'). The
 * form then shows the security check, solves it in the browser and sends the sign-in again, and keeps doing so for
 * the next attempts.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaState>('off');
  const form = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { email: '', password: '' },
  });
  // The form is rendered on the server, which has no storage: the remembered email is filled in once hydrated.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first render.
  useEffect(() => {
    const remembered = getRememberedEmail();
    if (!remembered) return;
    setRemember(true);
    if (!form.getValues('email')) form.setValue('email', remembered);
  }, []);

  // Rendered on the server first: what is typed before the page hydrates would be lost, so journeys wait for this.
  // Until hydrated the button is off: the browser would otherwise send the form itself, a GET with the password in
  // the address (decision 512).
  const hydrated = useHydrated();
  const signIn = async (values: LoginValues, withCaptcha: boolean) => {
    let answer: string | undefined;
    if (withCaptcha) {
      setCaptcha('solving');
      answer = await captchaAnswer();
      setCaptcha('on');
    }
    return apiRequest<SessionAnswer>('/auth/token', {
      method: 'POST',
      body: { ...values, captcha: answer, device_token: WEB_DEVICE_TOKEN, device_type: WEB_DEVICE_TYPE },
    });
  };

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      let answer: Awaited<ReturnType<typeof signIn>>;
      try {
        answer = await signIn(values, captcha !== 'off');
      } catch (error) {
        if (!isCaptchaRequired(error)) throw error;
        answer = await signIn(values, true);
      }
      const { data } = answer;
      // An operator with a second factor gets a challenge, not tokens: there is no operator screen to enter it yet.
      if ((data as { totp_required?: boolean }).totp_required)
        throw new ApiError(403, messages.OperatorPasswordSignInOnly);
      rememberEmail(remember ? values.email : null);
      const verified = await startSession(data);
      if (!verified) {
        navigate('/verify-email');
        return;
      }
      // In the member's language, which the sign-in answer may just have switched to.
      toast(localized(messages.LoginSuccessful), 'success');
      window.setTimeout(() => navigate('/'), DELAY_MS.afterLogin);
    } catch (error) {
      // Once asked for, the check stays on for the next attempts.
      setCaptcha((state) => (state === 'off' && !isCaptchaRequired(error) ? 'off' : 'on'));
      toast(localized(errorText(error)), 'error');
      setBusy(false);
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="login-form" data-hydrated={hydrated}>
      <Stack spacing={2.5}>
        {captcha !== 'off' && (
          <Alert severity="info" data-testid="login-captcha" data-state={captcha} role="status">
            <AlertTitle>{t('login.captchaTitle')}</AlertTitle>
            {captcha === 'solving' ? t('login.captchaSolving') : t('login.captchaText')}
          </Alert>
        )}
        <FormTextField
          control={form.control}
          name="email"
          label={t('login.email')}
          type="email"
          autoComplete="email"
          testId="login-email"
        />
        <PasswordField
          control={form.control}
          name="password"
          label={t('login.password')}
          autoComplete="current-password"
          testId="login-password"
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={remember}
                onChange={(event) => setRemember(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'login-remember' } as object }}
              />
            }
            label={t('login.remember')}
          />
          <MuiLink component={Link} to="/forgot" underline="always" data-testid="login-forgot" sx={{ fontSize: 14.5 }}>
            {t('login.forgot')}
          </MuiLink>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={busy || !hydrated} data-testid="login-submit">
          {busy ? t('login.checking') : t('login.submit')}
        </Button>
      </Stack>
      <SocialButtons context="signin" />
    </Box>
  );
}
