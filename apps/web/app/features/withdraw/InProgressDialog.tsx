import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { palette } from '../theme/theme';

export type SubmittedWithdrawal = {
  reference: string;
  /** The amount and the account, already written for the reader. */
  amount: string;
  account: string;
  /** The server's message (WithdrawalSubmitted) in the current language. */
  message: string;
};

/** After the request: it is in progress (spec §4; status label 'in progress'), waiting for approval. */
export function InProgressDialog({
  withdrawal,
  onClose,
}: {
  withdrawal: SubmittedWithdrawal | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={withdrawal !== null}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="withdraw-in-progress-title"
      aria-describedby="withdraw-in-progress-text"
      data-testid="withdraw-in-progress-dialog"
    >
      {withdrawal && (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'center', pt: 4 }}>
            <Box
              sx={{
                width: 64,
                height: 64,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: palette.wall,
                color: palette.accent,
              }}
            >
              <HourglassEmptyOutlined fontSize="large" />
            </Box>
          </Box>
          <DialogTitle id="withdraw-in-progress-title" sx={{ typography: 'h4', textAlign: 'center', px: 4, pb: 1 }}>
            {t('withdraw.done.title')}
          </DialogTitle>
          <DialogContent sx={{ px: 4, textAlign: 'center' }}>
            <Chip
              label={t('withdraw.done.status')}
              size="small"
              variant="outlined"
              data-testid="withdraw-in-progress-status"
              sx={{ borderColor: palette.accent, color: palette.accentDark, mb: 2 }}
            />
            <Typography sx={{ mb: 1.5 }} data-testid="withdraw-in-progress-message">
              {withdrawal.message}
            </Typography>
            <Typography variant="body2" id="withdraw-in-progress-text" sx={{ color: 'text.secondary' }}>
              {t('withdraw.done.text', { amount: withdrawal.amount, account: withdrawal.account })}
            </Typography>
            <Typography
              variant="body2"
              sx={{ color: palette.muted, mt: 2, letterSpacing: '0.03em' }}
              data-testid="withdraw-in-progress-reference"
            >
              {withdrawal.reference}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 4, pb: 4, justifyContent: 'center' }}>
            <Button variant="contained" onClick={onClose} autoFocus data-testid="withdraw-in-progress-close">
              {t('withdraw.done.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
