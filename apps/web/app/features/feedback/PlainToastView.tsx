import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './plain-toast.module.css';
import type { ToastSeverity, ToastViewProps } from './toast-queue';

/** MUI Alert's icons for each severity (its internal SuccessOutlined, ReportProblemOutlined, ErrorOutline, InfoOutlined). */
const ICONS: Record<ToastSeverity, string> = {
  success:
    'M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2,4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z',
  warning: 'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  info: 'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z',
};
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
