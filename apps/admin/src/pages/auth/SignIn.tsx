import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZLoginRequest, ZTotpSignInRequest } from '@parcelle/shared/contracts/auth';
import { messages } from '@parcelle/shared/i18n/messages';
import { useGetLocale, useLogin, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { CodeSignIn, PasswordSignIn, SignInAnswer } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { AuthCard } from './AuthCard';

/** The shared contracts' fields, as the API checks them (the device fields have defaults). */
const ZPasswordStep = ZLoginRequest.pick({ email: true, password: true });
const ZCodeStep = ZTotpSignInRequest.pick({ code: true });

/** A contract error (a key of the shared messages) in the interface language. */
function text(message: string | undefined, language: Language): string | undefined {
  if (!message) return undefined;
  return message in messages ? messages[message as keyof typeof messages][language] : messages.InvalidRequest[language];
}

/**
 * Operator sign-in: email and password, then the TOTP or recovery code when the account has a second factor; an
 * operator without one goes on to /enrol.
 */
export function SignIn() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [challenge, setChallenge] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { mutate, isPending } = useLogin<PasswordSignIn | CodeSignIn>();
  const login = (variables: PasswordSignIn | CodeSignIn) =>
    mutate(variables, {
      onSuccess: (answer: SignInAnswer) => {
        if (answer.step === 'code' && answer.challenge) {
          setProblem(null);
          setChallenge(answer.challenge);
        } else if (!answer.success) setProblem(answer.error?.message ?? translate('list.error'));
      },
      onError: (error) => setProblem(error.message),
    });
  const passwordForm = useForm<z.input<typeof ZPasswordStep>>({
    resolver: zodResolver(ZPasswordStep),
    defaultValues: { email: '', password: '' },
  });
  const codeForm = useForm<z.input<typeof ZCodeStep>>({
    resolver: zodResolver(ZCodeStep),
    defaultValues: { code: '' },
  });

  if (challenge) {
    const error = text(codeForm.formState.errors.code?.message, language);
    return (
      <AuthCard title={translate('auth.codeTitle')} intro={translate('auth.codeIntro')}>
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={codeForm.handleSubmit(({ code }) => login({ challenge, code }))}
        >
          {problem && <Alert severity="error">{problem}</Alert>}
          <TextField
            label={translate('auth.code')}
            autoComplete="one-time-code"
            autoFocus
            required
            slotProps={{ htmlInput: { inputMode: 'text', spellCheck: false } }}
            {...codeForm.register('code')}
            error={Boolean(error)}
            helperText={error}
          />
          <Button type="submit" variant="contained" disabled={isPending}>
            {translate('auth.verify')}
          </Button>
          <Button
            onClick={() => {
              setChallenge(null);
              setProblem(null);
              codeForm.reset();
            }}
          >
            {translate('auth.back')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const errors = passwordForm.formState.errors;
  const emailError = text(errors.email?.message, language);
  const passwordError = text(errors.password?.message, language);
  return (
    <AuthCard title={translate('auth.signInTitle')} intro={translate('auth.signInIntro')}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={passwordForm.handleSubmit(({ email, password }) => login({ email, password }))}
      >
        {problem && <Alert severity="error">{problem}</Alert>}
        <TextField
          label={translate('auth.email')}
          type="email"
          autoComplete="username"
          required
          autoFocus
          {...passwordForm.register('email')}
          error={Boolean(emailError)}
          helperText={emailError}
        />
        <TextField
          label={translate('auth.password')}
          type="password"
          autoComplete="current-password"
          required
          {...passwordForm.register('password')}
          error={Boolean(passwordError)}
          helperText={passwordError}
        />
        <Button type="submit" variant="contained" disabled={isPending}>
          {translate('auth.signIn')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
