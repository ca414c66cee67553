import { Alert, Box, Button, Chip, Link as MuiLink, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { TVerificationStatus } from '@parcelle/shared/contracts/verification';
import { messages } from '@parcelle/shared/i18n/messages';
import {
  VERIFICATION_MISSING_LABELS,
  VERIFICATION_REASON_LABELS,
  VERIFICATION_STATE_LABELS,
  type VerificationReasonCode,
  VerificationState,
} from '@parcelle/shared/verification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EditSection, SubmitButton, successText } from '../account/ui';
import { useToast } from '../feedback/toast';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { apiRequest } from '../session/api';
import { errorText } from '../session/api-error';
import { useStoredSession } from '../session/use-session';
import { palette } from '../theme/theme';
import { submitVerification, verificationQuery } from './api';
import { DeclarationForm } from './DeclarationForm';
import { DocumentUploads } from './DocumentUploads';
import { formatDay } from './format';
import { VERIFICATION_KEY } from './keys';
import { ProviderStep, providerPollInterval, providerStepShown, useProviderReturn } from './ProviderStep';

/** The colour of a state's chip: green once verified, red when refused or paused, bronze while on the way. */
function tone(state: VerificationState): { color: string; border: string } {
  if (state === 'approved') return { color: palette.success, border: palette.success };
  if (state === 'rejected' || state === 'suspended' || state === 'closed') {
    return { color: palette.error, border: palette.error };
  }
  return { color: palette.accentDark, border: palette.accent };
}

function reasonLabel(code: string): { en: string; fr: string } {
  return VERIFICATION_REASON_LABELS[code as VerificationReasonCode] ?? { en: code, fr: code };
}

function StatusPanel({ status }: { status: TVerificationStatus }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const colours = tone(status.state);
  const decision = status.last_decision;
  const resend = status.documents_to_resend;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="verification-status-title"
      data-testid="verification-status"
      data-state={status.state}
      sx={{ p: { xs: 3, md: 5 }, borderColor: palette.line }}
    >
      <Typography variant="h5" component="h2" id="verification-status-title" sx={{ mb: 2 }}>
        {t('verification.status.heading')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Typography variant="body2" sx={{ color: palette.muted }}>
          {t('verification.status.state')}
        </Typography>
        <Chip
          label={localized(VERIFICATION_STATE_LABELS[status.state], language)}
          variant="outlined"
          data-testid="verification-state"
          sx={{ color: colours.color, borderColor: colours.border, fontWeight: 500 }}
        />
        {status.submitted_at && status.state !== 'collecting' && status.state !== 'not_started' && (
          <Typography variant="body2" sx={{ color: palette.muted }} data-testid="verification-submitted-at">
            {t('verification.status.submittedAt', { date: formatDay(status.submitted_at, language) })}
          </Typography>
        )}
      </Box>
      <Typography sx={{ maxWidth: 680 }} data-testid="verification-state-text">
        {providerStepShown(status)
          ? t(`verification.provider.${status.provider.step}.state`)
          : t(`verification.status.text.${status.state}`)}
      </Typography>

      {decision && (
        <Box
          data-testid="verification-decision"
          sx={{ mt: 3, pl: 2, borderLeft: `2px solid ${colours.border}`, maxWidth: 680 }}
        >
          <Typography variant="overline" component="h3" sx={{ color: palette.muted, lineHeight: 1.6 }}>
            {t('verification.status.decision')}
          </Typography>
          <Typography sx={{ fontWeight: 500 }} data-testid="verification-decision-reason">
            {t('verification.status.decisionOn', {
              reason: localized(reasonLabel(decision.reason_code), language),
              date: formatDay(decision.at, language),
            })}
          </Typography>
          {decision.message && (
            <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line' }} data-testid="verification-decision-message">
              {decision.message}
            </Typography>
          )}
        </Box>
      )}

      {status.can_edit && (
        <Box sx={{ mt: 3 }} data-testid="verification-missing">
          {resend.length > 0 && (
            // The documents the reviewer asked for again (decision 411), until each is sent.
            <Box data-testid="verification-resend" sx={{ mb: status.missing.length > 0 ? 2 : 0 }}>
              <Typography sx={{ fontWeight: 500 }} data-testid="verification-resend-title">
                {t('verification.status.resend', { count: resend.length })}
              </Typography>
              <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
                {resend.map((kind) => (
                  <Typography component="li" key={kind} data-testid={`verification-resend-${kind}`}>
                    {localized(VERIFICATION_MISSING_LABELS[kind], language)}
                  </Typography>
                ))}
              </Box>
            </Box>
          )}
          {status.missing.length > 0 ? (
            <>
              <Typography sx={{ fontWeight: 500 }}>
                {t('verification.status.missing', { count: status.missing.length })}
              </Typography>
              <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
                {status.missing.map((item) => (
                  <Typography component="li" key={item} data-testid={`verification-missing-${item}`}>
                    {localized(VERIFICATION_MISSING_LABELS[item], language)}
                  </Typography>
                ))}
              </Box>
            </>
          ) : resend.length > 0 ? null : status.state === VerificationState.ResubmissionRequested ? (
            // Every required piece is there, but the reviewer asked for one again: not "everything is here".
            <Typography data-testid="verification-replace-asked">{t('verification.status.replaceAsked')}</Typography>
          ) : (
            <Typography sx={{ color: palette.success }}>{t('verification.status.nothingMissing')}</Typography>
          )}
        </Box>
      )}
    </Paper>
  );
}

function SubmitSection({ status }: { status: TVerificationStatus }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: submitVerification,
    onSuccess: (answer) => {
      queryClient.setQueryData(VERIFICATION_KEY, answer.data);
      toast(successText(answer, messages.VerificationSubmitted), 'success');
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    onError: async () => {
      await queryClient.invalidateQueries({ queryKey: VERIFICATION_KEY });
    },
  });
  const left = status.missing.length + status.documents_to_resend.length;
  return (
    <EditSection
      id="submit"
      title={t('verification.submit.title')}
      description={t('verification.submit.text')}
      testId="verification-submit-section"
    >
      {send.isError && (
        <Alert severity="error" variant="outlined" sx={{ mb: 2 }} data-testid="verification-submit-error">
          {localized(errorText(send.error), language)}
        </Alert>
      )}
      {left > 0 && (
        <Typography variant="body2" id="verification-submit-missing" sx={{ color: palette.muted, mb: 2 }}>
          {t('verification.submit.missing', { count: left })}
        </Typography>
      )}
      <SubmitButton
        type="button"
        busy={send.isPending}
        disabled={!status.can_submit}
        onClick={() => send.mutate()}
        aria-describedby={left > 0 ? 'verification-submit-missing' : undefined}
        data-testid="verification-submit"
        sx={{ minHeight: 48 }}
      >
        {t('verification.submit.button')}
      </SubmitButton>
    </EditSection>
  );
}

