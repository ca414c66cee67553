import { Alert, Box, Button, CircularProgress, Dialog, DialogContent, Typography } from '@mui/material';
import { CURRENCY_ISO, type Currency } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { palette } from '../theme/theme';
import type { PaypalApproval } from './use-payment';

/**
 * PayPal's own buttons (spec §4, §7), for a purchase the server opened with PayPal: the order already exists on the
 * server, the buttons only approve it, then the server captures it (POST /paintings/order). This module is loaded
 * lazily by the purchase drawer, so that no other page (nor the sandbox) downloads PayPal's SDK.
 */

type Props = {
  open: boolean;
  amount: string;
  clientId: string;
  orderId: string;
  currency: Currency;
  language: Language;
  /** The buyer approved in PayPal's window; resolves once paid, rejects with the refusal (shown through `error`). */
  onApprove: (approval: PaypalApproval) => Promise<void>;
  /** PayPal's window was closed without paying. */
  onCancel: () => void;
  /** PayPal's buttons failed. */
  onError: () => void;
  error: string | null;
};

/** The SDK's options: the order's currency, captured on approval, pay-later funding disabled (spec §7). */
export function paypalScriptOptions(clientId: string, currency: Currency, language: Language) {
  return {
    clientId,
    currency: CURRENCY_ISO[currency],
    intent: 'capture',
    disableFunding: 'paylater',
    locale: language === 'fr' ? 'fr_FR' : 'en_US',
  };
}

function Buttons({
  orderId,
  onApprove,
  onCancel,
  onError,
}: Pick<Props, 'orderId' | 'onApprove' | 'onCancel' | 'onError'>) {
  const { t } = useTranslation();
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  // The SDK could not be loaded (blocked, offline, unknown client id): the modal shows PaymentError.
  useEffect(() => {
    if (isRejected) onError();
  }, [isRejected, onError]);
  if (isRejected) return null;
  return (
    <Box sx={{ position: 'relative', minHeight: 56 }}>
      {isPending && (
        <Box
          role="status"
          aria-label={t('purchase.paypal.loading')}
          sx={{ display: 'grid', placeItems: 'center', py: 2 }}
        >
          <CircularProgress size={24} color="inherit" />
        </Box>
      )}
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'sharp', color: 'black', label: 'paypal', height: 48, tagline: false }}
        // The server created the order with the purchase: the buttons only approve it.
        createOrder={() => Promise.resolve(orderId)}
        onApprove={({ orderID, paymentID, payerID }) => onApprove({ orderID, paymentID, payerID })}
        onCancel={() => onCancel()}
        onError={() => onError()}
      />
    </Box>
  );
}

export function PaypalButtonsModal({
  open,
  amount,
  clientId,
  orderId,
  currency,
  language,
  onApprove,
  onCancel,
  onError,
  error,
}: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const options = useMemo(() => paypalScriptOptions(clientId, currency, language), [clientId, currency, language]);

  const approve = async (approval: PaypalApproval) => {
    setBusy(true);
    try {
      await onApprove(approval);
    } catch {
      // The refusal arrives through `error`.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      // PayPal's overlay and card form live outside the dialog: they must be able to take focus.
      disableEnforceFocus
      fullWidth
      maxWidth="xs"
      aria-labelledby="paypal-modal-title"
      data-testid="paypal-modal"
    >
      <DialogContent sx={{ px: 4, py: 4 }}>
        <Typography id="paypal-modal-title" variant="h4" component="h2" sx={{ mb: 1 }}>
          {t('purchase.paypal.buttonsTitle', { amount })}
        </Typography>
        <Typography variant="body2" sx={{ color: palette.muted, mb: 3 }}>
          {t('purchase.paypal.buttonsText')}
        </Typography>
        {error && (
          <Alert severity="error" variant="outlined" role="alert" sx={{ mb: 3 }} data-testid="paypal-error">
            {error}
          </Alert>
        )}
        {busy && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
            <CircularProgress size={20} color="inherit" />
            <Typography variant="body2">{t('purchase.paypal.confirming')}</Typography>
          </Box>
        )}
        {/* Kept mounted while the server captures: PayPal waits for onApprove's answer in its own window. */}
        <Box sx={busy ? { opacity: 0.4, pointerEvents: 'none' } : undefined} aria-hidden={busy || undefined}>
          <PayPalScriptProvider options={options}>
            <Buttons orderId={orderId} onApprove={approve} onCancel={onCancel} onError={onError} />
          </PayPalScriptProvider>
        </Box>
        <Button onClick={onCancel} disabled={busy} fullWidth color="inherit" sx={{ mt: 2 }} data-testid="paypal-cancel">
          {t('purchase.paypal.cancel')}
        </Button>
      </DialogContent>
    </Dialog>
  );
}

export default PaypalButtonsModal;
