import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import type { TReflectionPurchase } from '@parcelle/shared/contracts/reflection';
import { formatMoney } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import { lastRevocableMinute, reflectionQuery, refreshAfterRevocation, revokePurchase } from './api';

/**
 * Issue 30, on /user/portfolio and /user/history: the member's primary purchases still in their 4-day reflection
 * period (provisional: parts and certificate, revocable until the date shown) and those revoked lately with their
 * refund. Revoke → a confirmation → the revocation; nothing is shown when there is nothing to show.
 */
export function ProvisionalPurchases({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const query = useQuery({ ...reflectionQuery(), enabled });
  const [pending, setPending] = useState<TReflectionPurchase | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const rows = query.data?.purchases ?? [];
  if (rows.length === 0) return null;
  const titleId = 'reflection-title';

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setFailure(null);
    try {
      await revokePurchase(pending.purchase_id);
      setPending(null);
      await refreshAfterRevocation(queryClient);
    } catch (error) {
      setFailure(localized(errorText(error), language));
      void query.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ borderColor: palette.line, px: { xs: 2.5, md: 4 }, py: 3 }}
      data-testid="reflection-purchases"
    >
      <Typography variant="h5" component="h2" id={titleId}>
        {t('reflection.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: palette.muted, mt: 0.75, mb: 2, maxWidth: 640 }}>
        {t('reflection.intro')}
      </Typography>
      <Stack spacing={2}>
        {rows.map((row) => {
          const amount = formatMoney(row.total_minor, row.currency, language);
          const title = localized(row.painting.title, language);
          return (
            <Box
              key={row.purchase_id}
              sx={{ borderTop: `1px solid ${palette.line}`, pt: 2 }}
              data-testid={`reflection-${row.reference}`}
            >
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1.5 }}
              >
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
                  <Typography variant="body2">
                    {t('reflection.summary', {
                      parts: formatPartsQuantity(row.quantity, language),
                      amount,
                      reference: row.reference,
                    })}
                  </Typography>
                  {row.status === 'provisional' ? (
                    <Typography variant="body2" sx={{ color: palette.muted }}>
                      {t('reflection.until', { date: lastRevocableMinute(row.revocable_until, language) })}
                    </Typography>
                  ) : (
                    <Typography variant="body2" data-testid={`reflection-refund-${row.reference}`}>
                      {t(`reflection.refund.${row.refund_status === 'pending' ? 'pending' : 'done'}.${row.refund_to}`, {
                        amount,
                      })}
                    </Typography>
                  )}
                </Box>
                <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t(`reflection.status.${row.status}`)}
                    // The warning colour on the border only: as text on white it fails WCAG's contrast (axe).
                    sx={
                      row.status === 'provisional' ? { borderColor: 'warning.main', color: 'text.primary' } : undefined
                    }
                  />
                  {row.status === 'provisional' && (
                    <Button
                      variant="outlined"
                      onClick={() => {
                        setFailure(null);
                        setPending(row);
                      }}
                      data-testid={`revoke-${row.reference}`}
                    >
                      {t('reflection.revoke')}
                    </Button>
                  )}
                </Stack>
              </Stack>
            </Box>
          );
        })}
      </Stack>
      {failure && (
        <Alert severity="error" variant="outlined" sx={{ mt: 2 }} data-testid="reflection-error">
          {failure}
        </Alert>
      )}
      <Dialog open={pending !== null} onClose={() => !busy && setPending(null)} aria-labelledby="revoke-dialog-title">
        <DialogTitle id="revoke-dialog-title">{t('reflection.confirm.title')}</DialogTitle>
        <DialogContent>
          {pending && (
            <DialogContentText>
              {t(`reflection.confirm.text.${pending.refund_to}`, {
                parts: formatPartsQuantity(pending.quantity, language),
                title: localized(pending.painting.title, language),
                amount: formatMoney(pending.total_minor, pending.currency, language),
              })}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)} disabled={busy}>
            {t('reflection.confirm.keep')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void confirm()}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} /> : undefined}
            data-testid="revoke-confirm"
          >
            {t('reflection.confirm.revoke')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
