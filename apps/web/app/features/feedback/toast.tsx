import { lazy, type ReactNode } from 'react';
import { ToastQueue } from './toast-queue';

export { type Toast, type ToastSeverity, useToast } from './toast-queue';

// The Snackbar and Alert are not part of the first load (issue 14): fetched once the page is interactive, so that a
// first message does not wait for them.
const loadToastView = () => import('./ToastView');
const ToastView = lazy(loadToastView);

/** The app's messages at the bottom of the screen (MUI Snackbar + Alert), one at a time. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <ToastQueue View={ToastView} preload={loadToastView}>
      {children}
    </ToastQueue>
  );
}
