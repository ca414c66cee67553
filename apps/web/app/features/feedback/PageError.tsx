import type { ReactNode } from 'react';
import { Retry } from '../../document/Retry';
import { ALERT_ICONS } from './alert-icons';
import type { ToastSeverity } from './toast-queue';

/**
 * A public page that could not load its data: MUI's standard error Alert, and when `onRetry` is given its retry,
 * a link to the same address in a document (no script to retry with) or a button in the app, as `useRetryProps`
 * gave MUI's Button (issue 33, decision 553). `severity` and `role` draw another standard Alert in a page's flow with
 * the same markup (the no-script forms' messages, newsletter/FormAlert: decision 581), its look from `classes`.
 */
/**
 * The classes of `page-error.module.css`, as the caller's own module composes them (`.errorAlert { composes: alert
 * from "…/feedback/page-error.module.css" }`), so that its rules are part of the caller's stylesheet (decision 553).
 */
export type PageErrorClasses = Record<'alert' | 'icon' | 'message' | 'action' | 'retry', string | undefined>;

export function PageError({
  classes: styles,
  severity = 'error',
  role = 'alert',
  testId,
  className,
  retryLabel,
  onRetry,
  children,
}: {
  classes: PageErrorClasses;
  severity?: ToastSeverity;
  role?: 'alert' | 'status';
  testId?: string;
  className?: string;
  retryLabel?: string;
  onRetry?: () => unknown;
  children: ReactNode;
}) {
  return (
    <div role={role} data-testid={testId} className={[styles.alert, className].filter(Boolean).join(' ')}>
      <div className={styles.icon}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={ALERT_ICONS[severity]} />
        </svg>
      </div>
      <div className={styles.message}>{children}</div>
      {onRetry && retryLabel && (
        <div className={styles.action}>
          <Retry label={retryLabel} onRetry={onRetry} className={styles.retry} />
        </div>
      )}
    </div>
  );
}
