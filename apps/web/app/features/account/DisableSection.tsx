import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { DELAY_MS } from '@parcelle/shared/constants';
import { messages } from '@parcelle/shared/i18n/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { localized } from '../i18n/language';
import { errorText } from '../session/api-error';
import { queryClient } from '../session/query-client';
import { clearStoredSession } from '../session/storage';
import { palette } from '../theme/theme';
import { disableAccount } from './api';
import { ZDisableForm } from './schemas';
import { EditSection, SubmitButton, successText } from './ui';

type DisableInput = z.input<typeof ZDisableForm>;
type DisableValues = z.output<typeof ZDisableForm>;

/** The dialog asking why the member leaves ('Please provide a reason to continue.'). */
export function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm<DisableInput, unknown, DisableValues>({
    resolver: zodResolver(ZDisableForm),
    defaultValues: { reason: '' },
  });

  const submit = form.handleSubmit(async ({ reason }) => {
    setBusy(true);
    try {
      const answer = await disableAccount(reason);
      toast(successText(answer, messages.AccountDisabled), 'success');
      // The account is closed and every session revoked: forget this one (spec §4 logout).
      clearStoredSession();
      queryClient.clear();
      window.setTimeout(() => navigate('/login'), DELAY_MS.afterLogout);
    } catch (error) {
      toast(localized(errorText(error)), 'error');
      setBusy(false);
    }
  });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="disable-dialog-title"
      data-testid="disable-dialog"
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="disable-dialog-title" sx={{ typography: 'h4', pt: 4, px: 4 }}>
          {t('account.disable.dialogTitle')}
        </DialogTitle>
        <DialogContent sx={{ px: 4 }}>
          <Typography variant="body2" sx={{ color: palette.muted, mb: 3 }}>
            {t('account.disable.dialogText')}
          </Typography>
          <FormTextField
            control={form.control}
            name="reason"
            label={t('account.disable.reason')}
            multiline
            minRows={4}
            autoFocus
            testId="disable-reason"
          />
        </DialogContent>
        <DialogActions sx={{ px: 4, pb: 4, pt: 1, gap: 1 }}>
          <Button onClick={onClose} disabled={busy} color="inherit" data-testid="disable-cancel">
            {t('account.cancel')}
          </Button>
          <SubmitButton busy={busy} color="error" data-testid="disable-confirm">
            {t('account.disable.confirm')}
          </SubmitButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Disabling the account (spec §2, §5): a reason, then the session ends and the member is at /login. */
export function DisableSection() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <EditSection
      id="disable"
      title={t('account.disable.title')}
      description={t('account.disable.text')}
      testId="edit-disable-section"
      tone="quiet"
    >
      <Typography variant="body2" sx={{ mb: 3, maxWidth: 560 }}>
        {t('account.disable.warning')}
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)} data-testid="edit-disable-open">
        {t('account.disable.open')}
      </Button>
      <DisableDialog open={open} onClose={() => setOpen(false)} />
    </EditSection>
  );
}
