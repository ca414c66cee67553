import { Alert, AlertTitle, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { SAVED_BANK_ACCOUNT } from '@parcelle/shared/contracts/member';
import { formatDateTime } from '@parcelle/shared/dates';
import { type Localized, messages } from '@parcelle/shared/i18n/messages';
import { formatMoney, toMajor } from '@parcelle/shared/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { bankQuery } from '../account/api';
import { OtpDialog } from '../account/OtpDialog';
import { type EditLocationState, isPhoneNeededError, PHONE_SECTION } from '../account/phone-needed';
import { TotpDialog } from '../account/TotpDialog';
import { useToast } from '../feedback/toast';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { phoneText } from '../profile/format';
import { ApiError, errorText } from '../session/api-error';
import { PROFILE_KEY, profileQuery } from '../session/profile';
import { useStoredSession } from '../session/use-session';
import { fonts, palette } from '../theme/theme';
import { useVerificationGate } from '../verification/api';
import { VerificationStep } from '../verification/VerificationStep';
import {
  ELIGIBILITY_KEY,
  eligibilityQuery,
  sendWithdrawalCode,
  storeWithdrawal,
  verifyWithdrawalCode,
  WITHDRAWALS_KEY,
} from './api';
import { InProgressDialog, type SubmittedWithdrawal } from './InProgressDialog';
import { type PayoutMethod, RequestDialog } from './RequestDialog';
import { WithdrawalTable } from './WithdrawalTable';

type Step = 'closed' | 'request' | 'code' | 'totp';
type Pending = { amountMinor: number; method: PayoutMethod; account: string; accountLabel: string };

/** A date and time in the member's language and time zone, as every member screen writes one ("25 Nov 2026, 14:05"). */
export function holdDateText(iso: string, language: string): string {
  return formatDateTime(iso, language === 'fr' ? 'fr' : 'en');
}

/** A refusal of the app's code (wrong, replayed, too many attempts): shown in its dialog, which stays open. */
function isSecondFactorRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const refusals: Localized[] = [messages.TotpCodeInvalid, messages.TwoFactorCodeRequired, messages.TooManyRequests];
  return refusals.some((message) => message.en === error.error.en);
}

