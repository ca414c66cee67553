import { zodResolver } from '@hookform/resolvers/zod';
import { type InputHTMLAttributes, type KeyboardEvent, type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PlainAlert } from '../feedback/PlainAlert';
import { issueText } from '../forms/issue-text';
import { PlainButton } from '../forms/PlainButton';
import { PlainTextField } from '../forms/PlainField';
import { PlainSmallButton } from '../forms/PlainSmallButton';
import { localized } from '../i18n/language';
import { ApiError, errorText } from '../session/api-error';
import { IdentityCheckCancelled } from './cancelled';
import styles from './code-dialog.module.css';

/** The one form every code dialog checks: a single `code` field, its rules given by the dialog's kind. */
type CodeSchema = z.ZodType<{ code: string }, { code: string }>;

export type CodeDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Uses the code; a refusal (4xx) is shown under the field and the dialog stays open. */
  onConfirm: (code: string) => Promise<void>;
  /** Asks for a new code (codes sent by SMS or email); no button without it. */
  onResend?: () => Promise<void>;
  /** `data-testid` of the dialog; its parts get `${testId}-input`, `-submit`, `-cancel`, `-resend`, `-text`, `-alert`. */
  testId: string;
  schema: CodeSchema;
  texts: { title: string; text: string; label: string; help: string; cancel: string; confirm: string; resend?: string };
  /** What typing is reduced to (e.g. digits only). */
  transform?: (value: string) => string;
  /** The input's own attributes (`inputMode`, `maxLength`…). */
  input?: InputHTMLAttributes<HTMLInputElement>;
  /** Large, spaced, centred characters: a code of a few digits. */
  digits?: boolean;
};

/**
 * The one modal that asks for a code (spec §4, §5 and issue 17): a code sent by SMS or email, or the code of the
 * member's authenticator app. Each kind configures it (OtpDialog, TotpDialog); the behaviour is written once: the
 * code is checked before it is sent, a refusal stays under the field, and nothing can be pressed twice.
 *
 * Plain elements on a CSS Module, no MUI (issue 33, decision 548): the browser's modal `<dialog>`, in a portal on
 * `<body>`. Its top layer is above MUI's drawers and dialogs it is opened from, and makes them inert while it is open
 * (their focus traps cannot take the focus back); a second code dialog (the app's code after the wallet's) opens on
 * top of it. Any other failure is an alert inside the dialog, not a toast: a toast would be under the top layer,
 * inert, never announced.
 */
export function CodeDialog(props: CodeDialogProps) {
  const { open, onClose, onConfirm, onResend, testId, schema, texts, transform, input, digits } = props;
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ code: string }>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const { reset } = form;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  // In the document while open, and for the render that closes it (the browser gives the focus back on `close()`).
  const [present, setPresent] = useState(open);
  if (open && !present) setPresent(true);

  useEffect(trackFocus, []);

  // A passive effect, not a layout one: an MUI dialog that closes as this one opens (the password of the identity
  // check, a withdrawal's amount) gives the focus back to its own opener in its effects' cleanup, which then runs
  // first; that element, not the closing dialog's button, is what this one gives the focus back to.
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
      // Emptied as it closes rather than as it opens: what is typed at once into a dialog just shown stays.
      reset({ code: '' });
      setFailure(null);
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

  const submit = form.handleSubmit(async ({ code }) => {
    setBusy('confirm');
    setFailure(null);
    try {
      await onConfirm(code);
    } catch (error) {
      if (error instanceof IdentityCheckCancelled) return;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
        form.setError('code', { type: 'server', message: localized(error.error) });
      } else {
        setFailure(localized(errorText(error)));
      }
    } finally {
      setBusy(null);
    }
  });

  const resend = async () => {
    if (!onResend) return;
    setBusy('resend');
    setFailure(null);
    try {
      await onResend();
      form.clearErrors('code');
    } catch (error) {
      setFailure(localized(errorText(error)));
    } finally {
      setBusy(null);
    }
  };

  if (!present || typeof document === 'undefined') return null;
  const registration = form.register('code');
  const issue = issueText(t, form.formState.errors.code?.message);
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
          void submit(event);
        }}
      >
        <h2 id={`${testId}-title`} className={styles.title}>
          {texts.title}
        </h2>
        <div className={styles.content}>
          <p id={`${testId}-text`} className={styles.text} data-testid={`${testId}-text`}>
            {texts.text}
          </p>
          <PlainTextField
            registration={{
              ...registration,
              onChange: (event) => {
                if (transform) event.target.value = transform(event.target.value);
                return registration.onChange(event);
              },
            }}
            label={texts.label}
            help={texts.help}
            error={issue}
            autoComplete="one-time-code"
            testId={`${testId}-input`}
            input={{ ...input, className: digits ? styles.digits : undefined }}
          />
          {onResend && (
            <PlainSmallButton
              type="button"
              onClick={resend}
              disabled={busy !== null}
              className={styles.resend}
              data-testid={`${testId}-resend`}
            >
              {texts.resend}
            </PlainSmallButton>
          )}
          {failure && (
            <PlainAlert severity="error" variant="standard" className={styles.alert} testId={`${testId}-alert`}>
              {failure}
            </PlainAlert>
          )}
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            onClick={onClose}
            disabled={busy !== null}
            className={styles.cancel}
            data-testid={`${testId}-cancel`}
          >
            {texts.cancel}
          </button>
          <PlainButton type="submit" disabled={busy !== null} data-testid={`${testId}-submit`}>
            {busy === 'confirm' && <Spinner />}
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
