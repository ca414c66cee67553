import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Skeleton, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { messages } from '@parcelle/shared/i18n/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormTextField } from '../forms/FormTextField';
import { useVerificationGate } from '../verification/api';
import { VerificationStep } from '../verification/VerificationStep';
import { ELIGIBILITY_KEY, eligibilityQuery } from '../withdraw/api';
import { holdDateText } from '../withdraw/WithdrawScreen';
import { bankQuery, saveBank, savePaypal } from './api';
import { useIdentityCheck } from './IdentityCheck';
import { ZBankForm, ZPaypalForm } from './schemas';
import { useTotpPrompt } from './TotpDialog';
import { CurrentValue, EditSection, SubmitButton } from './ui';
import { useSectionSave } from './use-section-save';

type Method = 'bank' | 'paypal';

/** An IBAN typed in groups of four, as printed on bank statements. */
const groupIban = (value: string) =>
  value
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 34)
    .replace(/(.{4})(?=.)/g, '$1 ');

/** The proofs a payout change needs: the password and emailed code, then the app's code when the factor is on. */
type Proof = { channelCode: string | undefined; totpCode: string | undefined };
type Confirm = () => Promise<Proof>;

function BankForm({ confirm }: { confirm: Confirm }) {
  const { t } = useTranslation();
  const bank = useQuery(bankQuery);
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof ZBankForm>, unknown, z.output<typeof ZBankForm>>({
    resolver: zodResolver(ZBankForm),
    defaultValues: { account_owner: '', iban: '' },
  });
  const { submit, busy } = useSectionSave({
    form,
    save: async (values) => {
      const proof = await confirm();
      return saveBank(values, proof.channelCode, proof.totpCode);
    },
    fallback: messages.BankSaved,
    field: 'iban',
    onSaved: () => {
      form.reset({ account_owner: '', iban: '' });
      void queryClient.invalidateQueries({ queryKey: ELIGIBILITY_KEY });
    },
  });

  return (
    <>
      {bank.isPending ? (
        <Skeleton variant="text" width={220} height={48} sx={{ mb: 2 }} />
      ) : (
        <CurrentValue
          label={t('account.payout.savedBank')}
          value={bank.data ? `${bank.data.account_owner} · •••• ${bank.data.iban_last4}` : t('common.notProvided')}
          testId="edit-bank-saved"
        />
      )}
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          <FormTextField
            control={form.control}
            name="account_owner"
            label={t('account.payout.owner')}
            autoComplete="name"
            testId="edit-bank-owner"
          />
          <FormTextField
            control={form.control}
            name="iban"
            label={t('account.payout.iban')}
            autoComplete="off"
            transform={groupIban}
            testId="edit-iban"
            slotProps={{ htmlInput: { spellCheck: false, style: { letterSpacing: '0.06em' } } }}
          />
          <Box>
            <SubmitButton busy={busy} data-testid="edit-bank-submit">
              {t('account.save')}
            </SubmitButton>
          </Box>
        </Stack>
      </Box>
    </>
  );
}

function PaypalForm({ profile, confirm }: { profile: TProfile; confirm: Confirm }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof ZPaypalForm>, unknown, z.output<typeof ZPaypalForm>>({
    resolver: zodResolver(ZPaypalForm),
    defaultValues: { email: profile.paypal?.email ?? '' },
  });
  const { submit, busy } = useSectionSave({
    form,
    save: async ({ email }) => {
      const proof = await confirm();
      return savePaypal(email, proof.channelCode, proof.totpCode);
    },
    fallback: messages.PaypalSaved,
    field: 'email',
    onSaved: ({ email }) => {
      form.reset({ email });
      void queryClient.invalidateQueries({ queryKey: ELIGIBILITY_KEY });
    },
  });

  return (
    <>
      <CurrentValue
        label={t('account.payout.savedPaypal')}
        value={profile.paypal?.email ?? t('common.notProvided')}
        testId="edit-paypal-saved"
      />
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          <FormTextField
            control={form.control}
            name="email"
            label={t('account.payout.paypalEmail')}
            type="email"
            autoComplete="email"
            testId="edit-paypal-email"
          />
          <Box>
            <SubmitButton busy={busy} data-testid="edit-paypal-submit">
              {t('account.save')}
            </SubmitButton>
          </Box>
        </Stack>
      </Box>
    </>
  );
}

/**
 * Told before saving (issue 31): once a destination is saved, saving another pauses withdrawals, until the date
 * shown. The first destination starts no hold, so nothing is said then.
 */
function HoldNotice() {
  const { t, i18n } = useTranslation();
  const eligibility = useQuery(eligibilityQuery);
  const hours = eligibility.data?.change_hold_hours ?? null;
  if (hours === null) return null;
  const until = new Date(Date.now() + hours * 3_600_000).toISOString();
  return (
    <Alert severity="info" variant="outlined" sx={{ mb: 3 }} data-testid="edit-payout-hold-notice">
      {t('account.payout.holdNotice', { count: hours, date: holdDateText(until, i18n.language) })}
    </Alert>
  );
}

/**
 * Where withdrawals are paid: a bank account (IBAN) or a PayPal address (spec §2, §3). Saving either asks for the
 * password again and the code emailed to the current address (issue 12), and the authenticator app's code when the
 * member's two-step verification is on (issue 17).
 */
export function PayoutSection({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>('bank');
  const identity = useIdentityCheck(profile.email);
  const totp = useTotpPrompt();
  const gate = useVerificationGate();
  const confirm = async (): Promise<Proof> => {
    const channelCode = await identity.confirm();
    return { channelCode, totpCode: profile.two_factor ? await totp.ask() : undefined };
  };
  return (
    <EditSection
      id="payout"
      title={t('account.payout.title')}
      description={t('account.payout.text')}
      testId="edit-payout-section"
    >
      {/* Issue 29: where money is paid out changes only once the identity is approved; the step shows why. */}
      {gate.status && gate.gated ? (
        <VerificationStep state={gate.status.state} testId="payout-verification-step" />
      ) : (
        <>
          <ToggleButtonGroup
            exclusive
            value={method}
            onChange={(_, next: Method | null) => next && setMethod(next)}
            aria-label={t('account.payout.title')}
            size="small"
            sx={{ mb: 3.5 }}
          >
            <ToggleButton value="bank" data-testid="edit-payout-bank" sx={{ px: 2.5, textTransform: 'none' }}>
              {t('account.payout.bank')}
            </ToggleButton>
            <ToggleButton value="paypal" data-testid="edit-payout-paypal" sx={{ px: 2.5, textTransform: 'none' }}>
              {t('account.payout.paypal')}
            </ToggleButton>
          </ToggleButtonGroup>
          <HoldNotice />
          {method === 'bank' ? <BankForm confirm={confirm} /> : <PaypalForm profile={profile} confirm={confirm} />}
        </>
      )}
      {identity.dialogs}
      {totp.dialog}
    </EditSection>
  );
}
