import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { PlainAlert } from '../feedback/PlainAlert';
import { PlainButton } from '../forms/PlainButton';
import buttons from '../forms/plain-button.module.css';
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
 * is an alert inside it, not a toast: a toast would be under the top layer, inert, never announced.
 */
export function StepDialog(props: Props) {
  const { open, onClose, onClosed, onSubmit, busy, confirming, testId, partsTestId, texts, failure, children } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  // In the document while open, and for the render that closes it (the browser gives the focus back on `close()`).
  const [present, setPresent] = useState(open);
  if (open && !present) setPresent(true);

  useEffect(trackFocus, []);

  // A passive effect, not a layout one: an MUI dialog that closes as this one opens (a withdrawal's amount) gives the
  // focus back to its own opener in its effects' cleanup, which then runs first; that element, not the closing
  // dialog's button, is what this one gives the focus back to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: shown or closed as `open` says, once it is in the document
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const active = document.activeElement;
      opener.current = active && active !== document.body ? active : lastFocused;
      element.showModal();
      // The browser's own choice is the first field too; said here for the test runner, which has no dialogs.
      element.querySelector('input')?.focus();
    } else if (!open) {
      if (element.open) element.close();
      giveFocusBack(opener.current, element);
      opener.current = null;
      setPresent(false);
      onClosed?.();
    }
  }, [open, present]);

  // Escape and a press beside the frame ask to close: the page decides (not while a request is under way).
  // React passes a dialog's `cancel` and `close` on to the `onCancel`/`onClose` of the components around it (an MUI
  // dialog that opened this one would close with it): they stop here.
  const cancel = (event: SyntheticEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!busy) onClose();
  };
  // Closed by the browser all the same (a second Escape it no longer lets a page refuse): the page follows.
  const closed = (event: SyntheticEvent) => {
    event.stopPropagation();
    if (open) onClose();
  };
  // The Escape that closes this dialog must not close a dialog of MUI's that opened it (React bubbles it there).
  const keyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') event.stopPropagation();
  };

  if (!present || typeof document === 'undefined') return null;
  return createPortal(
    <dialog
      ref={dialog}
      closedby="any"
      aria-labelledby={`${testId}-title`}
      aria-describedby={`${testId}-text`}
      data-testid={testId}
      className={styles.dialog}
      onCancel={cancel}
      onClose={closed}
      onKeyDown={keyDown}
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
            {confirming && <Spinner />}
            {texts.confirm}
          </PlainButton>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}

/**
 * The element that last had the focus. Chromium takes the focus from a button that becomes disabled (an order form's
 * while its order waits for the code), so that when the dialog opens nothing has it: that button is still what
 * opened the dialog.
 */
let lastFocused: Element | null = null;
let tracking = false;
function trackFocus() {
  if (tracking) return;
  tracking = true;
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof Element) lastFocused = event.target;
  });
}

/**
 * Gives the focus back to what opened a dialog when it is lost (on the page's body, or in the dialog just closed;
 * the browser tries too): unless the opener is gone (a step of the same flow replaced it) or something else took the
 * focus (the flow's next dialog). An opener disabled while its action waited for the code (an order form's button)
 * gets it once enabled again, a few renders later; not after a second.
 */
function giveFocusBack(opener: Element | null, dialog: HTMLElement) {
  if (!(opener instanceof HTMLElement)) return;
  const deadline = Date.now() + 1000;
  const attempt = () => {
    const active = document.activeElement;
    const lost = !active || active === document.body || dialog.contains(active);
    if (!lost || !opener.isConnected) return;
    if (!(opener instanceof HTMLButtonElement && opener.disabled)) opener.focus();
    else if (Date.now() < deadline) requestAnimationFrame(attempt);
  };
  attempt();
}

/** MUI's CircularProgress at 16 px in the button's colour, as its start icon. */
function Spinner() {
  return (
    <span className={styles.spinner}>
      <svg viewBox="22 22 44 44" aria-hidden focusable="false">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
