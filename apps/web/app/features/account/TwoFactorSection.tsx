import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { Alert, Box, Button, Chip, Skeleton, Stack, Typography } from '@mui/material';
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { type TTwoFactorEnrolData, ZTwoFactorConfirmRequest } from '@parcelle/shared/contracts/two-factor';
import { messages } from '@parcelle/shared/i18n/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { localized } from '../i18n/language';
import { ApiError, errorText } from '../session/api-error';
import { PROFILE_KEY } from '../session/profile';
import { palette } from '../theme/theme';
import { IdentityCheckCancelled, useIdentityCheck } from './IdentityCheck';
import { TotpDialog } from './TotpDialog';
import { confirmTwoFactor, disableTwoFactor, enrolTwoFactor, TWO_FACTOR_KEY, twoFactorQuery } from './two-factor-api';
import { EditSection, SubmitButton, successText } from './ui';

type ConfirmInput = z.input<typeof ZTwoFactorConfirmRequest>;
type ConfirmValues = z.output<typeof ZTwoFactorConfirmRequest>;

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);
/** The secret in groups of four, easier to type into an app. */
const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Step 2: the QR code and the key, then a first code. */
function EnrolForm({
  enrolment,
  onDone,
  onCancel,
}: {
  enrolment: TTwoFactorEnrolData;
  onDone: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useForm<ConfirmInput, unknown, ConfirmValues>({
    resolver: zodResolver(ZTwoFactorConfirmRequest),
    defaultValues: { code: '' },
  });
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      const answer = await confirmTwoFactor(code);
      toast(successText(answer, messages.TwoFactorEnabled), 'success');
      onDone(answer.data.recovery_codes);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
        form.setError('code', { type: 'server', message: localized(error.error) });
      } else toast(localized(errorText(error)), 'error');
    }
  });
  return (
    <Stack spacing={3} data-testid="two-factor-enrol">
      <Typography variant="body2">{t('twoFactor.enrol.scan')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          component="img"
          src={enrolment.qr_code}
          alt={t('twoFactor.enrol.qrAlt')}
          width={180}
          height={180}
          data-testid="two-factor-qr"
          sx={{ border: `1px solid ${palette.line}`, bgcolor: '#fff', p: 1, alignSelf: { xs: 'flex-start' } }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ color: palette.muted }}>
            {t('twoFactor.enrol.manual')}
          </Typography>
          <Typography
            component="code"
            data-testid="two-factor-secret"
            sx={{ display: 'block', fontFamily: 'monospace', fontSize: 16, overflowWrap: 'anywhere', mt: 0.5 }}
          >
            {groupSecret(enrolment.secret)}
          </Typography>
        </Box>
      </Stack>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          <FormTextField
            control={form.control}
            name="code"
            label={t('twoFactor.enrol.code')}
            autoComplete="one-time-code"
            // The button that opened this step is gone: keyboard users land in the field.
            autoFocus
            transform={digitsOnly}
            testId="two-factor-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
          />
          <Stack direction="row" spacing={1.5}>
            <SubmitButton busy={form.formState.isSubmitting} data-testid="two-factor-confirm">
              {t('twoFactor.enrol.confirm')}
            </SubmitButton>
            <Button color="inherit" onClick={onCancel} data-testid="two-factor-cancel">
              {t('security.password.cancel')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Stack>
  );
}