/** The member's copy of what Parcelle holds about their verification (decision 257), as a JSON file. */
function ExportLink() {
  const { t } = useTranslation();
  const toast = useToast();
  const download = async () => {
    try {
      const answer = await apiRequest<unknown>('/user/verification/export');
      const blob = new Blob([JSON.stringify(answer, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = 'parcelle-verification.json';
      anchor.click();
      URL.revokeObjectURL(url);
    } catch {
      toast(t('verification.exportFailed'), 'error');
    }
  };
  return (
    <MuiLink
      component="button"
      type="button"
      onClick={download}
      data-testid="verification-export"
      sx={{ fontSize: 14.5 }}
    >
      {t('verification.export')}
    </MuiLink>
  );
}

/** /user/verification (issue 29): where the member stands, their declaration, their documents, and sending it all. */
export function VerificationScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageMeta(t('verification.title'), t('verification.metaDescription'));
  const { token } = useStoredSession();
  // While the identity partner decides, the state is read again on an interval (decision 348).
  const query = useQuery({
    ...verificationQuery,
    enabled: Boolean(token),
    refetchInterval: (current) => providerPollInterval(current.state.data),
    // The app reads nothing on focus (query-client.ts); here, back from another tab, the decision may be in.
    refetchOnWindowFocus: (current) => providerPollInterval(current.state.data) !== false,
  });
  useProviderReturn();
  const status = query.data;
  return (
    <Box data-testid="verification-screen">
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        {t('verification.title')}
      </Typography>
      <Typography variant="subtitle1" sx={{ mb: { xs: 3, md: 5 }, maxWidth: 680 }}>
        {t('verification.intro')}
      </Typography>
      {status ? (
        <Stack spacing={{ xs: 3, md: 4 }}>
          <StatusPanel status={status} />
          {providerStepShown(status) && <ProviderStep status={status} />}
          {status.can_edit && <DeclarationForm key={status.declaration ? 'saved' : 'new'} status={status} />}
          {(status.can_edit || status.documents.length > 0) && <DocumentUploads status={status} />}
          {status.can_edit && <SubmitSection status={status} />}
          {status.state !== 'not_started' && (
            <Box>
              <ExportLink />
            </Box>
          )}
        </Stack>
      ) : query.isError ? (
        <Alert severity="error" variant="outlined" data-testid="verification-load-error">
          {localized(errorText(query.error), language)}
          <Button size="small" onClick={() => query.refetch()} sx={{ ml: 2 }}>
            {t('verification.retry')}
          </Button>
        </Alert>
      ) : (
        <Stack spacing={4} aria-busy="true">
          <Skeleton variant="rectangular" height={180} />
          <Skeleton variant="rectangular" height={420} />
        </Stack>
      )}
    </Box>
  );
}
