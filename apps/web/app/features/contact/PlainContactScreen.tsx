import type { Localized } from '@parcelle/shared/i18n/messages';
import { type ReactNode, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PlainButton } from '../forms/PlainButton';
import buttons from '../forms/plain-button.module.css';
import { localized, useLanguage } from '../i18n/language';
import { FormAlert } from '../newsletter/FormAlert';
import signup from '../newsletter/newsletter-signup.module.css';
import { PlainFormGuard } from '../newsletter/PlainFormGuard';
import form from '../newsletter/plain-form.module.css';
import { StatusFrame } from '../newsletter/StatusFrame';
import type { ContactBox, ContactField, ContactIssues, PlainContactState, PlainContactValues } from './plain-contact';
import styles from './plain-contact.module.css';

type FieldSpec = { name: ContactField; label: string; testId: string; type?: string; autoComplete?: string };

const PAIRED: readonly FieldSpec[] = [
  { name: 'first_name', label: 'content.contact.firstName', testId: 'contact-first-name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'content.contact.lastName', testId: 'contact-last-name', autoComplete: 'family-name' },
  { name: 'email', label: 'content.contact.email', testId: 'contact-email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'content.contact.phone', testId: 'contact-phone', type: 'tel', autoComplete: 'tel' },
];

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
  const Control = multiline ? 'textarea' : 'input';
  return (
    <div>
      <label htmlFor={id} className={form.label}>
        {t(spec.label)}
      </label>
      <Control
        id={id}
        name={spec.name}
        {...(multiline ? { rows: 7 } : { type: spec.type ?? 'text' })}
        autoComplete={spec.autoComplete}
        required
        defaultValue={value}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? `${id}-issue` : undefined}
        data-testid={spec.testId}
        className={[signup.input, form.input, multiline && form.multiline].filter(Boolean).join(' ')}
      />
      {issue && (
        <p id={`${id}-issue`} data-testid={`${spec.testId}-error`} className={`${signup.helper} ${form.issue}`}>
          {issue}
        </p>
      )}
    </div>
  );
}

/** The privacy policy's link in the box's sentence (in the same window, as the page's other links). */
function PrivacyLink({ children }: { children?: ReactNode }) {
  return <a href="/privacy-policy">{children}</a>;
}

/** One of the two boxes the visitor ticks (spec §5), the browser's own checkbox: it needs no script. */
function Consent({ name, checked, issueId }: { name: ContactBox; checked: boolean; issueId?: string }) {
  const { t } = useTranslation();
  return (
    <label className={styles.consent}>
      <input
        type="checkbox"
        name={name}
        defaultChecked={checked}
        required
        aria-invalid={issueId ? true : undefined}
        aria-describedby={issueId}
        data-testid={`contact-${name}`}
        className={styles.box}
      />
      <span className={styles.consentText}>
        {name === 'privacy' ? (
          <Trans i18nKey="content.contact.privacy" components={[<PrivacyLink key="link" />]} />
        ) : (
          t('content.contact.consent')
        )}
      </span>
    </label>
  );
}

/** The two boxes and, under them, their one issue ("These two fields are required." or "I accept"), as the dialog. */
function Consents({ values, issues }: { values: PlainContactValues; issues: ContactIssues }) {
  const language = useLanguage();
  const issueId = useId();
  const issue = issues.consent ?? issues.privacy;
  return (
    <div className={styles.consents}>
      {(['consent', 'privacy'] as const).map((name) => (
        <Consent key={name} name={name} checked={values[name]} issueId={issues[name] ? issueId : undefined} />
      ))}
      {issue && (
        <p id={issueId} data-testid="contact-boxes-error" className={`${signup.helper} ${form.issue}`}>
          {localized(issue, language)}
        </p>
      )}
    </div>
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
        <div className={form.form}>
          <FormAlert severity="success" role="status" testId="contact-message-sent" className={form.message}>
            {say(page.message)}
          </FormAlert>
          <p className={`${form.lead} ${form.last}`}>{t('content.contact.sentText')}</p>
          <a href="/" className={`${buttons.button} ${buttons.outlined} ${form.button}`}>
            {t('content.contact.home')}
          </a>
        </div>
      </Frame>
    );
  }
  const values: PlainContactValues = page.values;
  const hasIssues = Object.keys(page.issues).length > 0;
  return (
    <Frame state="form" title={t('content.contact.title')}>
      <p className={styles.intro}>{t('content.contact.intro')}</p>
      {/* The page's own address, its `?lng=` kept: the action answers in the language the form was read in. */}
      <form method="post" action={`/contact${search}`} noValidate data-testid="contact-page-form" className={form.form}>
        {hasIssues && (
          <FormAlert severity="error" testId="contact-check-fields" className={styles.checkFields}>
            {t('content.contact.checkFields')}
          </FormAlert>
        )}
        <PlainFormGuard token={page.token} label={t('content.contact.leaveEmpty')} />
        <div className={styles.fields}>
          <div className={styles.pair}>
            {PAIRED.map((spec) => (
              <Field key={spec.name} spec={spec} value={values[spec.name]} issue={say(page.issues[spec.name])} />
            ))}
          </div>
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
            <FormAlert severity="warning" testId="contact-failure">
              {say(page.failure)}
            </FormAlert>
          )}
          <div className={styles.send}>
            <PlainButton
              type="submit"
              size="large"
              data-testid="contact-submit"
              className={`${form.button} ${styles.submit}`}
            >
              {t('content.contact.submit')}
            </PlainButton>
          </div>
        </div>
      </form>
    </Frame>
  );
}
