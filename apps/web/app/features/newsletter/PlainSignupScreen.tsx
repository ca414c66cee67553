import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText } from '../forms/issue-text';
import { PlainButton } from '../forms/PlainButton';
import buttons from '../forms/plain-button.module.css';
import { localized, useLanguage } from '../i18n/language';
import { FormAlert } from './FormAlert';
import signup from './newsletter-signup.module.css';
import { PlainFormGuard } from './PlainFormGuard';
import styles from './plain-form.module.css';
import type { PlainSignupStep } from './plain-signup';
import { StatusFrame } from './StatusFrame';

/** Where each step posts: the page itself, whose action takes the next step (plain-signup.ts). */
const ACTION = '/newsletter/subscribe';

/** The outlined button back to the page the visitor came from, 48 px high as the form's. */
function Back({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} className={`${buttons.button} ${buttons.outlined} ${styles.button}`}>
      {label}
    </a>
  );
}

/**
 * /newsletter/subscribe: the newsletter sign-up of a page read without JavaScript (decision 465). Plain HTML forms,
 * no state: the server renders the step its action decided. Plain elements on CSS Modules (issue 33): no MUI.
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
        <form method="post" action={ACTION} noValidate className={styles.form}>
          <input type="hidden" name="back" value={step.back} />
          <p className={styles.lead}>{t('content.newsletter.addressText')}</p>
          <label htmlFor={inputId} className={styles.label}>
            {t('content.footer.newsletterLabel')}
          </label>
          <input
            id={inputId}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={step.email}
            aria-invalid={issue ? true : undefined}
            aria-describedby={issue ? `${inputId}-issue` : undefined}
            data-testid="newsletter-subscribe-email"
            className={`${signup.input} ${styles.input} ${styles.narrow}`}
          />
          {issue && (
            <p id={`${inputId}-issue`} className={`${signup.helper} ${styles.issue}`}>
              {issue}
            </p>
          )}
          <PlainButton type="submit" className={`${styles.button} ${styles.submit}`}>
            {t('content.newsletter.continue')}
          </PlainButton>
        </form>
      )}
      {step.step === 'confirm' && (
        <form method="post" action={ACTION} className={styles.form}>
          {step.message && (
            <FormAlert severity="warning" testId="newsletter-subscribe-message" className={styles.message}>
              {localized(step.message, language)}
            </FormAlert>
          )}
          <p className={`${styles.lead} ${styles.last}`}>
            {t('content.newsletter.confirmText', { email: step.email })}
          </p>
          <input type="hidden" name="email" value={step.email} />
          <input type="hidden" name="back" value={step.back} />
          <PlainFormGuard token={step.token} label={t('content.newsletter.leaveEmpty')} />
          <div className={styles.actions}>
            <PlainButton type="submit" data-testid="newsletter-subscribe-confirm" className={styles.button}>
              {t('content.newsletter.subscribe')}
            </PlainButton>
            <Back href={step.back} label={t('content.newsletter.back')} />
          </div>
        </form>
      )}
      {step.step === 'sent' && (
        <div className={styles.form}>
          <FormAlert severity="success" role="status" testId="newsletter-subscribe-message" className={styles.message}>
            {localized(step.message, language)}
          </FormAlert>
          <p className={`${styles.lead} ${styles.last}`}>{t('content.newsletter.sentText')}</p>
          <Back href={step.back} label={t('content.newsletter.back')} />
        </div>
      )}
    </StatusFrame>
  );
}
