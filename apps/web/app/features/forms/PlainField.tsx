import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './plain-field.module.css';

type FieldProps = {
  /** What react-hook-form's `register(name)` gives: the field stays uncontrolled, as the form's other fields. */
  registration?: UseFormRegisterReturn;
  /**
   * A controlled field's value and its change, instead of `registration` (the order form's fields, whose draft holds
   * what is typed and checks it with the shared rules). A single line only.
   */
  control?: { value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
  /** Unusable while its form's request is under way (MUI's `disabled`: greyed). */
  disabled?: boolean;
  label: string;
  /** The field's issue, in the page's language: under the field, and what a screen reader says after its name. */
  error?: string;
  /** data-testid of the input itself; its issue gets `${testId}-error`. */
  testId?: string;
  required?: boolean;
  multiline?: boolean;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  autoComplete?: string;
  /** A hint under the field (MUI's `helperText`), in the muted ink; the issue takes its place when there is one. */
  help?: string;
  /** data-testid of the text under the field, hint or issue alike (else the issue's is `${testId}-error`). */
  helpTestId?: string;
  /** The input's own attributes beyond these (`inputMode`, `maxLength`, `pattern`…) and a class of the caller's. */
  input?: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'onBlur' | 'name'>;
  /** A class of the caller's on the field (its width in a layout). */
  className?: string;
};

/**
 * The site's outlined text field (MUI's TextField as theme.ts draws it: a label inside the field that moves to the
 * outline's notch when the field is focused or filled) as plain elements styled by a CSS Module (issue 33, decision
 * 494): no MUI in the islands of public pages.
 */
export function PlainTextField({
  registration,
  control,
  disabled,
  label,
  error,
  testId,
  required = false,
  multiline = false,
  type = 'text',
  autoComplete,
  help,
  helpTestId,
  input,
  className,
}: FieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const helper = error ?? help;
  const shared = {
    id,
    ...registration,
    disabled,
    className: styles.input,
    // A blank placeholder lets CSS tell an empty field (`:placeholder-shown`) from a filled one.
    placeholder: ' ',
    required,
    autoComplete,
    'aria-invalid': Boolean(error),
    'aria-describedby': helper ? helperId : undefined,
    'data-testid': testId,
  };
  const text = required ? (
    <>
      {label}
      <span aria-hidden>{'\u2009*'}</span>
    </>
  ) : (
    label
  );
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {text}
      </label>
      <div className={multiline ? `${styles.box} ${styles.multiline}` : styles.box}>
        {multiline ? (
          // A text area is always react-hook-form's (the contact form's message): no controlled one yet.
          <textarea {...shared} rows={4} />
        ) : (
          <input
            {...input}
            {...shared}
            {...control}
            className={input?.className ? `${styles.input} ${input.className}` : styles.input}
            type={type}
          />
        )}
        <fieldset aria-hidden className={styles.outline}>
          <legend>
            <span>{text}</span>
          </legend>
        </fieldset>
      </div>
      {helper && (
        <p
          id={helperId}
          className={error ? styles.helper : `${styles.helper} ${styles.hint}`}
          data-testid={helpTestId ?? (error && testId ? `${testId}-error` : undefined)}
        >
          {helper}
        </p>
      )}
    </div>
  );
}

const UNCHECKED = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const CHECKED =
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';

/** The site's checkbox and its label (MUI's Checkbox in a FormControlLabel): the browser's own input, drawn over. */
export function PlainCheckbox({
  registration,
  invalid,
  describedBy,
  testId,
  children,
}: {
  registration: UseFormRegisterReturn;
  invalid: boolean;
  describedBy?: string;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <label className={styles.check} htmlFor={id}>
      <CheckboxBox
        input={{
          id,
          ...registration,
          'aria-invalid': invalid,
          'aria-required': true,
          'aria-describedby': describedBy,
          'data-testid': testId,
        }}
      />
      <span className={styles.checkText}>{children}</span>
    </label>
  );
}

/**
 * MUI's Checkbox (a 24 px box drawn over the browser's own input, in a 42 px round target), for a label of its own:
 * PlainCheckbox's, or a controlled one's (the key information step's).
 */
export function CheckboxBox({
  input,
  testId,
}: {
  input: InputHTMLAttributes<HTMLInputElement> & { 'data-testid'?: string };
  /** On the box around the input, as MUI's Checkbox puts it (a test reaches the input inside). */
  testId?: string;
}) {
  return (
    <span className={styles.checkbox} data-testid={testId}>
      <input type="checkbox" {...input} />
      <svg className={styles.unchecked} viewBox="0 0 24 24" aria-hidden focusable="false">
        <path d={UNCHECKED} />
      </svg>
      <svg className={styles.checked} viewBox="0 0 24 24" aria-hidden focusable="false">
        <path d={CHECKED} />
      </svg>
    </span>
  );
}

/** An issue under a group of fields (the contact form's two boxes). */
export function PlainGroupIssue({ id, testId, children }: { id: string; testId?: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.boxHelper} data-testid={testId}>
      {children}
    </p>
  );
}
