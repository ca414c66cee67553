import type { ReactNode } from 'react';
import { useRetryProps } from '../../document/document';
import { ALERT_ICONS } from './alert-icons';
import styles from './page-error.module.css';

/**
 * A public page that could not load its data: MUI's standard error Alert, and when `onRetry` is given its retry,
 * a link to the same address in a document (no script to retry with) or a button in the app, as `useRetryProps`
 * gave MUI's Button (issue 33, decision 553).
 */
export function PageError({
  testId,
  className,
  retryLabel,
  onRetry,
  children,
}: {
  testId?: string;
  className?: string;
  retryLabel?: string;
  onRetry?: () => unknown;
  children: ReactNode;
}) {
  return (
    <div role="alert" data-testid={testId} className={className ? `${styles.alert} ${className}` : styles.alert}>
      <div className={styles.icon}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={ALERT_ICONS.error} />
        </svg>
      </div>
      <div className={styles.message}>{children}</div>
      {onRetry && retryLabel && (
        <div className={styles.action}>
          <Retry label={retryLabel} onRetry={onRetry} />
        </div>
      )}
    </div>
  );
}

function Retry({ label, onRetry }: { label: string; onRetry: () => unknown }) {
  const retry = useRetryProps(onRetry);
  return 'href' in retry ? (
    <a href={retry.href} className={styles.retry}>
      {label}
    </a>
  ) : (
    <button type="button" onClick={retry.onClick} className={styles.retry}>
      {label}
    </button>
  );
}
