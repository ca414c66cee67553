import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import type { Language } from '@parcelle/shared/i18n/messages';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type Appearance, loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref, useLocation } from 'react-router';
import { fonts, palette } from '../theme/theme';
import { stripeReturnUrl } from './stripe-return';
import type { StripeConfirmation } from './use-payment';

/**
 * The real card form (spec §4, §7): Stripe's Payment Element in the site's colours, confirmed with Stripe.js. This
 * module is loaded lazily by the purchase drawer, only for a purchase the server opened with Stripe, so that no
 * other page (nor the sandbox) downloads Stripe.
 */

/** One Stripe.js per publishable key for the page's life (loadStripe injects https://js.stripe.com once). */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** Calm, like the site: paper-white fields, near-black ink, the bronze accent on focus, square corners. */
export const STRIPE_APPEARANCE: Appearance = {
  theme: 'stripe',
  disableAnimations: true,
  variables: {
    fontFamily: fonts.text,
    fontSizeBase: '15px',
    colorPrimary: palette.ink,
    colorBackground: '#FFFFFF',
    colorText: palette.ink,
    colorTextSecondary: palette.muted,
    colorTextPlaceholder: palette.muted,
    colorDanger: palette.error,
    borderRadius: '2px',
    spacingUnit: '4px',
  },
  rules: {
    '.Input': { border: `1px solid ${palette.line}`, boxShadow: 'none' },
    '.Input:focus': { border: `1px solid ${palette.accent}`, boxShadow: `0 0 0 1px ${palette.accent}` },
    '.Label': { color: palette.muted, fontWeight: '400' },
    '.Tab': { border: `1px solid ${palette.line}`, boxShadow: 'none' },
    '.Tab--selected': { borderColor: palette.ink, boxShadow: 'none' },
  },
};

type Props = {
  open: boolean;
  amount: string;
  publishableKey: string;
  clientSecret: string;
  language: Language;
  /** Runs the confirmation, then waits for the purchase; rejects with the refusal (shown through `error`). */
  onPay: (confirm: () => Promise<StripeConfirmation>) => Promise<void>;
  onClose: () => void;
  /** The refusal of the last attempt (Stripe's message, in the buyer's language), or null. */
  error: string | null;
  /**
   * Where a redirect-based confirmation comes back to (a path with its query, e.g. the finance page naming the
   * top-up); the current page when not given (/buy resumes with the kept purchase).
   */
  returnTo?: string;
};

type FormProps = Pick<Props, 'amount' | 'onPay' | 'onClose' | 'error' | 'returnTo'> & {
  busy: boolean;
  setBusy: (busy: boolean) => void;
};

function StripeForm({ amount, onPay, onClose, error, returnTo, busy, setBusy }: FormProps) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const location = useLocation();
  const here = useHref(returnTo ?? { pathname: location.pathname, search: location.search });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    try {
      await onPay(() =>
        stripe.confirmPayment({
          elements,
          redirect: 'if_required',
          // Only for a method that must leave the site (a bank's page): /buy resumes with the kept purchase, the
          // finance page with the top-up named in `returnTo`.
          confirmParams: { return_url: stripeReturnUrl(new URL(here, window.location.origin).href) },
        }),
      );
    } catch {
      // The refusal arrives through `error`.
    } finally {
      setBusy(false);
    }
  };

  const shownError = error ?? (loadFailed ? t('msg:PaymentError') : null);

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogTitle id="card-modal-title" sx={{ typography: 'h4', pt: 4, px: 4 }}>
        {t('purchase.card.title')}
      </DialogTitle>
      <DialogContent sx={{ px: 4 }}>
        <Typography variant="body2" sx={{ color: palette.muted, mb: 2.5 }}>
          {t('purchase.card.amount', { amount })}
        </Typography>
        <Box sx={{ position: 'relative', minHeight: 120 }} data-testid="stripe-payment-element">
          {!ready && !loadFailed && (
            <Box
              role="status"
              aria-label={t('purchase.stripe.loading')}
              sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
            >
              <CircularProgress size={24} color="inherit" />
            </Box>
          )}
          <PaymentElement
            options={{ layout: 'tabs' }}
            onReady={() => setReady(true)}
            onLoadError={() => setLoadFailed(true)}
          />
        </Box>
        <Typography
          variant="body2"
          sx={{ color: palette.muted, mt: 2.5, display: 'flex', alignItems: 'center', gap: 1 }}
        >
          <LockOutlinedIcon sx={{ fontSize: 16 }} aria-hidden="true" />
          {t('purchase.stripe.secure')}
        </Typography>
        {shownError && (
          <Alert severity="error" variant="outlined" role="alert" sx={{ mt: 3 }} data-testid="card-error">
            {shownError !== t('msg:PaymentError') && (
              <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
                {shownError}
              </Box>
            )}
            {t('msg:PaymentError')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 4, pb: 4, pt: 1, gap: 1 }}>
        <Button onClick={onClose} disabled={busy} color="inherit" data-testid="card-cancel">
          {t('purchase.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || !stripe || !elements || !ready}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <LockOutlinedIcon fontSize="small" />}
          data-testid="card-pay"
        >
          {t('purchase.card.pay', { amount })}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The card modal with Stripe Elements (same test ids as the sandbox's: card-modal, card-pay, card-error). */
export function StripeCardModal({
  open,
  amount,
  publishableKey,
  clientSecret,
  language,
  onPay,
  onClose,
  error,
  returnTo,
}: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      // Stripe shows 3-D Secure in its own frame over the page, outside the dialog: it must be able to take focus.
      disableEnforceFocus
      fullWidth
      maxWidth="xs"
      aria-labelledby="card-modal-title"
      data-testid="card-modal"
    >
      {/* Keyed by the secret: Elements takes its clientSecret once, so a new purchase gets a new form. */}
      <Elements
        key={clientSecret}
        stripe={stripeFor(publishableKey)}
        options={{ clientSecret, locale: language, appearance: STRIPE_APPEARANCE }}
      >
        <StripeForm
          amount={amount}
          onPay={onPay}
          onClose={onClose}
          error={error}
          returnTo={returnTo}
          busy={busy}
          setBusy={setBusy}
        />
      </Elements>
    </Dialog>
  );
}

export default StripeCardModal;
