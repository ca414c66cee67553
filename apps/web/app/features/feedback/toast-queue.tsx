import {
  type ComponentType,
  createContext,
  type LazyExoticComponent,
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
export type ToastViewProps = { toast: Toast; open: boolean; onClose: () => void; onExited: () => void };
type ShowToast = (text: string, severity?: ToastSeverity) => void;

const ToastContext = createContext<ShowToast>(() => {});

let nextId = 1;

/**
 * Short messages at the bottom of the screen, one at a time, drawn by `View` (a lazy component, fetched once the page
 * is interactive so that a first message does not wait for it). The app's view is MUI's Snackbar and Alert
 * (`ToastProvider`, toast.tsx); the public pages' islands draw the same without MUI (`PlainToastProvider`, decision
 * 494). Free of MUI: the islands' chunks import it.
 */
export function ToastQueue({
  View,
  preload,
  children,
}: {
  View: LazyExoticComponent<ComponentType<ToastViewProps>>;
  preload: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const [open, setOpen] = useState(true);
  useEffect(() => {
    void preload();
  }, [preload]);
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
          <View key={current.id} toast={current} open={open} onClose={close} onExited={next} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  return useContext(ToastContext);
}
