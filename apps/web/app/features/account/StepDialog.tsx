import type { FormEvent, ReactNode } from 'react';
import { PlainAlert } from '../feedback/PlainAlert';
import { Spinner } from '../feedback/Spinner';
import { PlainButton } from '../forms/PlainButton';
import buttons from '../forms/plain-button.module.css';
import { ModalFrame } from '../layout/ModalFrame';
import styles from './step-dialog.module.css';

type Props = {
  open: boolean;
  /** Asked by Escape, a press beside the frame or the cancel button; refused while `busy`. */
  onClose: () => void;
  /** After it has closed and given the focus back: the place to empty its form for the next time. */
  onClosed?: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  /** The confirm button shows MUI's spinner (the request is its own; a resend disables it without one). */
  confirming: boolean;
  /** `data-testid` of the dialog; its title and text get `${testId}-title` and `${testId}-text`. */
  testId: string;
  /** Prefix of the buttons' test ids: `${partsTestId}-cancel` and `${partsTestId}-submit`. */
  partsTestId: string;
  texts: { title: string; text: string; cancel: string; confirm: string };
  /** A failure other than the field's own, said inside the dialog (decision 549). */
  failure: string | null;
  children: ReactNode;
};

/**
 * The frame of a member's confirmation steps (decisions 548–549): the code dialogs and the identity check's password,
 * plain elements on a CSS Module, drawn as MUI's Dialog `maxWidth="xs" fullWidth` was. The browser's modal `<dialog>`
 * in a portal on `<body>`: above MUI's drawers and dialogs it is opened from, which are inert while it is open (their
 * focus traps cannot take the focus back); a second one (the app's code after the wallet's) opens above it. A failure
 * is an alert inside it, not a toast: a toast would be under the top layer, inert, never announced. Its opening,
 * closing and focus are layout/ModalFrame's, which the order book's plain dialogs share (decision 557).
 */
export function StepDialog(props: Props) {
  const { open, onClose, onClosed, onSubmit, busy, confirming, testId, partsTestId, texts, failure, children } = props;
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      onClosed={onClosed}
      busy={busy}
      className={styles.dialog}
      testId={testId}
      labelledBy={`${testId}-title`}
      describedBy={`${testId}-text`}
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          // React bubbles a portal's events to the components around it: an order form must not submit again.
          event.stopPropagation();
          onSubmit(event);
        }}
      >
        <h2 id={`${testId}-title`} className={styles.title}>
          {texts.title}
        </h2>
        <div className={styles.content}>
          <p id={`${testId}-text`} className={styles.text} data-testid={`${testId}-text`}>
            {texts.text}
          </p>
          {children}
          {failure && (
            <PlainAlert severity="error" variant="standard" className={styles.alert} testId={`${testId}-alert`}>
              {failure}
            </PlainAlert>
          )}
        </div>
        <div className={styles.actions}>
          <PlainButton
            type="button"
            onClick={onClose}
            disabled={busy}
            className={buttons.text}
            data-testid={`${partsTestId}-cancel`}
          >
            {texts.cancel}
          </PlainButton>
          <PlainButton type="submit" disabled={busy} data-testid={`${partsTestId}-submit`}>
            {confirming && <Spinner size={16} className={styles.spinner} />}
            {texts.confirm}
          </PlainButton>
        </div>
      </form>
    </ModalFrame>
  );
}
