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
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { palette } from '../theme/theme';

/** Card number as typed: digits in groups of four (at most 19 digits). */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Expiry as typed: MM/YY. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** What is wrong with the card form, as a key of `purchase.card.invalid`, or null. */
export function cardFormProblem(card: { number: string; expiry: string; cvc: string }): string | null {
  const digits = card.number.replace(/\D/g, '');
  if (digits.length < 12) return 'number';
  const match = /^(\d{2})\/(\d{2})$/.exec(card.expiry);
  const month = match ? Number(match[1]) : 0;
  if (!match || month < 1 || month > 12) return 'expiry';
  if (!/^\d{3,4}$/.test(card.cvc)) return 'cvc';
  return null;
}

type Props = {
  open: boolean;
  amount: string;
  /** Pays with the card number; resolves on success, rejects with the refusal. */
  onPay: (cardNumber: string) => Promise<void>;
  onClose: () => void;
  /** The refusal of the last attempt (the provider's message), in the current language. */
  error: string | null;
};

/**
 * The offline card sandbox: plays the card form of the provider (no real payment). Test numbers: 4242… is
 * accepted, 4000 0000 0000 0002 declined; a declined card can be corrected and paid again.
 */
export function CardModal({ open, amount, onPay, onClose, error }: Props) {
  const { t } = useTranslation();
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setCard({ number: '', expiry: '', cvc: '' });
      setProblem(null);
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = cardFormProblem(card);
    setProblem(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await onPay(card.number);
    } catch {
      // The refusal arrives through `error`.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="card-modal-title"
      data-testid="card-modal"
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="card-modal-title" sx={{ typography: 'h4', pt: 4, px: 4 }}>
          {t('purchase.card.title')}
        </DialogTitle>
        <DialogContent sx={{ px: 4 }}>
          <Typography variant="body2" sx={{ color: palette.muted, mb: 2.5 }}>
            {t('purchase.card.amount', { amount })}
          </Typography>
          <Alert severity="info" variant="outlined" sx={{ mb: 3, fontSize: 13.5 }} data-testid="card-sandbox-hint">
            <strong>{t('purchase.card.sandbox')}</strong>
            <br />
            {t('purchase.card.hint')}
          </Alert>
          <Stack spacing={2.25}>
            <TextField
              label={t('purchase.card.number')}
              value={card.number}
              onChange={(event) => setCard((c) => ({ ...c, number: formatCardNumber(event.target.value) }))}
              autoComplete="cc-number"
              autoFocus
              error={problem === 'number'}
              helperText={problem === 'number' ? t('purchase.card.invalid.number') : undefined}
              slotProps={{ htmlInput: { 'data-testid': 'card-number', inputMode: 'numeric' } as object }}
            />
            <Stack direction="row" spacing={2}>
              <TextField
                label={t('purchase.card.expiry')}
                placeholder={t('purchase.card.expiryPlaceholder')}
                value={card.expiry}
                onChange={(event) => setCard((c) => ({ ...c, expiry: formatExpiry(event.target.value) }))}
                autoComplete="cc-exp"
                error={problem === 'expiry'}
                helperText={problem === 'expiry' ? t('purchase.card.invalid.expiry') : undefined}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'data-testid': 'card-expiry', inputMode: 'numeric' } as object }}
              />
              <TextField
                label={t('purchase.card.cvc')}
                value={card.cvc}
                onChange={(event) => setCard((c) => ({ ...c, cvc: event.target.value.replace(/\D/g, '').slice(0, 4) }))}
                autoComplete="cc-csc"
                error={problem === 'cvc'}
                helperText={problem === 'cvc' ? t('purchase.card.invalid.cvc') : undefined}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'data-testid': 'card-cvc', inputMode: 'numeric' } as object }}
              />
            </Stack>
          </Stack>
          {error && (
            <Alert severity="error" variant="outlined" role="alert" sx={{ mt: 3 }} data-testid="card-error">
              {error !== t('msg:PaymentError') && (
                <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
                  {error}
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
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <LockOutlinedIcon fontSize="small" />}
            data-testid="card-pay"
          >
            {t('purchase.card.pay', { amount })}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
