import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { Box, Button, Typography } from '@mui/material';
import { VERIFICATION_PAGE, type VerificationState } from '@parcelle/shared/verification';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localized } from '../i18n/language';
import type { ApiError } from '../session/api-error';
import { palette } from '../theme/theme';

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
 * where the member stands and links to the page that resolves it (the one the API's 403 names).
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
    <Box
      role="region"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      data-state={state ?? 'unknown'}
      sx={{
        border: `1px solid ${palette.accent}`,
        bgcolor: palette.paper,
        p: dense ? 2.5 : { xs: 2.5, sm: 3 },
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 1,
      }}
    >
      <VerifiedUserOutlined aria-hidden="true" sx={{ color: palette.accent, mt: 0.25 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" component="p" sx={{ color: palette.accentDark, lineHeight: 1.6 }}>
          {t('verificationGate.label')}
        </Typography>
        <Typography
          id={`${testId}-title`}
          component="p"
          sx={{ fontWeight: 500, fontSize: 17, mb: 0.75 }}
          data-testid={`${testId}-title`}
        >
          {t(`verificationGate.title.${known}`)}
        </Typography>
        <Typography variant="body2" sx={{ color: palette.muted }} data-testid={`${testId}-text`}>
          {explanation}
        </Typography>
        {known === 'not_started' && (
          <Typography variant="body2" sx={{ color: palette.muted, mt: 1 }}>
            {t('verificationGate.why')}
          </Typography>
        )}
        <Button
          component={Link}
          to={page}
          variant="contained"
          sx={{ mt: 2, minHeight: 44 }}
          data-testid={`${testId}-link`}
        >
          {t(`verificationGate.action.${known}`)}
        </Button>
      </Box>
    </Box>
  );
}
