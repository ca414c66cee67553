import { lazy, type ReactNode } from 'react';
import { ToastQueue } from './toast-queue';

const loadPlainToastView = () => import('./PlainToastView');
const PlainToastView = lazy(loadPlainToastView);

/** The messages of the public pages' islands: the app's toasts without MUI (issue 33, decision 494). */
export function PlainToastProvider({ children }: { children: ReactNode }) {
  return (
    <ToastQueue View={PlainToastView} preload={loadPlainToastView}>
      {children}
    </ToastQueue>
  );
}
