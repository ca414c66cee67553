import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import CloseIcon from '@mui/icons-material/Close';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Backdrop,
  Box,
  Button,
  CircularProgress,
  Drawer,
  IconButton,
  Link,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import type { PaymentMethod } from '@parcelle/shared/contracts/purchases';
import { messages } from '@parcelle/shared/i18n/messages';
import { formatMoney } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpDialog } from '../account/OtpDialog';
import { codeTextOf } from '../account/StepUp';
import { useTotpPrompt } from '../account/TotpDialog';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { localized, useLanguage } from '../i18n/language';
import { useInvestmentWarning, useInvestorGate } from '../investor/api';
import { InvestmentWarning } from '../investor/InvestmentWarning';
import { InvestorStep } from '../investor/InvestorStep';
import { useKeyInformationGate } from '../key-information/api';
import { KeyInformationStep } from '../key-information/KeyInformationStep';
import { profileQuery } from '../session/profile';
import { useStoredSession } from '../session/use-session';
import { fonts, palette, visuallyHidden } from '../theme/theme';
import { useVerificationGate } from '../verification/api';
import { VerificationStep } from '../verification/VerificationStep';
import { type PurchaseOrder, usePaymentConfig } from './api';
import { CardModal } from './CardModal';
import { minorOf, paymentProblem, walletCovers } from './order';
import { PaypalModal } from './PaypalModal';
import { QuickSignup } from './QuickSignup';
import { SuccessDialog } from './SuccessDialog';
import { TestModeNotice } from './TestModeNotice';
import { cardProviderOf, paypalProviderOf, usePayment } from './use-payment';

// The real providers' forms, in chunks of their own: only a purchase opened with Stripe or PayPal downloads them.
const StripeCardModal = lazy(() => import('./StripeCardModal'));
const PaypalButtonsModal = lazy(() => import('./PaypalButtonsModal'));

/** While a provider's form downloads. */
function ProviderLoading() {
  return (
    <Backdrop
      open
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}
      data-testid="payment-provider-loading"
    >
      <CircularProgress color="inherit" />
    </Backdrop>
  );
}

type Props = {
  open: boolean;
  onClose: () => void;
  order: PurchaseOrder | null;
  /** For the summary. */
  title: string;
  artist: string;
  coverUrl: string | undefined;
  partsText: string;
  totalMinor: number | null;
  currency: Currency;
  available: number;
  /** The price is being checked again (secondary market: the offer reloads): "Payment" waits for it. */
  refreshing?: boolean;
  /** What changed in the price since the member chose (secondary market). */
  notice?: string | null;
  /** The server said fewer parts are left than asked (NotEnoughParts): the price is to be checked again. */
  onStale?: () => void;
  /** The work's investment case on its page (issue 17), linked before paying. */
  caseHref?: string;
};

function MethodOption({
  value,
  title,
  detail,
  icon,
  disabled,
  selected,
  testId,
  children,
}: {
  value: PaymentMethod;
  title: string;
  detail?: ReactNode;
  icon: ReactNode;
  disabled?: boolean;
  selected: boolean;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Box
      component="label"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1.5,
        p: 2,
        pr: 2.5,
        border: `1px solid ${selected ? palette.ink : palette.line}`,
        bgcolor: selected ? '#fff' : 'transparent',
        cursor: disabled ? 'not-allowed' : 'pointer',
        opacity: disabled ? 0.75 : 1,
        transition: 'border-color 120ms, background-color 120ms',
        '&:hover': disabled ? undefined : { borderColor: palette.ink },
      }}
    >
      <Radio
        value={value}
        disabled={disabled}
        sx={{ mt: -0.75, ml: -0.75 }}
        slotProps={{ input: { 'data-testid': testId } as object }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {title}
          {children}
        </Typography>
        {detail && (
          <Box component="div" sx={{ typography: 'body2', color: palette.muted, mt: 0.5 }}>
            {detail}
          </Box>
        )}
      </Box>
      <Box sx={{ color: palette.muted, display: 'flex', pt: 0.25 }} aria-hidden="true">
        {icon}
      </Box>
    </Box>
  );
}

/**
 * The purchase drawer (spec §2, §4): summary of the order, then for a member the payment method (card, PayPal,
 * smart account) and "Payment"; a visitor signs up quickly first. The profile (wallet) is loaded only with a token.
 */
