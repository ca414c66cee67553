import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import {
  type TInvestorProfile,
  type TLossSimulationRequest,
  type TSophisticationRequest,
  ZKnowledgeTestRequest,
  ZLossSimulationRequest,
  ZSophisticationRequest,
} from '@parcelle/shared/contracts/investor';
import { messages } from '@parcelle/shared/i18n/messages';
import {
  KNOWLEDGE_QUESTIONS,
  lossCapacityMinor,
  netWorthMinor,
  SOPHISTICATION_CRITERIA,
  SOPHISTICATION_CRITERIA_LABELS,
  SOPHISTICATION_MAX_DOCUMENTS,
} from '@parcelle/shared/investor';
import { formatMoney } from '@parcelle/shared/money';
import { documentFileProblem, VERIFICATION_DOCUMENT_LIMITS as LIMITS } from '@parcelle/shared/verification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EditSection, SubmitButton, successText } from '../account/ui';
import { useToast } from '../feedback/toast';
import { issueText } from '../forms/issue-text';
import { localized, useLanguage } from '../i18n/language';
import { usePageMeta } from '../layout/use-page-meta';
import { errorText } from '../session/api-error';
import { profileQuery } from '../session/profile';
import { useStoredSession } from '../session/use-session';
import { palette } from '../theme/theme';
import { formatBytes, formatDay, typeName } from '../verification/format';
import {
  acknowledgeRiskWarning,
  downloadEvidence,
  investorQuery,
  requestSophistication,
  simulateLoss,
  takeKnowledgeTest,
  uploadEvidence,
} from './api';
import { INVESTOR_KEY } from './keys';

type Answer = { data: TInvestorProfile; message: { en: string; fr: string } };

/** Each save answers the whole profile: the cache takes it, the success message is toasted, a failure too. */
function useProfileSave<T>(call: (input: T) => Promise<Answer>) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(INVESTOR_KEY, answer.data);
      toast(successText(answer, messages.Ok), 'success');
    },
    onError: (error) => toast(localized(errorText(error)), 'error'),
  });
}

