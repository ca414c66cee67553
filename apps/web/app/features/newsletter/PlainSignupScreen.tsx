import { Alert, Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText } from '../forms/issue-text';
import { localized, useLanguage } from '../i18n/language';
import { EMAIL_INPUT_SX } from './email-input';
import { PlainFormGuard } from './PlainFormGuard';
import type { PlainSignupStep } from './plain-signup';
import { StatusFrame } from './StatusFrame';

/** Where each step posts: the page itself, whose action takes the next step (plain-signup.ts). */
const ACTION = '/newsletter/subscribe';

/**
 * /newsletter/subscribe: the newsletter sign-up of a page read without JavaScript (decision 465). Plain HTML forms,
 * no state: the server renders the step its action decided.
 */
export function PlainSignupScreen({ step }: { step: PlainSignupStep }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const inputId = useId();
  const issue = step.step === 'address' ? issueText(t, step.issue) : undefined;
  return (
    <StatusFrame
      testId="newsletter-subscribe-screen"
      state={step.step}
      eyebrow={t('content.newsletter.eyebrow')}
      title={t(step.step === 'sent' ? 'content.newsletter.sentTitle' : 'content.newsletter.subscribeTitle')}
    >
      {step.step === 'address' && (
        <Box component="form" method="post" action={ACTION} noValidate>
          <input type="hidden" name="back" value={step.back} />
          <Typography variant="subtitle1" sx={{ mb: 3 }}>
            {t('content.newsletter.addressText')}
          </Typography>
          <Typography component="label" htmlFor={inputId} sx={{ display: 'block', fontWeight: 500, mb: 1 }}>
            {t('content.footer.newsletterLabel')}
          </Typography>
          <Box
            component="input"
            id={inputId}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={step.email}
            aria-invalid={issue ? true : undefined}
            aria-describedby={issue ? `${inputId}-issue` : undefined}
            data-testid="newsletter-subscribe-email"
            sx={{
              ...EMAIL_INPUT_SX,
              maxWidth: 440,
              '&[aria-invalid="true"]': { borderColor: 'error.main', borderWidth: 2 },
            }}
          />
          {issue && (
            <FormHelperText id={`${inputId}-issue`} error sx={{ mx: 0 }}>
              {issue}
            </FormHelperText>
          )}
          <Button type="submit" variant="contained" sx={{ mt: 3, minHeight: 48 }}>
            {t('content.newsletter.continue')}
          </Button>
        </Box>
      )}
      {step.step === 'confirm' && (
        <Box component="form" method="post" action={ACTION}>
          {step.message && (
            <Alert severity="warning" role="alert" data-testid="newsletter-subscribe-message" sx={{ mb: 3 }}>
              {localized(step.message, language)}
            </Alert>
          )}
          <Typography variant="subtitle1" sx={{ mb: 4 }}>
            {t('content.newsletter.confirmText', { email: step.email })}
          </Typography>
          <input type="hidden" name="email" value={step.email} />
          <input type="hidden" name="back" value={step.back} />
          <PlainFormGuard token={step.token} label={t('content.newsletter.leaveEmpty')} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button type="submit" variant="contained" data-testid="newsletter-subscribe-confirm" sx={{ minHeight: 48 }}>
              {t('content.newsletter.subscribe')}
            </Button>
            <Button href={step.back} variant="outlined" sx={{ minHeight: 48 }}>
              {t('content.newsletter.back')}
            </Button>
          </Stack>
        </Box>
      )}
      {step.step === 'sent' && (
        <>
          <Alert severity="success" role="status" data-testid="newsletter-subscribe-message" sx={{ mb: 3 }}>
            {localized(step.message, language)}
          </Alert>
          <Typography variant="subtitle1" sx={{ mb: 4 }}>
            {t('content.newsletter.sentText')}
          </Typography>
          <Button href={step.back} variant="outlined" sx={{ minHeight: 48 }}>
            {t('content.newsletter.back')}
          </Button>
        </>
      )}
    </StatusFrame>
  );
}
