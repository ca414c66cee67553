import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZTotpConfirmRequest } from '@parcelle/shared/contracts/admin';
import { messages } from '@parcelle/shared/i18n/messages';
import { useGetLocale, useInvalidateAuthStore, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { getAccessToken } from '../../api/storage';
import { confirmTotp, enrolTotp, errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { AuthCard } from './AuthCard';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * First sign-in of an operator: a new TOTP secret as a QR code (and as text), confirmed with a first code; then the
 * recovery codes, shown once.
 */
export function Enrol() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const navigate = useNavigate();
  const invalidateAuth = useInvalidateAuthStore();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const signedIn = Boolean(getAccessToken());
  // One secret per visit: a query (deduplicated, never refetched) rather than an effect that could run twice.
  const enrolment = useQuery({
    queryKey: ['admin-totp-enrolment'],
    queryFn: async () => {
      const secret = await enrolTotp();
      return { ...secret, qr: await QRCode.toDataURL(secret.otpauth_uri, { margin: 1, width: 220 }) };
    },
    enabled: signedIn && !recoveryCodes,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const form = useForm<z.input<typeof ZTotpConfirmRequest>>({
    resolver: zodResolver(ZTotpConfirmRequest),
    defaultValues: { code: '' },
  });
  if (!signedIn) return <Navigate to="/login" replace />;

  if (recoveryCodes) {
    return (
      <AuthCard title={translate('auth.recoveryTitle')} intro={translate('auth.recoveryIntro')}>
        <RecoveryCodes
          codes={recoveryCodes}
          onDone={async () => {
            await invalidateAuth();
            navigate('/', { replace: true });
          }}
        />
      </AuthCard>
    );
  }

  const codeKey = form.formState.errors.code?.message;
  const codeError = codeKey
    ? (messages[codeKey as keyof typeof messages] ?? messages.TotpCodeInvalid)[language]
    : undefined;
  return (
    <AuthCard title={translate('auth.enrolTitle')} intro={translate('auth.enrolIntro')}>
      {enrolment.isPending && <CircularProgress aria-label={translate('auth.enrolTitle')} />}
      {enrolment.error && <Alert severity="error">{errorMessage(enrolment.error)}</Alert>}
      {enrolment.data && (
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <img src={enrolment.data.qr} alt={translate('auth.qrAlt')} width={220} height={220} />
          </Box>
          <Typography variant="body2">
            {translate('auth.secret')}:{' '}
            <Box component="code" data-testid="totp-secret" sx={{ wordBreak: 'break-all', fontSize: '0.95rem' }}>
              {enrolment.data.secret}
            </Box>
          </Typography>
          <Stack
            component="form"
            noValidate
            spacing={2}
            onSubmit={form.handleSubmit(async ({ code }) => {
              setProblem(null);
              try {
                setRecoveryCodes(await confirmTotp(code));
              } catch (error) {
                setProblem(errorMessage(error));
              }
            })}
          >
            {problem && <Alert severity="error">{problem}</Alert>}
            <TextField
              label={translate('auth.code')}
              autoComplete="one-time-code"
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              {...form.register('code')}
              error={Boolean(codeError)}
              helperText={codeError}
            />
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              {translate('auth.confirm')}
            </Button>
          </Stack>
        </Stack>
      )}
    </AuthCard>
  );
}
