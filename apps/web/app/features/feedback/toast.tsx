import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';
export type Toast = { id: number; text: string; severity: ToastSeverity };

// The Snackbar and Alert are not part of the first load (issue 14): fetched once the page is interactive, so that a
// first message does not wait for them.
const loadToastView = () => import('./ToastView');
const ToastView = lazy(loadToastView);
type ShowToast = (text: string, severity?: ToastSeverity) => void;

const ToastContext = createContext<ShowToast>(() => {});

let nextId = 1;

/** Short messages at the bottom of the screen (MUI Snackbar + Alert), one at a time. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const [open, setOpen] = useState(true);
  useEffect(() => {
    void loadToastView();
  }, []);
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
