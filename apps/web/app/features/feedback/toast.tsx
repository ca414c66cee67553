import { Alert, Snackbar } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';
type Toast = { id: number; text: string; severity: ToastSeverity };
type ShowToast = (text: string, severity?: ToastSeverity) => void;

const ToastContext = createContext<ShowToast>(() => {});

let nextId = 1;

/** Short messages at the bottom of the screen (MUI Snackbar + Alert), one at a time. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<Toast[]>([]);
  const [open, setOpen] = useState(true);
  const show = useCallback<ShowToast>((text, severity = 'success') => {
    setQueue((current) => [...current, { id: nextId++, text, severity }]);
    setOpen(true);
  }, []);
  const current = queue[0];
  const close = () => setOpen(false);
  const next = () => {
    setQueue((rest) => rest.slice(1));
    setOpen(true);
  };

  return (
    <ToastContext.Provider value={useMemo(() => show, [show])}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open={open}
          autoHideDuration={5000}
          onClose={(_, reason) => reason !== 'clickaway' && close()}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          slotProps={{ transition: { onExited: next } }}
        >
          <Alert
            onClose={close}
            severity={current.severity}
            variant="filled"
            data-testid="toast"
            data-severity={current.severity}
            slotProps={{ closeButton: { title: t('common.close'), 'aria-label': t('common.close') } }}
            sx={{ minWidth: { xs: 'auto', sm: 360 }, maxWidth: 560 }}
          >
            {current.text}
          </Alert>
        </Snackbar>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  return useContext(ToastContext);
}
