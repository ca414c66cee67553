import type { ReactNode } from 'react';
import { Retry } from '../../document/Retry';
import { ALERT_ICONS } from './alert-icons';

/**
 * A public page that could not load its data: MUI's standard error Alert, and when `onRetry` is given its retry,
 * a link to the same address in a document (no script to retry with) or a button in the app, as `useRetryProps`
 * gave MUI's Button (issue 33, decision 553).
 */
/**
 * The classes of `page-error.module.css`, as the caller's own module composes them (`.errorAlert { composes: alert
 * from "…/feedback/page-error.module.css" }`), so that its rules are part of the caller's stylesheet (decision 553).
 */
export type PageErrorClasses = Record<'alert' | 'icon' | 'message' | 'action' | 'retry', string | undefined>;

export function PageError({
  classes: styles,
  testId,
  className,
  retryLabel,
  onRetry,
  children,
}: {
  classes: PageErrorClasses;
  testId?: string;
  className?: string;
  retryLabel?: string;
  onRetry?: () => unknown;
  children: ReactNode;
}) {
  return (
    <div role="alert" data-testid={testId} className={[styles.alert, className].filter(Boolean).join(' ')}>
      <div className={styles.icon}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={ALERT_ICONS.error} />
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
