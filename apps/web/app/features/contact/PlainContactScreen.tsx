import { Alert, Box, Button, FormHelperText, Link as MuiLink, Stack, Typography } from '@mui/material';
import type { Localized } from '@parcelle/shared/i18n/messages';
import { type ReactNode, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { localized, useLanguage } from '../i18n/language';
import { EMAIL_INPUT_SX } from '../newsletter/email-input';
import { PlainFormGuard } from '../newsletter/PlainFormGuard';
import { StatusFrame } from '../newsletter/StatusFrame';
import { palette } from '../theme/theme';
import type { ContactBox, ContactField, ContactIssues, PlainContactState, PlainContactValues } from './plain-contact';

type FieldSpec = { name: ContactField; label: string; testId: string; type?: string; autoComplete?: string };

const PAIRED: readonly FieldSpec[] = [
  { name: 'first_name', label: 'content.contact.firstName', testId: 'contact-first-name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'content.contact.lastName', testId: 'contact-last-name', autoComplete: 'family-name' },
  { name: 'email', label: 'content.contact.email', testId: 'contact-email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'content.contact.phone', testId: 'contact-phone', type: 'tel', autoComplete: 'tel' },
];

const INVALID_SX = { '&[aria-invalid="true"]': { borderColor: 'error.main', borderWidth: 2 } } as const;

/** A label above its field and the field's issue under it, as the newsletter's plain form (decision 465). */
function Field({
  spec,
  value,
  issue,
  multiline = false,
}: {
  spec: FieldSpec;
  value: string;
  issue?: string;
  multiline?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Box>
      <Typography component="label" htmlFor={id} sx={{ display: 'block', fontWeight: 500, mb: 1 }}>
        {t(spec.label)}
      </Typography>
      <Box
        component={multiline ? 'textarea' : 'input'}
        id={id}
        name={spec.name}
        {...(multiline ? { rows: 7 } : { type: spec.type ?? 'text' })}
        autoComplete={spec.autoComplete}
        required
        defaultValue={value}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? `${id}-issue` : undefined}
        data-testid={spec.testId}
        sx={{
          ...EMAIL_INPUT_SX,
          ...INVALID_SX,
          ...(multiline ? { py: 1.5, resize: 'vertical', lineHeight: 1.6 } : {}),
        }}
      />
      {issue && (
        <FormHelperText id={`${id}-issue`} error data-testid={`${spec.testId}-error`} sx={{ mx: 0 }}>
          {issue}
        </FormHelperText>
      )}
    </Box>
  );
}

/** One of the two boxes the visitor ticks (spec §5), the browser's own checkbox: it needs no script. */
function Consent({ name, checked, issueId }: { name: ContactBox; checked: boolean; issueId?: string }) {
  const { t } = useTranslation();
  return (
    <Box component="label" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', cursor: 'pointer' }}>
      <Box
        component="input"
        type="checkbox"
        name={name}
        defaultChecked={checked}
        required
        aria-invalid={issueId ? true : undefined}
        aria-describedby={issueId}
        data-testid={`contact-${name}`}
        sx={{ width: 20, height: 20, mt: 0.25, flex: 'none', accentColor: palette.ink, cursor: 'pointer' }}
      />
      <Typography component="span" sx={{ fontSize: 14.5, lineHeight: 1.6 }}>
        {name === 'privacy' ? (
          <Trans
            i18nKey="content.contact.privacy"
            components={[<MuiLink key="link" href="/privacy-policy" underline="always" />]}
          />
        ) : (
          t('content.contact.consent')
        )}
      </Typography>
    </Box>
  );
}

/** The two boxes and, under them, their one issue ("These two fields are required." or "I accept"), as the dialog. */
function Consents({ values, issues }: { values: PlainContactValues; issues: ContactIssues }) {
  const language = useLanguage();
  const issueId = useId();
  const issue = issues.consent ?? issues.privacy;
  return (
    <Stack spacing={1.5} sx={{ pt: 1 }}>
      {(['consent', 'privacy'] as const).map((name) => (
        <Consent key={name} name={name} checked={values[name]} issueId={issues[name] ? issueId : undefined} />
      ))}
      {issue && (
        <FormHelperText id={issueId} error data-testid="contact-boxes-error" sx={{ mx: 0 }}>
          {localized(issue, language)}
        </FormHelperText>
      )}
    </Stack>
  );
}

/** The frame of the page: the site's quiet pages' (an eyebrow, a serif title, a hairline), a form's width. */
function Frame({ state, title, children }: { state: string; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <StatusFrame
      testId="contact-screen"
      state={state}
      eyebrow={t('content.contact.eyebrow')}
      title={title}
      width="form"
    >
      {children}
    </StatusFrame>
  );
}

/**
 * /contact: the contact form as a plain HTML form (issue 33, decision 476), read and sent without JavaScript. No
 * state: the server renders what its action decided (plain-contact.ts), what was typed kept in each field.
 */
export function PlainContactScreen({ page }: { page: PlainContactState }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { search } = useLocation();
  const say = (message: Localized | undefined) => (message ? localized(message, language) : undefined);
  if (page.state === 'sent') {
    return (
      <Frame state="sent" title={t('content.contact.sentTitle')}>
        <Alert severity="success" role="status" data-testid="contact-message-sent" sx={{ mb: 3 }}>
          {say(page.message)}
        </Alert>
        <Typography variant="subtitle1" sx={{ mb: 4 }}>
          {t('content.contact.sentText')}
        </Typography>
        <Button href="/" variant="outlined" sx={{ minHeight: 48 }}>
          {t('content.contact.home')}
        </Button>
      </Frame>
    );
  }
  const values: PlainContactValues = page.values;
  const hasIssues = Object.keys(page.issues).length > 0;
  return (
    <Frame state="form" title={t('content.contact.title')}>
      <Typography variant="subtitle1" sx={{ mb: 5, maxWidth: 600 }}>
        {t('content.contact.intro')}
      </Typography>
      {/* The page's own address, its `?lng=` kept: the action answers in the language the form was read in. */}
      <Box component="form" method="post" action={`/contact${search}`} noValidate data-testid="contact-page-form">
        {hasIssues && (
          <Alert severity="error" role="alert" data-testid="contact-check-fields" sx={{ mb: 4 }}>
            {t('content.contact.checkFields')}
          </Alert>
        )}
        <PlainFormGuard token={page.token} label={t('content.contact.leaveEmpty')} />
        <Stack spacing={3}>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {PAIRED.map((spec) => (
              <Field key={spec.name} spec={spec} value={values[spec.name]} issue={say(page.issues[spec.name])} />
            ))}
          </Box>
          <Field
            spec={{ name: 'object', label: 'content.contact.object', testId: 'contact-object' }}
            value={values.object}
            issue={say(page.issues.object)}
          />
          <Field
            spec={{ name: 'message', label: 'content.contact.message', testId: 'contact-message' }}
            value={values.message}
            issue={say(page.issues.message)}
            multiline
          />
          <Consents values={values} issues={page.issues} />
          {page.failure && (
            <Alert severity="warning" role="alert" data-testid="contact-failure">
              {say(page.failure)}
            </Alert>
          )}
          <Box sx={{ pt: 1 }}>
            <Button
              type="submit"
              variant="contained"
              size="large"
              data-testid="contact-submit"
              sx={{ minHeight: 48, minWidth: { xs: '100%', sm: 240 } }}
            >
              {t('content.contact.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Frame>
  );
}
