import type { ReactNode } from 'react';
import { ALERT_ICONS } from './alert-icons';
import styles from './plain-alert.module.css';
import type { ToastSeverity } from './toast-queue';

/**
 * A message in the page's flow, drawn as MUI's Alert (`outlined` or `standard`, a tinted box) with the theme's
 * overrides (issue 33, decision 536), for the islands that carry no MUI. Its role is MUI's default, `alert`; a
 * confirmation passes `status`, as the app did.
 */
export function PlainAlert({
  severity,
  variant = 'outlined',
  role = 'alert',
  testId,
  className,
  children,
}: {
  severity: ToastSeverity;
  variant?: 'outlined' | 'standard';
  role?: 'alert' | 'status';
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  const classes = [styles.alert, styles[variant], styles[severity], className].filter(Boolean).join(' ');
  return (
    <div role={role} className={classes} data-testid={testId}>
      <div className={styles.icon}>
        <svg viewBox="0 0 24 24" aria-hidden focusable="false">
          <path d={ALERT_ICONS[severity]} />
        </svg>
      </div>
      <div className={styles.message}>{children}</div>
    </div>
  );
}
