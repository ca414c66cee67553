import { zodResolver } from '@hookform/resolvers/zod';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  Link as MuiLink,
  Skeleton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { CURRENCY_SYMBOL, type Currency } from '@parcelle/shared/constants';
import { formatMoney } from '@parcelle/shared/money';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BankDetails } from '../account/api';
import { FormTextField } from '../forms/FormTextField';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import { amountInput, type WithdrawalFormInput, type WithdrawalFormValues, withdrawalForm } from './schema';

/** Where the member adds or changes the bank account withdrawals are paid to. */
export const PAYOUT_SECTION = { pathname: '/user/edit', hash: '#payout' } as const;

type Props = {
  open: boolean;
  /** Changes each time the dialog is opened afresh from the page: the amount is then cleared. */
  session: number;
  balance: { minor: number; curr: Currency };
  bank: { data: BankDetails | undefined; isPending: boolean; error: unknown };
  /** The saved PayPal address, the other destination a withdrawal may pay (issue 12). */
  paypal: string | null;
  onClose: () => void;
  /** Asks for the code by SMS with the checked amount (exact minor units) and the chosen saved destination. */
  onContinue: (amountMinor: number, method: PayoutMethod) => Promise<void>;
};

export type PayoutMethod = 'bank' | 'paypal';

/**
 * The request form (spec §4, §5): the saved bank account (read-only, with a link to change it) and the amount.
 * Without a saved bank account the member is sent to the payout section of /user/edit (BankAccountRequired).
 */
export function RequestDialog({ open, session, balance, bank, paypal, onClose, onContinue }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<PayoutMethod>('bank');
  const schema = useMemo(
    () => withdrawalForm({ minor: balance.minor, curr: balance.curr }),
    [balance.minor, balance.curr],
  );
  const form = useForm<WithdrawalFormInput, unknown, WithdrawalFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
  });
  const { reset } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session clears the amount typed last time
  useEffect(() => {
    reset({ amount: '' });
  }, [session, reset]);

  const submit = form.handleSubmit(async ({ amount }) => {
    setBusy(true);
    try {
      await onContinue(amount, method);
    } finally {
      setBusy(false);
    }
  });

  const details = bank.data;
  const noBankSaved = !bank.isPending && !bank.error && !details;
  // Only saved destinations are offered (issue 12): the bank account, and the PayPal address when one is saved.
  const method: PayoutMethod = paypal && (chosen === 'paypal' || noBankSaved) ? 'paypal' : 'bank';
  const noBank = noBankSaved && !paypal;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="withdraw-dialog-title"
      data-testid="withdraw-dialog"
      sx={{
        '& .MuiDialog-paper': { m: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 64px)' } },
      }}
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="withdraw-dialog-title" sx={{ typography: 'h4', pt: 4, px: { xs: 3, sm: 4 } }}>
          {t('withdraw.dialog.title')}
        </DialogTitle>
        <DialogContent sx={{ px: { xs: 3, sm: 4 } }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
            {t('withdraw.dialog.text')}
          </Typography>
          {paypal && !noBankSaved && (
            <ToggleButtonGroup
              exclusive
              value={method}
              onChange={(_, next: PayoutMethod | null) => next && setChosen(next)}
              aria-label={t('withdraw.dialog.account')}
              size="small"
              sx={{ mb: 2 }}
            >
              <ToggleButton value="bank" data-testid="withdraw-method-bank" sx={{ px: 2.5, textTransform: 'none' }}>
                {t('security.paidTo.bank')}
              </ToggleButton>
              <ToggleButton value="paypal" data-testid="withdraw-method-paypal" sx={{ px: 2.5, textTransform: 'none' }}>
                {t('security.paidTo.paypal')}
              </ToggleButton>
            </ToggleButtonGroup>
          )}
          {method === 'paypal' && paypal ? (
            <Stack
              direction="row"
              spacing={2}
              sx={{ alignItems: 'center', border: `1px solid ${palette.line}`, p: 2, mb: 3 }}
            >
              <AccountBalanceOutlined sx={{ color: palette.accent }} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="overline" component="p" sx={{ color: palette.muted, lineHeight: 1.6 }}>
                  {t('withdraw.dialog.account')}
                </Typography>
                <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="withdraw-account">
                  {t('security.paidTo.paypalValue', { email: paypal })}
                </Typography>
              </Box>
            </Stack>
          ) : bank.isPending ? (
            <Skeleton variant="rectangular" height={72} sx={{ mb: 3 }} />
          ) : noBank ? (
            <Alert severity="warning" variant="outlined" data-testid="withdraw-no-bank" sx={{ mb: 3 }}>
              <AlertTitle>{t('msg:BankAccountRequired')}</AlertTitle>
              {t('withdraw.dialog.noBank')}
            </Alert>
          ) : bank.error ? (
            <Alert severity="error" variant="outlined" sx={{ mb: 3 }}>
              {localized(errorText(bank.error), language)}
            </Alert>
          ) : (
            details && (
              <Stack
                direction="row"
                spacing={2}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap', border: `1px solid ${palette.line}`, p: 2, mb: 3 }}
              >
                <AccountBalanceOutlined sx={{ color: palette.accent }} />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="overline" component="p" sx={{ color: palette.muted, lineHeight: 1.6 }}>
                    {t('withdraw.dialog.account')}
                  </Typography>
                  <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="withdraw-account">
                    {t('withdraw.dialog.accountValue', { owner: details.account_owner, last4: details.iban_last4 })}
                  </Typography>
                </Box>
                <MuiLink
                  component={Link}
                  to={PAYOUT_SECTION}
                  onClick={onClose}
                  sx={{
                    color: palette.accentDark,
                    fontSize: 14,
                    whiteSpace: 'nowrap',
                    // Below the account on a phone, in line with its text.
                    width: { xs: '100%', sm: 'auto' },
                    pl: { xs: 5, sm: 0 },
                    mt: { xs: -1, sm: 0 },
                  }}
                  data-testid="withdraw-change-account"
                >
                  {t('withdraw.dialog.change')}
                </MuiLink>
              </Stack>
            )
          )}
          <FormTextField
            control={form.control}
            name="amount"
            label={t('withdraw.dialog.amount')}
            autoFocus={!noBank}
            autoComplete="off"
            transform={amountInput}
            testId="withdraw-amount"
            helperText={t('withdraw.dialog.available', {
              balance: formatMoney(balance.minor, balance.curr, language),
            })}
            disabled={noBank}
            fullWidth
            slotProps={{
              htmlInput: { inputMode: 'decimal', style: { fontSize: 20 } },
              input: {
                endAdornment: <InputAdornment position="end">{CURRENCY_SYMBOL[balance.curr]}</InputAdornment>,
              },
            }}
          />
        </DialogContent>
        <DialogActions sx={{ px: { xs: 3, sm: 4 }, pb: 4, pt: 1, gap: 1 }}>
          <Button onClick={onClose} disabled={busy} color="inherit" data-testid="withdraw-cancel">
            {t('withdraw.dialog.cancel')}
          </Button>
          {noBank ? (
            <Button
              component={Link}
              to={PAYOUT_SECTION}
              variant="contained"
              onClick={onClose}
              data-testid="withdraw-add-bank"
            >
              {t('withdraw.dialog.addBank')}
            </Button>
          ) : (
            <Button
              type="submit"
              variant="contained"
              disabled={busy || (method === 'bank' && !details)}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
              data-testid="withdraw-continue"
            >
              {t('withdraw.dialog.continue')}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
