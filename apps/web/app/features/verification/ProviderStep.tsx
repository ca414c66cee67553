import { Alert, Button, Paper, Typography } from '@mui/material';
import type { TVerificationStatus } from '@parcelle/shared/contracts/verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SubmitButton } from '../account/ui';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import { openProviderSession } from './api';
import { VERIFICATION_KEY } from './keys';

/** How often the page asks again while the identity partner decides (decision 348): minutes at Sumsub, often less. */
export const PROVIDER_POLL_MS = 15_000;

/** The query parameter the hosted check's return address carries (the API's `providerReturnUrl`). */
export const PROVIDER_RETURN_PARAM = 'from';

/** The member has a hosted check to open or one under way: the page shows the provider step. */
export function providerStepShown(status: TVerificationStatus | undefined): boolean {
  return (
    status?.state === 'in_review' &&
    status.provider.name !== 'manual' &&
    (status.provider.step === 'to_open' || status.provider.step === 'with_provider')
  );
}

/**
 * The state's refresh interval (TanStack Query's `refetchInterval`): while the check is with the provider only —
 * not before the member opened it, and never once decided (the decision stops the polling by changing the state).
 */
export function providerPollInterval(status: TVerificationStatus | undefined): number | false {
  return status?.state === 'in_review' && status.provider.step === 'with_provider' ? PROVIDER_POLL_MS : false;
}

/**
 * Back from the hosted check (`/user/verification?from=provider`): the state is read again at once and the parameter
 * dropped, so a reload does not count as another return.
 */
export function useProviderReturn() {
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const returned = search.get(PROVIDER_RETURN_PARAM) === 'provider';
  useEffect(() => {
    if (!returned) return;
    void queryClient.invalidateQueries({ queryKey: VERIFICATION_KEY });
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PROVIDER_RETURN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [returned, queryClient, setSearch]);
}

/** The hosted check replaces this page (same tab); its return address brings the member back (decision 346). */
function openInThisTab(url: string) {
  window.location.assign(url);
}

type Props = {
  status: TVerificationStatus;
  /** How the hosted check's link is opened; tests observe it. */
  open?: (url: string) => void;
};

/**
 * The identity partner's step (issue 29, decisions 345–348), once the case is sent and the server's provider is a
 * hosted one: what happens there, a button that asks the API for a session and opens its link, then — back here — the
 * check is with the partner and the page updates by itself until it is decided.
 */
export function ProviderStep({ status, open = openInThisTab }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const step = status.provider.step === 'with_provider' ? 'with_provider' : 'to_open';
  const session = useMutation({
    mutationFn: openProviderSession,
    onSuccess: (answer) => open(answer.data.url),
    // A refusal (decided meanwhile, not awaiting) means the state shown is stale: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_KEY }),
  });
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="verification-provider-title"
      data-testid="verification-provider-step"
      data-step={step}
      sx={{ p: { xs: 3, md: 5 }, borderColor: palette.line }}
    >
      <Typography variant="h5" component="h2" id="verification-provider-title" sx={{ mb: 2 }}>
        {t(`verification.provider.${step}.title`)}
      </Typography>
      <Typography sx={{ maxWidth: 680, mb: 1.5 }} data-testid="verification-provider-text">
        {t(`verification.provider.${step}.text`)}
      </Typography>
      <Typography variant="body2" sx={{ maxWidth: 680, mb: 3, color: palette.muted }}>
        {t(`verification.provider.${step}.detail`)}
      </Typography>
      {session.isError && (
        <Alert severity="error" variant="outlined" sx={{ mb: 2 }} data-testid="verification-provider-error">
          {localized(errorText(session.error), language)}
        </Alert>
      )}
      {step === 'to_open' ? (
        <SubmitButton
          type="button"
          busy={session.isPending || session.isSuccess}
          onClick={() => session.mutate()}
          data-testid="verification-provider-open"
          sx={{ minHeight: 48 }}
        >
          {t('verification.provider.to_open.button')}
        </SubmitButton>
      ) : (
        <Button
          variant="outlined"
          disabled={session.isPending || session.isSuccess}
          onClick={() => session.mutate()}
          data-testid="verification-provider-open"
          sx={{ minHeight: 48 }}
        >
          {t('verification.provider.with_provider.button')}
        </Button>
      )}
    </Paper>
  );
}
