import type { ReactNode } from 'react';
import { PageError } from '../feedback/PageError';
import form from './plain-form.module.css';

const BOX = { success: form.sent, warning: form.warning, error: form.error } as const;

/**
 * A message of the forms read without a script (the sign-up's, the contact form's): MUI's standard Alert, drawn by
 * `PageError`'s markup with plain-form.module.css's classes, which compose PlainAlert's rules into the forms' own
 * stylesheet (decision 581): the pages link none of a work's rules, and the islands' `PlainAlert` is left as it is.
 */
export function FormAlert({
  severity,
  role = 'alert',
  testId,
  className,
  children,
}: {
  severity: keyof typeof BOX;
  role?: 'alert' | 'status';
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  const classes = { alert: BOX[severity], icon: form.alertIcon, message: form.alertMessage };
  return (
    <PageError
      classes={{ ...classes, action: undefined, retry: undefined }}
      severity={severity}
      role={role}
      testId={testId}
      className={className}
    >
      {children}
    </PageError>
  );
}