function StatusPanel({ profile }: { profile: TInvestorProfile }) {
  const { t } = useTranslation();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="investor-status-title"
      data-testid="investor-status"
      data-ready={profile.ready}
      sx={{ p: { xs: 3, md: 5 }, borderColor: palette.line }}
    >
      <Typography variant="h5" component="h2" id="investor-status-title" sx={{ mb: 2 }}>
        {t('investor.status.heading')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Typography variant="body2" sx={{ color: palette.muted }}>
          {t('investor.status.category')}
        </Typography>
        <Chip label={t(`investor.category.${profile.category}`)} variant="outlined" data-testid="investor-category" />
      </Box>
      {profile.ready ? (
        <Typography data-testid="investor-ready" sx={{ color: palette.success }}>
          {t('investor.status.ready')}
        </Typography>
      ) : (
        <>
          <Typography>{t('investor.status.missing', { count: profile.missing.length })}</Typography>
          <Box component="ul" sx={{ mt: 1, mb: 0 }} data-testid="investor-missing">
            {profile.missing.map((step) => (
              <li key={step}>{t(`investor.steps.${step}`)}</li>
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}

type TestInput = z.input<typeof ZKnowledgeTestRequest>;

function KnowledgeTestSection({ profile }: { profile: TInvestorProfile }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const test = profile.knowledge_test;
  const form = useForm<TestInput>({
    resolver: zodResolver(ZKnowledgeTestRequest),
    defaultValues: { version: profile.current_test_version, answers: {} },
  });
  const save = useProfileSave((values: TestInput) => takeKnowledgeTest(values));
  const acknowledge = useProfileSave(() =>
    acknowledgeRiskWarning(profile.warnings.knowledge_test_risk_warning.version, language),
  );
  const answersError = form.formState.errors.answers;
  const needsWarning = test !== null && !test.passed && !test.expired && !test.warning_acknowledged;
  const current = test !== null && !test.expired && (test.passed || test.warning_acknowledged);
  return (
    <EditSection
      id="knowledge-test"
      title={t('investor.test.title')}
      description={t('investor.test.text')}
      testId="investor-test"
    >
      {test && (
        <Alert
          severity={test.passed ? 'success' : 'info'}
          variant="outlined"
          sx={{ mb: 3 }}
          data-testid="investor-test-result"
          data-passed={test.passed}
        >
          {t(test.passed ? 'investor.test.passed' : 'investor.test.failed', {
            score: test.score,
            max: test.max_score,
            date: formatDay(test.taken_at, language),
          })}{' '}
          {t(test.expired ? 'investor.test.expired' : 'investor.test.validUntil', {
            date: formatDay(test.valid_until, language),
          })}
        </Alert>
      )}
      {needsWarning && (
        <Alert severity="warning" variant="outlined" sx={{ mb: 3 }} data-testid="investor-risk-warning">
          <Typography sx={{ fontWeight: 500, mb: 1 }}>{t('investor.test.warningTitle')}</Typography>
          <Typography variant="body2" data-testid="investor-risk-warning-text">
            {profile.warnings.knowledge_test_risk_warning[language]}
          </Typography>
          <Button
            variant="contained"
            sx={{ mt: 2, minHeight: 44 }}
            disabled={acknowledge.isPending}
            onClick={() => acknowledge.mutate(undefined)}
            data-testid="investor-risk-warning-accept"
          >
            {t('investor.test.warningAccept')}
          </Button>
        </Alert>
      )}
      {!current || !test?.passed ? (
        <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <Stack spacing={3}>
            {KNOWLEDGE_QUESTIONS.map((question, index) => (
              <Controller
                key={question.id}
                control={form.control}
                name={`answers.${question.id}`}
                render={({ field }) => (
                  <FormControl component="fieldset" data-testid={`investor-question-${question.id}`}>
                    <FormLabel component="legend" sx={{ color: palette.ink, fontWeight: 500 }}>
                      {`${index + 1}. ${question.text[language]}`}
                    </FormLabel>
                    <FormHelperText sx={{ mx: 0 }}>{question.help[language]}</FormHelperText>
                    <RadioGroup
                      name={field.name}
                      value={field.value ?? ''}
                      onChange={(_, value) => field.onChange(value)}
                    >
                      {question.options.map((option) => (
                        <FormControlLabel
                          key={option.id}
                          value={option.id}
                          control={
                            <Radio
                              slotProps={{
                                input: { 'data-testid': `investor-answer-${question.id}-${option.id}` } as object,
                              }}
                            />
                          }
                          label={option.text[language]}
                        />
                      ))}
                    </RadioGroup>
                  </FormControl>
                )}
              />
            ))}
            {answersError && (
              <FormHelperText error data-testid="investor-test-error">
                {issueText(t, typeof answersError.message === 'string' ? answersError.message : undefined) ??
                  t('msg:KnowledgeTestIncomplete')}
              </FormHelperText>
            )}
            <Box>
              <SubmitButton type="submit" variant="contained" busy={save.isPending} data-testid="investor-test-submit">
                {t('investor.test.submit')}
              </SubmitButton>
            </Box>
          </Stack>
        </Box>
      ) : null}
    </EditSection>
  );
}

const digitsToMinor = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 10);
  return digits === '' ? undefined : Number(digits) * 100;
};

type SimulationInput = z.input<typeof ZLossSimulationRequest>;
const SIMULATION_FIELDS = ['annual_income_minor', 'liquid_assets_minor', 'annual_commitments_minor'] as const;

function LossSimulationSection({ profile, currency }: { profile: TInvestorProfile; currency: Currency }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const last = profile.loss_simulation;
  const form = useForm<SimulationInput>({
    resolver: zodResolver(ZLossSimulationRequest),
    defaultValues: last
      ? {
          annual_income_minor: last.annual_income_minor,
          liquid_assets_minor: last.liquid_assets_minor,
          annual_commitments_minor: last.annual_commitments_minor,
        }
      : ({} as SimulationInput),
  });
  const save = useProfileSave((values: TLossSimulationRequest) => simulateLoss(values));
  const values = useWatch({ control: form.control });
  const complete = SIMULATION_FIELDS.every((name) => typeof values[name] === 'number');
  const worth = complete
    ? netWorthMinor({
        incomeMinor: values.annual_income_minor ?? 0,
        liquidAssetsMinor: values.liquid_assets_minor ?? 0,
        commitmentsMinor: values.annual_commitments_minor ?? 0,
      })
    : null;
  const money = (minor: number) => formatMoney(minor, last?.currency ?? currency, language);
  return (
    <EditSection
      id="loss-simulation"
      title={t('investor.simulation.title')}
      description={t('investor.simulation.text')}
      testId="investor-simulation"
    >
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit((input) => save.mutate(input as TLossSimulationRequest))}
      >
        <Stack spacing={2.5}>
          {SIMULATION_FIELDS.map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field, fieldState }) => {
                const error = issueText(t, fieldState.error?.message);
                return (
                  <TextField
                    label={t(`investor.simulation.${name}.label`, { currency: last?.currency ?? currency })}
                    name={field.name}
                    value={typeof field.value === 'number' ? String(Math.round(field.value / 100)) : ''}
                    onChange={(event) => field.onChange(digitsToMinor(event.target.value))}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={Boolean(error)}
                    helperText={error ?? t(`investor.simulation.${name}.help`)}
                    slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `investor-${name}` } }}
                  />
                );
              }}
            />
          ))}
          {worth !== null && (
            <Box data-testid="investor-simulation-preview" aria-live="polite">
              <Typography>{t('investor.simulation.netWorth', { amount: money(worth) })}</Typography>
              <Typography sx={{ fontWeight: 500 }}>
                {t('investor.simulation.capacity', { amount: money(lossCapacityMinor(worth)) })}
              </Typography>
            </Box>
          )}
          {last && (
            <Typography variant="body2" sx={{ color: palette.muted }} data-testid="investor-simulation-saved">
              {t('investor.simulation.saved', {
                netWorth: money(last.net_worth_minor),
                capacity: money(last.loss_capacity_minor),
                date: formatDay(last.created_at, language),
              })}
            </Typography>
          )}
          {profile.investment_warning_threshold_minor !== null && (
            <Typography variant="body2" sx={{ color: palette.muted }} data-testid="investor-threshold">
              {t('investor.simulation.threshold', {
                amount: formatMoney(profile.investment_warning_threshold_minor, 'EURO', language),
              })}
            </Typography>
          )}
          <Box>
            <SubmitButton
              type="submit"
              variant="contained"
              busy={save.isPending}
              data-testid="investor-simulation-submit"
            >
              {t('investor.simulation.submit')}
            </SubmitButton>
          </Box>
        </Stack>
      </Box>
    </EditSection>
  );
}

