import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_ICONS as ICONS } from './alert-icons';
import styles from './plain-toast.module.css';
import type { ToastViewProps } from './toast-queue';

const CLOSE = 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

/** As MUI's Snackbar: hidden after 5 s, the time paused while the pointer or the focus is on it. */
const HIDE_AFTER_MS = 5000;

/**
 * One message at the bottom of the screen, drawn as the app's MUI Snackbar and filled Alert are (issue 33, decision
 * 494) for the islands of public pages, which carry no MUI. Same test ids and roles as the app's.
 */
export default function PlainToastView({ toast, open, onClose, onExited }: ToastViewProps) {
  const { t } = useTranslation();
  const timer = useRef<number | undefined>(undefined);
  const hold = () => window.clearTimeout(timer.current);
  const resume = () => {
    hold();
    timer.current = window.setTimeout(onClose, HIDE_AFTER_MS);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the countdown starts once per message shown
  useEffect(() => {
    if (!open) return;
    resume();
    return hold;
  }, [open]);
  // Closed: gone once its fade ends (none under reduced motion), then the next message shows.
  const exit = () => {
    if (!open) onExited();
  };
  useEffect(() => {
    if (open || !window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    onExited();
  }, [open, onExited]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pauses the countdown only, as MUI's Snackbar does on its root
    <div
      className={open ? styles.snackbar : `${styles.snackbar} ${styles.leaving}`}
      onAnimationEnd={exit}
      onPointerEnter={hold}
      onPointerLeave={resume}
      onFocus={hold}
      onBlur={resume}
    >
      <div
        role="alert"
        className={`${styles.alert} ${styles[toast.severity]}`}
        data-testid="toast"
        data-severity={toast.severity}
      >
        <div className={styles.icon}>
          <svg viewBox="0 0 24 24" aria-hidden focusable="false">
            <path d={ICONS[toast.severity]} />
          </svg>
        </div>
        <div className={styles.message}>{toast.text}</div>
        <div className={styles.action}>
          <button
            type="button"
            className={styles.close}
            title={t('common.close')}
            aria-label={t('common.close')}
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" aria-hidden focusable="false">
              <path d={CLOSE} />
            </svg>
          </button>
        </div>
      </div>
    </div>
  );
}
