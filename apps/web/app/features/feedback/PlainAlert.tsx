import type { ReactNode } from 'react';
import { ALERT_ICONS } from './alert-icons';
import styles from './plain-alert.module.css';
import type { ToastSeverity } from './toast-queue';

/**
 * A message in the page's flow, drawn as MUI's Alert (`outlined` or `standard`, a tinted box) with the theme's
 * overrides (issue 33, decision 536), for the islands that carry no MUI. Its role is MUI's default, `alert`; a
 * confirmation passes `status`, as the app did; a panel that asks something of the member (the investment warning) is
 * a `region` named by `label`. `title` is MUI's AlertTitle, `action` its action slot (a retry button).
 */
export function PlainAlert({
  severity,
  variant = 'outlined',
  role = 'alert',
  label,
  title,
  action,
  testId,
  data,
  className,
  children,
}: {
  severity: ToastSeverity;
  variant?: 'outlined' | 'standard';
  role?: 'alert' | 'status' | 'region';
  /** The region's name (`aria-label`). */
  label?: string;
  title?: ReactNode;
  action?: ReactNode;
  testId?: string;
  /** `data-` attributes of the caller's (an order's outcome, `data-state`). */
  data?: Record<`data-${string}`, string>;
  className?: string;
  children: ReactNode;
}) {
  const classes = [styles.alert, styles[variant], styles[severity], className].filter(Boolean).join(' ');
  const content = (
    <>
      <div className={styles.icon}>
        <svg viewBox="0 0 24 24" aria-hidden focusable="false">
          <path d={ALERT_ICONS[severity]} />
        </svg>
      </div>
      <div className={styles.message}>
        {title !== undefined && <div className={styles.title}>{title}</div>}
        {children}
      </div>
      {action !== undefined && <div className={styles.action}>{action}</div>}
    </>
  );
  // A region is a named <section> (its implicit role); an alert or a status a <div> with that role, as MUI's.
  if (role === 'region')
    return (
      <section aria-label={label} className={classes} data-testid={testId} {...data}>
        {content}
      </section>
    );
  return (
    <div role={role} className={classes} data-testid={testId} {...data}>
      {content}
    </div>
  );
}