type Request = NonNullable<TInvestorProfile['sophistication']>;

/** What is wrong with a file before it is sent (documentFileProblem), in words, else null. */
function fileProblem(file: File, t: ReturnType<typeof useTranslation>['t'], language: 'en' | 'fr'): string | null {
  switch (documentFileProblem(file)) {
    case 'empty':
      return t('investor.evidence.empty');
    case 'too_large':
      return t('investor.evidence.tooLarge', { max: formatBytes(LIMITS.maxBytes, language) });
    case 'wrong_type':
      return t('investor.evidence.wrongType');
    default:
      return null;
  }
}

/**
 * The evidence of a request (Annex II; decision 328): the files sent, each opened from here (only the member and
 * compliance can read them), and, while the request waits for its decision, a button to attach another.
 */
function EvidenceDocuments({ request }: { request: Request }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const picker = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useProfileSave((file: File) => uploadEvidence(request.id, file));
  const open = useMutation({
    mutationFn: (document: Request['documents'][number]) => downloadEvidence(request.id, document),
    onError: (error) => toast(localized(errorText(error), language), 'error'),
  });
  const pending = request.state === 'pending';
  const full = request.documents.length >= SOPHISTICATION_MAX_DOCUMENTS;
  const chosen = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const local = fileProblem(file, t, language);
    setProblem(local);
    if (!local) save.mutate(file);
  };
  if (!pending && request.documents.length === 0) return null;
  return (
    <Box data-testid="investor-evidence" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
        {t('investor.evidence.title')}
      </Typography>
      {pending && (
        <Typography variant="body2" sx={{ color: palette.muted, mb: 1.5 }}>
          {t('investor.evidence.text', {
            size: formatBytes(LIMITS.maxBytes, language),
            count: SOPHISTICATION_MAX_DOCUMENTS,
          })}
        </Typography>
      )}
      {request.documents.length === 0 ? (
        <Typography variant="body2" data-testid="investor-evidence-none">
          {t('investor.evidence.none')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {request.documents.map((document, index) => (
            <Box
              component="li"
              key={document.id}
              data-testid={`investor-evidence-${document.id}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1, borderTop: `1px solid ${palette.line}` }}
            >
              <Typography variant="body2" sx={{ flex: 1 }}>
                {t('investor.evidence.item', {
                  number: index + 1,
                  type: typeName(document.content_type),
                  size: formatBytes(document.size_bytes, language),
                  date: formatDay(document.uploaded_at, language),
                })}
              </Typography>
              <Button
                size="small"
                variant="text"
                disabled={open.isPending}
                onClick={() => open.mutate(document)}
                data-testid={`investor-evidence-open-${document.id}`}
              >
                {t('investor.evidence.open')}
              </Button>
            </Box>
          ))}
        </Box>
      )}
      {problem && (
        <FormHelperText error role="alert" data-testid="investor-evidence-error" sx={{ mx: 0, fontSize: 14 }}>
          {problem}
        </FormHelperText>
      )}
      {pending && !full && (
        <Box sx={{ mt: 1.5 }}>
          <SubmitButton
            type="button"
            variant="outlined"
            busy={save.isPending}
            onClick={() => picker.current?.click()}
            data-testid="investor-evidence-choose"
          >
            {t('investor.evidence.choose')}
          </SubmitButton>
          <input
            ref={picker}
            type="file"
            accept={LIMITS.contentTypes.join(',')}
            hidden
            tabIndex={-1}
            aria-hidden="true"
            data-testid="investor-evidence-input"
            onChange={(event) => chosen(event.currentTarget)}
          />
        </Box>
      )}
    </Box>
  );
}

type CategoryInput = z.input<typeof ZSophisticationRequest>;

function CategorySection({ profile }: { profile: TInvestorProfile }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const request = profile.sophistication;
  const form = useForm<CategoryInput>({
    resolver: zodResolver(ZSophisticationRequest),
    defaultValues: { criteria: [], statement: '', accepted: false as unknown as true },
  });
  const save = useProfileSave((values: TSophisticationRequest) => requestSophistication(values));
  const pending = request?.state === 'pending';
  return (
    <EditSection
      id="investor-category"
      title={t('investor.category.title')}
      description={t('investor.category.text')}
      testId="investor-category-section"
      tone="quiet"
    >
      {request && (
        <Alert severity="info" variant="outlined" sx={{ mb: 3 }} data-testid="investor-category-request">
          {t(`investor.category.request.${request.state}`, {
            date: formatDay(request.created_at, language),
            until: request.valid_until ? formatDay(request.valid_until, language) : '',
          })}
          {request.reason ? ` ${request.reason}` : ''}
        </Alert>
      )}
      {request && <EvidenceDocuments request={request} />}
      {profile.protections.category && !pending && profile.category === 'non_sophisticated' && (
        <Box
          component="form"
          noValidate
          onSubmit={form.handleSubmit((values) => save.mutate(values as TSophisticationRequest))}
        >
          <Stack spacing={2}>
            <Controller
              control={form.control}
              name="criteria"
              render={({ field, fieldState }) => (
                <FormControl component="fieldset" error={Boolean(fieldState.error)}>
                  <FormLabel component="legend">{t('investor.category.criteria')}</FormLabel>
                  {SOPHISTICATION_CRITERIA.map((criterion) => (
                    <FormControlLabel
                      key={criterion}
                      sx={{ alignItems: 'flex-start', mt: 1 }}
                      control={
                        <Checkbox
                          checked={field.value?.includes(criterion) ?? false}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...(field.value ?? []), criterion]
                                : (field.value ?? []).filter((item) => item !== criterion),
                            )
                          }
                          sx={{ mt: -0.75 }}
                        />
                      }
                      label={
                        <Typography variant="body2">{SOPHISTICATION_CRITERIA_LABELS[criterion][language]}</Typography>
                      }
                    />
                  ))}
                  {fieldState.error && <FormHelperText>{issueText(t, fieldState.error.message)}</FormHelperText>}
                </FormControl>
              )}
            />
            <Controller
              control={form.control}
              name="statement"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  multiline
                  minRows={3}
                  label={t('investor.category.statement')}
                  error={Boolean(fieldState.error)}
                  helperText={issueText(t, fieldState.error?.message) ?? t('investor.category.statementHelp')}
                />
              )}
            />
            <Controller
              control={form.control}
              name="accepted"
              render={({ field, fieldState }) => (
                <FormControl error={Boolean(fieldState.error)}>
                  <FormControlLabel
                    sx={{ alignItems: 'flex-start' }}
                    control={
                      <Checkbox
                        checked={field.value === true}
                        onChange={(event) => field.onChange(event.target.checked)}
                        sx={{ mt: -0.75 }}
                      />
                    }
                    label={<Typography variant="body2">{t('investor.category.declaration')}</Typography>}
                  />
                  {fieldState.error && <FormHelperText>{issueText(t, fieldState.error.message)}</FormHelperText>}
                </FormControl>
              )}
            />
            <Box>
              <SubmitButton
                type="submit"
                variant="outlined"
                busy={save.isPending}
                data-testid="investor-category-submit"
              >
                {t('investor.category.submit')}
              </SubmitButton>
            </Box>
          </Stack>
        </Box>
      )}
    </EditSection>
  );
}

/**
 * /user/investor-profile (issue 30): the investor onboarding after identity verification, as steps of one page —
 * where the member stands, the knowledge test (and the risk warning when it is failed), the loss simulation, and the
 * request to be treated as a sophisticated investor. Every rule is the server's; the page shows its answers.
 */
export function InvestorProfileScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageMeta(t('investor.title'), t('investor.metaDescription'));
  const { token } = useStoredSession();
  const query = useQuery({ ...investorQuery, enabled: Boolean(token) });
  const member = useQuery({ ...profileQuery, enabled: Boolean(token) });
  const profile = query.data;
  const currency: Currency = member.data?.curr ?? 'EURO';
  const sophisticated = profile?.category === 'sophisticated';
  return (
    <Box data-testid="investor-screen">
      <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
        {t('investor.title')}
      </Typography>
      <Typography variant="subtitle1" sx={{ mb: { xs: 3, md: 5 }, maxWidth: 680 }}>
        {t('investor.intro')}
      </Typography>
      {profile ? (
        <Stack spacing={{ xs: 3, md: 4 }}>
          <StatusPanel profile={profile} />
          {profile.protections.knowledge_test && !sophisticated && <KnowledgeTestSection profile={profile} />}
          {profile.protections.loss_simulation && !sophisticated && (
            <LossSimulationSection profile={profile} currency={currency} />
          )}
          {profile.protections.category && <CategorySection profile={profile} />}
        </Stack>
      ) : query.isError ? (
        <Alert severity="error" variant="outlined" data-testid="investor-load-error">
          {localized(errorText(query.error), language)}
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
