import { Alert, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ToastViewProps } from './toast-queue';

/** One message at the bottom of the screen (MUI Snackbar + Alert); ToastProvider queues them. */
export default function ToastView({ toast, open, onClose, onExited }: ToastViewProps) {
  const { t } = useTranslation();
  return (
    <Snackbar
      open={open}
      autoHideDuration={5000}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slotProps={{ transition: { onExited } }}
    >
      <Alert
        onClose={onClose}
        severity={toast.severity}
        variant="filled"
        data-testid="toast"
        data-severity={toast.severity}
        slotProps={{ closeButton: { title: t('common.close'), 'aria-label': t('common.close') } }}
        sx={{ minWidth: { xs: 'auto', sm: 360 }, maxWidth: 560 }}
      >
        {toast.text}
      </Alert>
    </Snackbar>
  );
}
