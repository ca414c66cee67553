import type { CSSProperties } from 'react';
import styles from './dialog-close-button.module.css';

/** MUI's Close icon (Material Symbols' "close"), drawn here so that the button needs no MUI (decision 494). */
const CLOSE = 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

/**
 * The close button of a native `<dialog>` (the phone menu, the footer's dialogs): the invoker command closes it with
 * no script, and focus goes back to what opened it. Its place is the caller's (`className` or `style`).
 */
export function DialogCloseButton({
  dialogId,
  label,
  testId,
  className,
  style,
}: {
  dialogId: string;
  label: string;
  testId?: string;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <button
      type="button"
      command="close"
      commandfor={dialogId}
      aria-label={label}
      data-testid={testId}
      className={className ? `${styles.button} ${className}` : styles.button}
      style={style}
    >
      <svg viewBox="0 0 24 24" aria-hidden focusable="false" className={styles.icon}>
        <path d={CLOSE} />
      </svg>
    </button>
  );
}
