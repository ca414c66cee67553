import { Alert, Box, Button, CircularProgress, Dialog, DialogContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const PAYPAL = { navy: '#003087', blue: '#0070E0', gold: '#FFC439' } as const;

type Props = {
  open: boolean;
  amount: string;
  onApprove: () => Promise<void>;
  onCancel: () => void;
  error: string | null;
};

/** The offline PayPal sandbox: plays PayPal's approval window (no real payment). */
export function PaypalModal({ open, amount, onApprove, onCancel, error }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const approve = async () => {
    setBusy(true);
    try {
      await onApprove();
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
      fullWidth
      maxWidth="xs"
      aria-labelledby="paypal-modal-title"
      data-testid="paypal-modal"
    >
      <Box sx={{ bgcolor: PAYPAL.navy, color: '#fff', px: 4, py: 2.5 }}>
        {/* 700: the site's Inter ends its weight axis there (decision 490); an 800 was drawn as 700 anyway. */}
        <Typography sx={{ fontWeight: 700, fontStyle: 'italic', fontSize: 22, letterSpacing: '-0.02em' }}>
          Pay<span style={{ color: '#6CC3FF' }}>Pal</span>
        </Typography>
        <Typography variant="caption" sx={{ opacity: 0.85 }}>
          {t('purchase.paypal.sandbox')}
        </Typography>
      </Box>
      <DialogContent sx={{ px: 4, py: 4 }}>
        <Typography id="paypal-modal-title" variant="h5" component="h2" sx={{ fontFamily: 'inherit', mb: 1 }}>
          {t('purchase.paypal.title', { amount })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
          {t('purchase.paypal.text')}
        </Typography>
        {error && (
          <Alert severity="error" variant="outlined" role="alert" sx={{ mb: 3 }} data-testid="paypal-error">
            {error}
          </Alert>
        )}
        <Stack spacing={1.5}>
          <Button
            onClick={approve}
            disabled={busy}
            variant="contained"
            size="large"
            data-testid="paypal-approve"
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            sx={{
              bgcolor: PAYPAL.gold,
              color: '#111',
              borderRadius: 999,
              fontWeight: 700,
              '&:hover': { bgcolor: '#F2BA36' },
            }}
          >
            {t('purchase.paypal.approve')}
          </Button>
          <Button onClick={onCancel} disabled={busy} data-testid="paypal-cancel" sx={{ color: PAYPAL.blue }}>
            {t('purchase.paypal.cancel')}
          </Button>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
