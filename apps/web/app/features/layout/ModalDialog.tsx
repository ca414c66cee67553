import { type ReactNode, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import styles from './modal-dialog.module.css';

type Props = {
  /** The dialog's id: a button opens it with `command="show-modal" commandfor={id}`, no script needed. */
  id: string;
  /** The id of the element naming the dialog (its title). */
  labelledBy: string;
  testId: string;
  children: ReactNode;
  maxWidth?: 'sm' | 'md';
  /** Full screen on phones (the footer's dialogs); otherwise a frame with a margin, as on larger screens. */
  fullScreenOnPhone?: boolean;
  /** Opened by the page's state instead of a button's command (the contact form, which needs a script anyway). */
  open?: boolean;
  onClose?: () => void;
};

/**
 * The frame of the site's modal dialogs (the footer's, the painting's "Read more"), as the browser's own modal
 * `<dialog>` (issue 33): it opens without a script, keeps focus inside, closes with Escape, a click beside it or a
 * close button (`command="close"`), and gives focus back to what opened it. Styled by a CSS Module, not MUI
 * (decision 494): the contact form's island draws it without MUI.
 */
export function ModalDialog({
  id,
  labelledBy,
  testId,
  children,
  maxWidth = 'sm',
  fullScreenOnPhone = false,
  open,
  onClose,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element || open === undefined) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // The page's state follows the element as soon as it closes (Escape, a press beside it, its close button), at the
  // microtask after the change, not at its `close` event: the browser queues that event as a task, and Chromium runs
  // a waiting key press first. Enter on the opener right after Escape found the state still open, set it open again
  // (nothing changed, nothing shown), then the late event closed the state: the dialog stayed shut. flushSync: the
  // state is closed before the next input is handled, not at React's next scheduled render.
  useEffect(() => {
    const element = dialog.current;
    if (!element || !onClose) return;
    const observer = new MutationObserver(() => {
      if (!element.open) flushSync(onClose);
    });
    observer.observe(element, { attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, [onClose]);

  const classes = [styles.dialog, styles[maxWidth], fullScreenOnPhone && styles.fullScreenOnPhone];
  return (
    <dialog
      ref={dialog}
      id={id}
      closedby="any"
      aria-labelledby={labelledBy}
      data-testid={testId}
      className={classes.filter(Boolean).join(' ')}
    >
      {children}
    </dialog>
  );
}