/** Step 3: the recovery codes, shown once, to copy or download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const text = `${codes.join('\n')}\n`;
  // The form that led here is gone: focus moves to the notice, which screen readers then read.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast(t('twoFactor.recovery.copied'), 'success');
    } catch {
      toast(t('twoFactor.recovery.copyFailed'), 'error');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'parcelle-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2.5} data-testid="two-factor-recovery">
      <Alert severity="warning" variant="outlined" tabIndex={-1} ref={notice}>
        {t('twoFactor.recovery.text')}
      </Alert>
      <Box
        component="ol"
        aria-label={t('twoFactor.recovery.title')}
        data-testid="two-factor-recovery-codes"
        sx={{
          fontFamily: 'monospace',
          fontSize: 16,
          columns: { xs: 1, sm: 2 },
          m: 0,
          pl: 4,
          '& li': { py: 0.25 },
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={copy} data-testid="two-factor-copy">
          {t('twoFactor.recovery.copy')}
        </Button>
        <Button variant="outlined" startIcon={<Download />} onClick={download} data-testid="two-factor-download">
          {t('twoFactor.recovery.download')}
        </Button>
        <Button variant="contained" onClick={onDone} data-testid="two-factor-done">
          {t('twoFactor.recovery.done')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * "Two-step verification" of /user/edit (issue 17): turn the member's TOTP factor on (password again, QR code and
 * key, a first code, then the recovery codes shown once) or off (password again and a code). When it is on,
 * withdrawals and payout changes ask for the app's code.
 */
export function TwoFactorSection({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const toast = useToast();
  const state = useQuery(twoFactorQuery);
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
      queryClient.invalidateQueries({ queryKey: PROFILE_KEY }),
    ]);
  const identity = useIdentityCheck(profile.email);
  const [enrolment, setEnrolment] = useState<TTwoFactorEnrolData | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    try {
      await identity.confirm({ withCode: false });
      setEnrolment(await enrolTwoFactor());
    } catch (error) {
      if (!(error instanceof IdentityCheckCancelled)) toast(localized(errorText(error)), 'error');
    } finally {
      setBusy(false);
    }
  };

  const askToTurnOff = async () => {
    try {
      await identity.confirm({ withCode: false });
      setTurningOff(true);
    } catch (error) {
      if (!(error instanceof IdentityCheckCancelled)) toast(localized(errorText(error)), 'error');
    }
  };

  const enabled = state.data?.enabled ?? false;
  let body: ReactNode;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (enrolment) {
    body = (
      <EnrolForm
        enrolment={enrolment}
        onCancel={() => setEnrolment(null)}
        onDone={(codes) => {
          setEnrolment(null);
          setRecoveryCodes(codes);
          void refresh();
        }}
      />
    );
  } else if (state.isPending) {
    body = <Skeleton variant="text" width={260} height={48} />;
  } else if (state.isError) {
    body = (
      <Alert severity="error" variant="outlined">
        {localized(errorText(state.error))}
      </Alert>
    );
  } else {
    body = (
      <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Typography sx={{ color: palette.muted }}>{t('twoFactor.status')}</Typography>
          <Chip
            size="small"
            label={enabled ? t('twoFactor.on') : t('twoFactor.off')}
            color={enabled ? 'success' : 'default'}
            variant="outlined"
            data-testid="two-factor-status"
          />
        </Stack>
        {enabled && (
          <Typography variant="body2" data-testid="two-factor-left">
            {t('twoFactor.codesLeft', { count: state.data?.recovery_codes_left ?? 0 })}
          </Typography>
        )}
        {enabled ? (
          <Button variant="outlined" color="inherit" onClick={askToTurnOff} data-testid="two-factor-turn-off">
            {t('twoFactor.turnOff')}
          </Button>
        ) : (
          <SubmitButton type="button" busy={busy} onClick={start} data-testid="two-factor-turn-on">
            {t('twoFactor.turnOn')}
          </SubmitButton>
        )}
      </Stack>
    );
  }

  return (
    <EditSection
      id="two-factor"
      title={t('twoFactor.title')}
      description={t('twoFactor.text')}
      testId="edit-two-factor-section"
    >
      {body}
      {identity.dialogs}
      <TotpDialog
        open={turningOff}
        onClose={() => setTurningOff(false)}
        text={t('twoFactor.offPrompt')}
        confirmLabel={t('twoFactor.turnOff')}
        onConfirm={async (code) => {
          const answer = await disableTwoFactor(code);
          await refresh();
          setTurningOff(false);
          toast(successText(answer, messages.TwoFactorDisabled), 'success');
        }}
      />
    </EditSection>
  );
}