export function PurchaseDrawer({
  open,
  onClose,
  order,
  title,
  artist,
  coverUrl,
  partsText,
  totalMinor,
  currency,
  available,
  refreshing = false,
  notice = null,
  onStale,
  caseHref,
}: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { token } = useStoredSession();
  const profile = useQuery({ ...profileQuery, enabled: Boolean(token) });
  // Issue 26: with two-step verification on, paying from the wallet also asks for the authenticator app's code.
  const totp = useTotpPrompt();
  const gate = useVerificationGate();
  // Issue 30: the investor onboarding, then the per-investment warning above the member's threshold (the server's
  // answer, asked before submitting; the server checks again and records the consent with the purchase).
  const investor = useInvestorGate();
  const warning = useInvestmentWarning(totalMinor, currency, open && !investor.gated);
  const warningCheck = warning.data?.required ? warning.data : null;
  const [warningAccepted, setWarningAccepted] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new amount or work asks for the warning again
  useEffect(() => setWarningAccepted(false), [totalMinor, order?.paintingId]);
  const consentedOrder = useMemo(
    () =>
      order && warningCheck && warningAccepted
        ? { ...order, riskWarningConsent: { version: warningCheck.warning.version, language } }
        : order,
    [order, warningCheck, warningAccepted, language],
  );
  const payment = usePayment(consentedOrder, profile.data?.two_factor ? totp.ask : undefined);
  // Issue 30: a primary purchase waits for the work's key information document to be read and acknowledged.
  const keyInformation = useKeyInformationGate(order?.paintingId, open);
  // The methods the server offers (PAYMENT_METHODS); all three until it has said.
  const offered = usePaymentConfig().data?.methods;
  const offers = (method: PaymentMethod) => !offered || offered.includes(method);
  // No total (the quantity is no longer listed, secondary market): a dash rather than a misleading 0.
  const total = totalMinor === null ? '—' : formatMoney(totalMinor, currency, language);
  const wallet = profile.data?.wallet_amount;
  const walletOk = walletCovers(wallet, totalMinor, currency);
  // The wallet is chosen and cannot pay this total: said once, under the wallet, and the button waits for another
  // method or a smaller order rather than sending a purchase the server would refuse.
  const walletShort = payment.method === 'smart_amount' && !walletOk;
  const busy = payment.busy;
  const opened = payment.purchase;
  const cardProvider = opened ? cardProviderOf(opened) : null;
  const paypalProvider = opened ? paypalProviderOf(opened) : null;
  const modalError = payment.modalError ? localized(payment.modalError, language) : null;
  // The server prices the purchase itself: once it has answered, its total is the one shown and paid.
  const charged = opened ? formatMoney(minorOf(opened.total), opened.total.curr, language) : total;

  // NotEnoughParts: someone bought or withdrew listed parts meanwhile; the price is loaded again.
  const staleRef = useRef(onStale);
  staleRef.current = onStale;
  useEffect(() => {
    if (payment.error?.en === messages.NotEnoughParts.en) staleRef.current?.();
  }, [payment.error]);

  const submit = () => {
    const problem = paymentProblem(payment.method, order?.quantity ?? null, available, order?.owner ?? '');
    if (problem) {
      payment.setError(messages[problem]);
      return;
    }
    if (warningCheck && !warningAccepted) {
      payment.setError(messages.InvestmentWarningRequired);
      return;
    }
    if (payment.method) void payment.start(payment.method);
  };

  const codeText = codeTextOf(t, payment.codeSentTo?.sentTo, profile.data);

  return (
    <>
      <Drawer
        anchor="right"
        open={open}
        onClose={busy ? undefined : onClose}
        slotProps={{
          paper: {
            'data-testid': 'purchase-drawer',
            'aria-labelledby': 'purchase-drawer-title',
            sx: { width: { xs: '100%', sm: 480 }, bgcolor: palette.paper },
          } as object,
        }}
      >
        <Box sx={{ px: { xs: 3, sm: 5 }, pt: { xs: 3, sm: 4 }, pb: 6 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 4 }}>
            <Typography id="purchase-drawer-title" variant="h3" component="h2">
              {t('purchase.drawer.title')}
            </Typography>
            <IconButton onClick={onClose} disabled={busy} aria-label={t('common.close')} edge="end">
              <CloseIcon />
            </IconButton>
          </Box>

          <TestModeNotice sx={{ mb: 3 }} />

          <Box
            data-testid="purchase-summary"
            sx={{ display: 'flex', gap: 2.5, pb: 3, mb: 4, borderBottom: `1px solid ${palette.line}` }}
          >
            <ArtworkImage src={coverUrl} alt="" sizes="96px" ratio={1} thumbnail={{ size: 88 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ color: palette.accentDark, letterSpacing: '0.04em' }}>
                {artist}
              </Typography>
              <Typography sx={{ fontFamily: fonts.display, fontSize: 22, lineHeight: 1.2, mt: 0.25 }}>
                {title}
              </Typography>
              <Typography variant="body2" sx={{ color: palette.muted, mt: 1 }}>
                {partsText}
              </Typography>
              {refreshing ? (
                <Skeleton width={120} sx={{ mt: 0.5 }} data-testid="purchase-drawer-total-loading" />
              ) : (
                <Typography sx={{ fontWeight: 500, mt: 0.5 }} data-testid="purchase-drawer-total">
                  {total}
                </Typography>
              )}
            </Box>
          </Box>

          {/* Issue 17: what can go wrong, before the money moves; a new tab, so the purchase stays as it is. */}
          <Typography variant="body2" sx={{ color: palette.muted, mb: 3 }} data-testid="purchase-drawer-risks">
            {t('purchase.drawer.risks')}{' '}
            <Link href="/risks" target="_blank" rel="noopener" data-testid="purchase-drawer-risks-link">
              {t('purchase.drawer.risksLink')}
              <Box component="span" sx={visuallyHidden}>
                {` (${t('footer.newWindow')})`}
              </Box>
            </Link>
          </Typography>
          {caseHref && (
            <Typography variant="body2" sx={{ mt: -2, mb: 3 }}>
              <Link href={caseHref} target="_blank" rel="noopener" data-testid="purchase-drawer-case-link">
                {t('purchase.drawer.caseLink')}
                <Box component="span" sx={visuallyHidden}>
                  {` (${t('footer.newWindow')})`}
                </Box>
              </Link>
            </Typography>
          )}

          {!token ? (
            <QuickSignup />
          ) : gate.pending || investor.pending || (order && keyInformation.pending) ? (
            // The steps a purchase may need are known before any payment method shows: a method offered, then
            // taken away for a step, could be chosen in between.
            <Box
              role="status"
              data-testid="purchase-drawer-checking"
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 3, color: palette.muted }}
            >
              <CircularProgress size={18} color="inherit" />
              {t('purchase.drawer.checking')}
            </Box>
          ) : gate.status && gate.gated ? (
            // Issue 29: after a quick sign-up, or a refusal that showed the case is not approved, the identity step.
            <VerificationStep state={gate.status.state} testId="purchase-verification-step" dense />
          ) : investor.gated && investor.profile ? (
            <InvestorStep profile={investor.profile} testId="purchase-investor-step" dense />
          ) : order && keyInformation.gated && keyInformation.status ? (
            // Issue 30: the key information step, before any payment method; the gate's 403 leads here too.
            <KeyInformationStep
              paintingId={order.paintingId}
              status={keyInformation.status}
              testId="purchase-key-information-step"
              dense
            />
          ) : (
            <>
              {warningCheck && (
                <InvestmentWarning
                  check={warningCheck}
                  currency={currency}
                  accepted={warningAccepted}
                  onAccept={(accepted) => {
                    setWarningAccepted(accepted);
                    payment.setError(null);
                  }}
                  testId="purchase-investment-warning"
                />
              )}
              <Typography variant="overline" component="h3" sx={{ color: palette.muted, display: 'block', mb: 1.5 }}>
                {t('purchase.drawer.method')}
              </Typography>
              <RadioGroup
                value={payment.method ?? ''}
                onChange={(event) => {
                  payment.setMethod(event.target.value as PaymentMethod);
                  payment.setError(null);
                }}
                aria-label={t('purchase.drawer.method')}
              >
                <Stack spacing={1.5}>
                  {offers('card') && (
                    <MethodOption
                      value="card"
                      title={t('purchase.methods.card')}
                      detail={t('purchase.methods.cardDetail')}
                      icon={<CreditCardOutlinedIcon />}
                      selected={payment.method === 'card'}
                      testId="payment-method-card"
                    />
                  )}
                  {offers('paypal') && (
                    <MethodOption
                      value="paypal"
                      title={t('purchase.methods.paypal')}
                      detail={t('purchase.methods.paypalDetail')}
                      icon={<LockOutlinedIcon />}
                      selected={payment.method === 'paypal'}
                      testId="payment-method-paypal"
                    >
                      <Box
                        component="span"
                        sx={{
                          fontSize: 11.5,
                          letterSpacing: '0.08em',
                          textTransform: 'uppercase',
                          color: palette.success,
                          border: `1px solid ${palette.success}`,
                          px: 0.75,
                          lineHeight: 1.6,
                        }}
                      >
                        {t('purchase.methods.secure')}
                      </Box>
                    </MethodOption>
                  )}
                  {offers('smart_amount') && (
                    <MethodOption
                      value="smart_amount"
                      title={t('purchase.methods.smart')}
                      icon={<AccountBalanceWalletOutlinedIcon />}
                      // Issue 31: the wallet can always be chosen once known; an empty or short balance is shown
                      // calmly, and explained only when the member chooses it for an amount it does not cover.
                      disabled={!wallet}
                      selected={payment.method === 'smart_amount'}
                      testId="payment-method-smart"
                      detail={
                        profile.isPending ? (
                          <Skeleton width={160} />
                        ) : wallet ? (
                          <>
                            <span data-testid="payment-wallet-balance">
                              {t('purchase.methods.balance', {
                                amount: formatMoney(wallet.minor, wallet.curr, language),
                              })}
                            </span>
                            {walletShort && (
                              <Box
                                component="span"
                                data-testid="payment-smart-insufficient"
                                sx={{ display: 'block', color: palette.ink, mt: 0.5 }}
                              >
                                {t('purchase.methods.walletShort', { amount: total })}
                              </Box>
                            )}
                          </>
                        ) : null
                      }
                    />
                  )}
                </Stack>
              </RadioGroup>

              {notice && (
                <Alert severity="info" variant="outlined" sx={{ mt: 3 }} data-testid="purchase-drawer-notice">
                  {notice}
                </Alert>
              )}
              {payment.error && (
                <Alert severity="error" variant="outlined" role="alert" sx={{ mt: 3 }} data-testid="payment-error">
                  {localized(payment.error, language)}
                </Alert>
              )}

              <Button
                variant="contained"
                size="large"
                fullWidth
                onClick={submit}
                disabled={busy || refreshing || walletShort}
                startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
                data-testid="payment-submit"
                sx={{ mt: 4, minHeight: 54 }}
              >
                {t('purchase.drawer.submit', { amount: total })}
              </Button>
              <Typography
                variant="body2"
                sx={{ color: palette.muted, mt: 2, display: 'flex', alignItems: 'center', gap: 1 }}
              >
                <LockOutlinedIcon sx={{ fontSize: 16 }} aria-hidden="true" />
                {t('purchase.drawer.reassurance')}
              </Typography>
            </>
          )}
        </Box>
      </Drawer>

      <CardModal
        open={payment.step === 'card' && cardProvider === 'sandbox'}
        amount={charged}
        onPay={payment.payByCard}
        onClose={payment.closeCard}
        error={modalError}
      />
      <PaypalModal
        open={payment.step === 'paypal' && paypalProvider === 'sandbox'}
        amount={charged}
        onApprove={payment.approvePaypal}
        onCancel={payment.backToChoice}
        error={modalError}
      />
      {payment.step === 'card' && cardProvider === 'stripe' && opened?.stripe_publishable_key && (
        <Suspense fallback={<ProviderLoading />}>
          <StripeCardModal
            open
            amount={charged}
            publishableKey={opened.stripe_publishable_key}
            clientSecret={opened.payment_client_secret ?? ''}
            language={language}
            onPay={payment.payWithStripe}
            onClose={payment.closeCard}
            error={modalError}
          />
        </Suspense>
      )}
      {payment.step === 'paypal' &&
        paypalProvider === 'paypal' &&
        opened?.paypal_client_id &&
        opened.paypal_order_id && (
          <Suspense fallback={<ProviderLoading />}>
            <PaypalButtonsModal
              open
              amount={charged}
              clientId={opened.paypal_client_id}
              orderId={opened.paypal_order_id}
              currency={opened.total.curr}
              language={language}
              onApprove={payment.approvePaypal}
              onCancel={payment.backToChoice}
              onError={payment.failPaypal}
              error={modalError}
            />
          </Suspense>
        )}
      <OtpDialog
        open={payment.step === 'otp'}
        destination=""
        text={codeText}
        onClose={payment.backToChoice}
        onConfirm={payment.confirmCode}
        onResend={payment.resendCode}
      />
      {totp.dialog}
      <SuccessDialog
        open={payment.step === 'success'}
        message={payment.successMessage ? localized(payment.successMessage, language) : ''}
        certificateNumber={payment.purchase?.certificate_number ?? null}
        parts={payment.purchase ? formatPartsQuantity(payment.purchase.total_part, language) : partsText}
        total={payment.purchase ? charged : null}
        title={title}
      />
    </>
  );
}
