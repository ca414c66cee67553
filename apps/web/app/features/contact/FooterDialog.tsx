import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCloseButton } from '../layout/DialogCloseButton';
import { ModalDialog } from '../layout/ModalDialog';
import styles from './footer-dialog.module.css';

type Props = {
  /** The dialog's id: a button opens it with `command="show-modal" commandfor={id}`, no script needed. */
  id: string;
  eyebrow: string;
  title: string;
  testId: string;
  children: ReactNode;
  maxWidth?: 'sm' | 'md';
  /** Opened by the page's state instead of a button's command (the contact form, which needs a script anyway). */
  open?: boolean;
  onClose?: () => void;
};

/**
 * The frame of the footer's dialogs (an eyebrow, a serif title, a close button; full screen on phones), as the
 * browser's own modal `<dialog>` (issue 33, {@link ModalDialog}); plain elements and a CSS Module (decision 494).
 */
export function FooterDialog({ id, open, onClose, eyebrow, title, testId, children, maxWidth = 'sm' }: Props) {
  const { t } = useTranslation();
  const titleId = useId();

  return (
    <ModalDialog
      id={id}
      labelledBy={titleId}
      testId={testId}
      maxWidth={maxWidth}
      fullScreenOnPhone
      open={open}
      onClose={onClose}
    >
      <div className={styles.head}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <DialogCloseButton
          dialogId={id}
          label={t('common.close')}
          testId={`${testId}-close`}
          className={styles.close}
        />
      </div>
      <div className={styles.body}>{children}</div>
    </ModalDialog>
  );
}

/** Closes the dialog a link sits in when the page changes in place (with a script) rather than by a new page. */
export function closeEnclosingDialog(event: { currentTarget: Element }) {
  event.currentTarget.closest('dialog')?.close();
}
