import { VERIFICATION_PAGE, type VerificationState } from '@parcelle/shared/verification';
import { useTranslation } from 'react-i18next';
import { localized } from '../i18n/language';
import type { ApiError } from '../session/api-error';
import { StepPanel } from './StepPanel';
import styles from './step-panel.module.css';

/** What a gated member must do next, by their case's state: the API's gate messages (apps/api …/verification/gate.ts). */
const EXPLANATION: Record<VerificationState, string> = {
  not_started: 'VerificationRequired',
  collecting: 'VerificationIncompleteGate',
  submitted: 'VerificationPending',
  in_review: 'VerificationPending',
  resubmission_requested: 'VerificationResubmissionNeeded',
  rejected: 'VerificationRejected',
  suspended: 'VerificationSuspended',
  closed: 'VerificationSuspended',
  approved: 'VerificationRequired',
};

/** MUI's VerifiedUserOutlined icon. */
const SHIELD =
  'M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5zm7 10c0 4.52-2.98 8.69-7 9.93-4.02-1.24-7-5.41-7-9.93V6.3l7-3.11 7 3.11zm-11.59.59L6 13l4 4 8-8-1.41-1.42L10 14.17z';

type Props = {
  /** The member's state (GET /user/verification), when read. */
  state?: VerificationState;
  /** The gate's refusal, when that is what is known (403 with `step: identity_verification`). */
  error?: ApiError | null;
  testId?: string;
  /** Tighter spacing inside a drawer or a dialog. */
  dense?: boolean;
};

/**
 * The identity step a money action waits for (issue 29): one shared panel for the buy screen, the order form, the
 * acceptance of an offer, withdrawals and the payout account, shown instead of a dead button or a raw error. It says
 * where the member stands and links to the page that resolves it (the one the API's 403 names). Plain elements
 * (decision 558): the same component in the member area and in a work's page, whose islands carry no MUI.
 */
export function VerificationStep({ state, error, testId = 'verification-step', dense = false }: Props) {
  const { t } = useTranslation();
  const known = state ?? 'not_started';
  const page = error?.page?.startsWith('/') ? error.page : VERIFICATION_PAGE;
  const explanation = state
    ? t(`msg:${EXPLANATION[state]}`)
    : error
      ? localized(error.error)
      : t('verificationGate.why');
  return (
    <StepPanel
      icon={SHIELD}
      label={t('verificationGate.label')}
      title={t(`verificationGate.title.${known}`)}
      titleTestId={`${testId}-title`}
      text={explanation}
      more={known === 'not_started' && <p className={styles.more}>{t('verificationGate.why')}</p>}
      to={page}
      action={t(`verificationGate.action.${known}`)}
      testId={testId}
      dense={dense}
      data={{ 'data-state': state ?? 'unknown' }}
    />
  );
}
