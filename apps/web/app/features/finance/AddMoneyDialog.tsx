import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { type AddMoneyWay, type TopUpLimits, type TTopUp, topUpFormSchema } from '@parcelle/shared/contracts/deposits';
import { formatMoney } from '@parcelle/shared/money';
import { VERIFICATION_PAGE } from '@parcelle/shared/verification';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '../forms/FormTextField';
import { localized, useLanguage } from '../i18n/language';
import { newIdempotencyKey } from '../purchase/api';
import { CardModal } from '../purchase/CardModal';
import { PaypalModal } from '../purchase/PaypalModal';
import type { PaypalApproval, StripeConfirmation } from '../purchase/use-payment';
import { errorText } from '../session/api-error';
import { PROFILE_KEY } from '../session/profile';
import { FINANCE_KEY } from './api';
import { depositQuery } from './DepositCard';
import {
  cancelTopUp,
  captureTopUpPaypal,
  payTopUpSandboxCard,
  startTopUp,
  topUpReturnPath,
  waitUntilCredited,
} from './top-up-api';

const StripeCardModal = lazy(() => import('../purchase/StripeCardModal'));
const PaypalButtonsModal = lazy(() => import('../purchase/PaypalButtonsModal'));

type Props = {
  open: boolean;
  onClose: () => void;
  limits: TopUpLimits;
  /** Whether the member's identity is verified: a top-up needs it (a transfer waits until it is). */
  verified: boolean;
  /** The member chose a bank transfer: the page shows its details. */
  onShowTransfer: () => void;
};

type FormInput = z.input<ReturnType<typeof topUpFormSchema>>;
type FormOutput = z.output<ReturnType<typeof topUpFormSchema>>;

/**
 * "Add money" on the finance page (issue 31): the three ways to fund the wallet. A bank transfer shows the transfer
 * details already on the page; a card or PayPal top-up takes an amount within the member's bounds (the shared schema,
 * the rule the API applies), opens the provider's form (the sandboxes' or Stripe's and PayPal's own), and says the
 * money is in the wallet only once the server has it credited on the provider's confirmation. Closing the provider's
 * form without paying cancels the top-up.
 */
