import { type KeyboardEvent, type ReactNode, type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

type Props = {
  open: boolean;
  /** Asked by Escape or a press beside the frame (and the caller's own buttons); refused while `busy`. */
  onClose: () => void;
  /** After it has closed and given the focus back: the place to empty its form for the next time. */
  onClosed?: () => void;
  busy?: boolean;
  /** Where the focus goes as it opens: its first field (the browser's choice when a field comes first), or the
   * browser's own choice, its first control. */
  focus?: 'first-input' | 'browser';
  className?: string;
  testId: string;
  labelledBy: string;
  describedBy?: string;
  children: ReactNode;
};

/**
 * The frame of a member's plain dialogs (decisions 548–549, 557): the code dialogs and the identity check's
 * password, the order book's accept dialog and the secondary market's offer. The browser's modal `<dialog>` in a
 * portal on `<body>`, opened and closed by `open`: above MUI's drawers and dialogs it may be opened from, which are
 * inert while it is open (their focus traps cannot take the focus back); a second one (a code dialog over the accept
 * dialog) opens above it. The focus goes back to what opened it as it closes, and as it leaves the page.
 */
export function ModalFrame(props: Props) {
  const { open, onClose, onClosed, busy = false, focus = 'first-input' } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  // The dialog while it is shown (React empties `dialog` before an unmount's effects run).
  const shown = useRef<HTMLDialogElement | null>(null);
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
      shown.current = element;
      // The browser's own choice is the first field too; said here for the test runner, which has no dialogs.
      if (focus === 'first-input') element.querySelector('input')?.focus();
    } else if (!open) {
      if (element.open) element.close();
      shown.current = null;
      giveFocusBack(opener.current, element);
      opener.current = null;
      setPresent(false);
      onClosed?.();
    }
  }, [open, present]);

  // Unmounted while open (the board's accept dialog leaves with its order): the focus goes back all the same.
  useEffect(
    () => () => {
      const element = shown.current;
      if (element) giveFocusBack(opener.current, element);
    },
    [],
  );

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
  // The Escape that closes this dialog must not close a dialog that opened it (React bubbles it there).
  const keyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') event.stopPropagation();
  };

  if (!present || typeof document === 'undefined') return null;
  return createPortal(
    <dialog
      ref={dialog}
      closedby="any"
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      data-testid={props.testId}
      className={props.className}
      onCancel={cancel}
      onClose={closed}
      onKeyDown={keyDown}
    >
      {props.children}
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
    const lost = !active || active === document.body || dialog.contains(active) || !dialog.isConnected;
    if (!lost || !opener.isConnected) return;
    if (!(opener instanceof HTMLButtonElement && opener.disabled)) opener.focus();
    else if (Date.now() < deadline) requestAnimationFrame(attempt);
  };
  attempt();
}