function WithdrawView({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token } = useStoredSession();
  const bank = useQuery({ ...bankQuery, enabled: Boolean(token) });
  const eligibility = useQuery({ ...eligibilityQuery, enabled: Boolean(token) });
  const holdUntil = eligibility.data?.hold_until ?? null;
  const gate = useVerificationGate();
  const blocked = gate.gated;
  const paypal = profile.paypal?.email ?? null;
  const [step, setStep] = useState<Step>('closed');
  const [session, setSession] = useState(0);
  const [pending, setPending] = useState<Pending | null>(null);
  const [submitted, setSubmitted] = useState<SubmittedWithdrawal | null>(null);
  const [smsCode, setSmsCode] = useState('');
  // Counted up after a new withdrawal: both lists go back to their first page (spec §4).
  const [listsVersion, setListsVersion] = useState(0);
  const balance = profile.wallet_amount;

  const needPhone = () => navigate(PHONE_SECTION, { state: { needPhone: true } satisfies EditLocationState });

  // Spec §4: without a phone (ipe) the code cannot be sent; the member adds one on /user/edit first.
  const openRequest = () => {
    if (profile.ipe) {
      needPhone();
      return;
    }
    setSession((value) => value + 1);
    setStep('request');
  };

  const sendCode = async (amountMinor: number, method: PayoutMethod) => {
    const details = bank.data;
    if (method === 'bank' ? !details : !paypal) return;
    try {
      await sendWithdrawalCode(toMajor(amountMinor));
    } catch (error) {
      if (isPhoneNeededError(error)) needPhone();
      else toast(localized(errorText(error), language), 'error');
      // A hold that started meanwhile (a change in another tab) shows on the page.
      void queryClient.invalidateQueries({ queryKey: ELIGIBILITY_KEY });
      return;
    }
    setPending(
      method === 'bank' && details
        ? {
            amountMinor,
            method,
            account: SAVED_BANK_ACCOUNT,
            accountLabel: t('withdraw.dialog.accountValue', {
              owner: details.account_owner,
              last4: details.iban_last4,
            }),
          }
        : {
            amountMinor,
            method,
            account: paypal ?? '',
            accountLabel: t('security.paidTo.paypalValue', { email: paypal }),
          },
    );
    setStep('code');
  };

  const resendCode = async () => {
    if (pending) await sendWithdrawalCode(toMajor(pending.amountMinor));
  };

  /**
   * The code is checked first (a wrong one is shown under the field); with two-step verification on (issue 17) the
   * app's code is asked next; then the request is recorded.
   */
  const confirm = async (code: string) => {
    if (!pending) return;
    await verifyWithdrawalCode(code);
    if (profile.two_factor) {
      setSmsCode(code);
      setStep('totp');
      return;
    }
    await store(code);
  };

  /** Records the request; a refused app code (field `totp_code`) is thrown back to its dialog. */
  const store = async (code: string, totpCode?: string) => {
    if (!pending) return;
    let answer: Awaited<ReturnType<typeof storeWithdrawal>>;
    try {
      answer = await storeWithdrawal({
        payment_method: pending.method,
        account: pending.account,
        amount: toMajor(pending.amountMinor),
        verification_code: code,
        ...(totpCode ? { totp_code: totpCode } : {}),
      });
    } catch (error) {
      if (totpCode && isSecondFactorRefusal(error)) throw error;
      toast(localized(errorText(error), language), 'error');
      setStep('request');
      return;
    }
    setStep('closed');
    setSubmitted({
      reference: answer.data.reference,
      amount: formatMoney(pending.amountMinor, balance.curr, language),
      account: pending.accountLabel,
      message: answer.message ? localized(answer.message, language) : t('withdraw.done.status'),
    });
    setPending(null);
    // Spec §4: both lists refresh and go back to page 1; the wallet balance follows.
    setListsVersion((version) => version + 1);
    void queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY });
    void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
  };

  return (
    <Box data-testid="withdraw-screen">
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        {t('withdraw.title')}
      </Typography>
      <Typography variant="subtitle1" sx={{ mb: 5, maxWidth: 640 }}>
        {t('withdraw.intro')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 3, md: 4 },
          mb: 4,
          borderColor: palette.line,
          bgcolor: palette.ink,
          color: palette.paper,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 3,
          alignItems: 'flex-end',
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" component="h2" sx={{ color: 'rgba(251, 249, 245, 0.7)' }}>
            {t('withdraw.balance')}
          </Typography>
          <Typography
            sx={{ fontFamily: fonts.display, fontSize: { xs: 38, md: 48 }, lineHeight: 1.15, mt: 1 }}
            data-testid="withdraw-balance"
          >
            {formatMoney(balance.minor, balance.curr, language)}
          </Typography>
        </Box>
        {!blocked && (
          <Button
            variant="contained"
            onClick={openRequest}
            disabled={holdUntil !== null}
            data-testid="withdraw-request"
            sx={{
              bgcolor: palette.paper,
              color: palette.ink,
              '&:hover': { bgcolor: palette.wall },
              '&.Mui-disabled': { bgcolor: 'rgba(251, 249, 245, 0.35)', color: palette.ink },
              width: { xs: '100%', sm: 'auto' },
            }}
          >
            {t('withdraw.request')}
          </Button>
        )}
      </Paper>
      {/* Issue 29: money leaves only for a verified member; the others see the identity step instead of the button. */}
      {blocked && gate.status && (
        <Box sx={{ mb: 4 }}>
          <VerificationStep state={gate.status.state} testId="withdraw-verification-step" />
        </Box>
      )}
      {holdUntil && (
        <Alert severity="info" variant="outlined" sx={{ mb: 4 }} data-testid="withdraw-hold">
          <AlertTitle>{t('security.hold.title')}</AlertTitle>
          {t('security.hold.text', { date: holdDateText(holdUntil, language) })}
        </Alert>
      )}
      <Stack spacing={4}>
        <WithdrawalTable kind="pending" name="pending" resetKey={String(listsVersion)} enabled={Boolean(token)} />
        <WithdrawalTable kind="approved" name="history" resetKey={String(listsVersion)} enabled={Boolean(token)} />
      </Stack>
      <RequestDialog
        open={step === 'request'}
        session={session}
        balance={balance}
        bank={{ data: bank.data, isPending: bank.isPending, error: bank.error }}
        paypal={paypal}
        onClose={() => setStep('closed')}
        onContinue={sendCode}
      />
      <OtpDialog
        open={step === 'code'}
        destination={phoneText(profile.phone) ?? ''}
        text={
          pending
            ? t('withdraw.otp', {
                destination: phoneText(profile.phone) ?? '',
                amount: formatMoney(pending.amountMinor, balance.curr, language),
              })
            : undefined
        }
        onClose={() => setStep('request')}
        onConfirm={confirm}
        onResend={resendCode}
      />
      <TotpDialog
        open={step === 'totp'}
        onClose={() => setStep('request')}
        onConfirm={(totpCode) => store(smsCode, totpCode)}
      />
      <InProgressDialog withdrawal={submitted} onClose={() => setSubmitted(null)} />
    </Box>
  );
}

/** /user/withdraw (spec §2, §4): the wallet balance, a withdrawal request, the In progress and History lists. */
export function WithdrawScreen() {
  const { t } = useTranslation();
  usePageMeta(t('withdraw.title'), t('withdraw.metaDescription'));
  const { token } = useStoredSession();
  const profile = useQuery({ ...profileQuery, enabled: Boolean(token) });
  if (profile.data) return <WithdrawView profile={profile.data} />;
  if (profile.isError) {
    return (
      <Alert severity="error" variant="outlined" data-testid="withdraw-error">
        {localized(errorText(profile.error))}
      </Alert>
    );
  }
  return (
    <Box aria-busy="true">
      <Skeleton variant="text" width={280} height={64} />
      <Skeleton variant="text" width={420} sx={{ mb: 4 }} />
      <Skeleton variant="rectangular" height={150} sx={{ mb: 4 }} />
      <Skeleton variant="rectangular" height={240} />
    </Box>
  );
}