export function AddMoneyDialog({ open, onClose, limits, verified, onShowTransfer }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const schema = useMemo(() => topUpFormSchema(limits), [limits]);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { method: limits.methods[0] ?? 'bank_transfer', amount: '' },
  });
  const method = form.watch('method') as AddMoneyWay;
  const [topUp, setTopUp] = useState<TTopUp | null>(null);
  const [credited, setCredited] = useState<TTopUp | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [modalError, setModalError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per top-up asked for: a request retried after a lost answer finds the same top-up.
  const key = useRef(newIdempotencyKey());
  // A bank transfer chosen: the page shows its details once the dialog has closed (and given focus back).
  const transferChosen = useRef(false);

  useEffect(() => {
    if (open) {
      form.reset({ method: limits.methods[0] ?? 'bank_transfer', amount: '' });
      setTopUp(null);
      setCredited(null);
      setError(null);
      key.current = newIdempotencyKey();
    }
  }, [open, form, limits.methods]);

  const money = (minor: number) => formatMoney(minor, 'EURO', language);
  const amount = topUp ? money(topUp.amount_minor) : '';

  const submit = form.handleSubmit(async (values) => {
    if (values.method === 'bank_transfer') {
      transferChosen.current = true;
      onClose();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setModalError(null);
      setTopUp(await startTopUp(values.method, values.amount, key.current));
    } catch (failure) {
      setError(localized(errorText(failure), language));
    } finally {
      setBusy(false);
    }
  });

  const done = (state: TTopUp) => {
    setTopUp(null);
    setCredited(state);
    key.current = newIdempotencyKey();
    void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    void queryClient.invalidateQueries({ queryKey: FINANCE_KEY });
    void queryClient.invalidateQueries({ queryKey: depositQuery.queryKey });
  };
  /** The provider's form closed without paying: the top-up is cancelled, the form stays for another try. */
  const giveUp = () => {
    if (topUp) void cancelTopUp(topUp.id).catch(() => undefined);
    setTopUp(null);
    setModalError(null);
    key.current = newIdempotencyKey();
    void queryClient.invalidateQueries({ queryKey: depositQuery.queryKey });
  };
  const refused = (failure: unknown): never => {
    setModalError(localized(errorText(failure), language));
    throw failure;
  };

  const payBySandboxCard = async (cardNumber: string) => {
    if (!topUp) return;
    setModalError(null);
    try {
      done(await payTopUpSandboxCard(topUp.id, cardNumber));
    } catch (failure) {
      refused(failure);
    }
  };
  const payWithStripe = async (confirm: () => Promise<StripeConfirmation>) => {
    if (!topUp) return;
    setModalError(null);
    const result = await confirm();
    if (result.error) {
      setModalError(result.error.message ?? localized(errorText(null), language));
      throw new Error(result.error.message);
    }
    try {
      done(await waitUntilCredited(topUp.id));
    } catch (failure) {
      refused(failure);
    }
  };
  const approvePaypal = async (approval?: PaypalApproval) => {
    if (!topUp || (approval && approval.orderID !== topUp.paypal_order_id)) return;
    setModalError(null);
    try {
      done((await captureTopUpPaypal(topUp.id)).data);
    } catch (failure) {
      refused(failure);
    }
  };

  const card = topUp?.method === 'card' ? topUp : null;
  const paypal = topUp?.method === 'paypal' ? topUp : null;
  const needsVerification = !verified && method !== 'bank_transfer';
  const hint = t('finance.addMoney.bounds', {
    min: money(limits.min_minor),
    max: money(limits.max_minor),
    available: money(limits.available_minor),
  });

  return (
    <>
      <Dialog
        open={open && !topUp}
        onClose={busy ? undefined : onClose}
        fullWidth
        maxWidth="sm"
        aria-labelledby="add-money-title"
        data-testid="add-money-dialog"
        slotProps={{
          transition: {
            onExited: () => {
              if (!transferChosen.current) return;
              transferChosen.current = false;
              onShowTransfer();
            },
          },
        }}
      >
        <DialogTitle id="add-money-title" sx={{ typography: 'h4', pt: 4, px: { xs: 3, sm: 4 } }}>
          {t('finance.addMoney.title')}
        </DialogTitle>
        {credited ? (
          <>
            <DialogContent sx={{ px: { xs: 3, sm: 4 } }}>
              <Alert severity="success" variant="outlined" role="status" data-testid="add-money-done">
                {t(`finance.addMoney.done.${credited.method}`, { amount: money(credited.amount_minor) })}
              </Alert>
            </DialogContent>
            <DialogActions sx={{ px: { xs: 3, sm: 4 }, pb: 4 }}>
              <Button variant="contained" onClick={onClose} data-testid="add-money-close">
                {t('finance.addMoney.close')}
              </Button>
            </DialogActions>
          </>
        ) : (
          <Box component="form" onSubmit={submit} noValidate>
            <DialogContent sx={{ px: { xs: 3, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 3 }}>
              <Controller
                control={form.control}
                name="method"
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id="add-money-way">{t('finance.addMoney.way')}</FormLabel>
                    <RadioGroup {...field} aria-labelledby="add-money-way" data-testid="add-money-way">
                      {limits.methods.map((way) => (
                        <FormControlLabel
                          key={way}
                          value={way}
                          control={<Radio slotProps={{ input: { 'data-testid': `add-money-${way}` } as object }} />}
                          label={t(`finance.addMoney.ways.${way}`)}
                        />
                      ))}
                      <FormControlLabel
                        value="bank_transfer"
                        control={
                          <Radio slotProps={{ input: { 'data-testid': 'add-money-bank_transfer' } as object }} />
                        }
                        label={t('finance.addMoney.ways.bank_transfer')}
                      />
                    </RadioGroup>
                  </FormControl>
                )}
              />
              {method === 'bank_transfer' ? (
                <Typography variant="body2" data-testid="add-money-transfer-text">
                  {t('finance.addMoney.transferText')}
                </Typography>
              ) : (
                <FormTextField
                  control={form.control}
                  name="amount"
                  label={t('finance.addMoney.amount')}
                  helperText={hint}
                  testId="add-money-amount"
                  inputMode="decimal"
                  autoComplete="off"
                  slotProps={{
                    input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
                    htmlInput: { inputMode: 'decimal' },
                  }}
                />
              )}
              {needsVerification && (
                <Alert severity="info" variant="outlined" data-testid="add-money-unverified">
                  {t('finance.addMoney.unverified')} <Link to={VERIFICATION_PAGE}>{t('finance.deposit.verify')}</Link>
                </Alert>
              )}
              {error && (
                <Alert severity="error" variant="outlined" role="alert" data-testid="add-money-error">
                  {error}
                </Alert>
              )}
            </DialogContent>
            <DialogActions sx={{ px: { xs: 3, sm: 4 }, pb: 4, gap: 1, flexWrap: 'wrap' }}>
              <Button onClick={onClose} disabled={busy} color="inherit">
                {t('finance.addMoney.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={busy || needsVerification}
                startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
                data-testid="add-money-submit"
              >
                {t(method === 'bank_transfer' ? 'finance.addMoney.showTransfer' : 'finance.addMoney.continue')}
              </Button>
            </DialogActions>
          </Box>
        )}
      </Dialog>

      <CardModal
        open={card?.card_provider === 'sandbox'}
        amount={amount}
        onPay={payBySandboxCard}
        onClose={giveUp}
        error={modalError}
      />
      <PaypalModal
        open={paypal?.paypal_provider === 'sandbox'}
        amount={amount}
        onApprove={() => approvePaypal()}
        onCancel={giveUp}
        error={modalError}
      />
      {card?.card_provider === 'stripe' && card.stripe_publishable_key && card.payment_client_secret && (
        <Suspense fallback={null}>
          <StripeCardModal
            open
            amount={amount}
            publishableKey={card.stripe_publishable_key}
            clientSecret={card.payment_client_secret}
            language={language}
            onPay={payWithStripe}
            onClose={giveUp}
            error={modalError}
            returnTo={topUpReturnPath(pathname, card.id)}
          />
        </Suspense>
      )}
      {paypal?.paypal_provider === 'paypal' && paypal.paypal_client_id && paypal.paypal_order_id && (
        <Suspense fallback={null}>
          <PaypalButtonsModal
            open
            amount={amount}
            clientId={paypal.paypal_client_id}
            orderId={paypal.paypal_order_id}
            currency="EURO"
            language={language}
            onApprove={approvePaypal}
            onCancel={giveUp}
            onError={() => setModalError(localized(errorText(null), language))}
            error={modalError}
          />
        </Suspense>
      )}
    </>
  );
}
