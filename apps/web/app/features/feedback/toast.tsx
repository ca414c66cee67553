import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';
export type Toast = { id: number; text: string; severity: ToastSeverity };

// The Snackbar and Alert are fetched with the first message, not with every page (issue 14).
const ToastView = lazy(() => import('./ToastView'));
type ShowToast = (text: string, severity?: ToastSeverity) => void;

const ToastContext = createContext<ShowToast>(() => {});

let nextId = 1;

/** Short messages at the bottom of the screen (MUI Snackbar + Alert), one at a time. */
export function ToastProvider({ children }: { children: ReactNode }) {
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
        <Suspense fallback={null}>
          <ToastView key={current.id} toast={current} open={open} onClose={close} onExited={next} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  return useContext(ToastContext);
}
