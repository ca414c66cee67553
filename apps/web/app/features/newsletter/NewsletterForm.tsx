import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../feedback/toast-queue';
import { issueText } from '../forms/issue-text';
import { PlainButton } from '../forms/PlainButton';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import styles from './newsletter-signup.module.css';

/**
 * The shared sign-up schema, loaded when first needed: the footer is on every page and its first paint must not wait
 * for zod (issue 14). Resolves to the first issue's catalogue key, or the normalised address.
 */
async function checkEmail(email: string): Promise<{ email: string } | { issue: string }> {
  const { ZNewsletterSignupForm } = await import('@parcelle/shared/contracts/catalogue');
  const parsed = ZNewsletterSignupForm.pick({ email: true }).safeParse({ email });
  return parsed.success ? { email: parsed.data.email } : { issue: parsed.error.issues[0]?.message ?? 'InvalidEmail' };
}

/**
 * The footer's newsletter sign-up (double opt-in): the answer is the server's message, in a toast. Plain elements and
 * a CSS Module (issue 33, decision 494), and no router: a document's island mounts it without MUI. `back` is the page
 * the no-script sign-up comes back to; `initialEmail` what was typed in a document's sign-up before it became an
 * island.
 */
export function NewsletterForm({ back, initialEmail = '' }: { back: string; initialEmail?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [issue, setIssue] = useState<string>();
  // After a first attempt, the field is checked again as it changes (as the other forms do).
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = async (value: string) => {
    setEmail(value);
    if (!tried) return;
    const checked = await checkEmail(value);
    setIssue('issue' in checked ? checked.issue : undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const checked = await checkEmail(email);
    if ('issue' in checked) {
      setIssue(checked.issue);
      inputRef.current?.focus();
      return;
    }
    setIssue(undefined);
    setBusy(true);
    try {
      // The API client is fetched with the first subscription, not when the sign-up wakes (decision 495).
      const { subscribe } = await import('./api');
      const message = await subscribe(checked.email, language);
      toast(localized(message, language), 'success');
      setEmail('');
      setTried(false);
    } catch (error) {
      toast(localized(errorText(error), language), 'error');
    } finally {
      setBusy(false);
    }
  };
  const issueShown = issueText(t, issue);
  const helperId = `${inputId}-helper`;
  return (
    <section aria-labelledby={`${inputId}-title`} className={styles.signup}>
      <div>
        <h2 id={`${inputId}-title`} className={styles.title}>
          {t('content.footer.newsletterTitle')}
        </h2>
        <p className={styles.text}>{t('content.footer.newsletterText')}</p>
      </div>
      {/* With a script, `submit` sends it with a captcha; read without one, the browser posts it to the page of the
          plain sign-up (decision 465), which asks to confirm and comes back here. */}
      <form method="post" action="/newsletter/subscribe" onSubmit={submit} noValidate data-testid="newsletter-form">
        <input type="hidden" name="back" value={back} />
        <label htmlFor={inputId} className={styles.label}>
          {t('content.footer.newsletterLabel')}
        </label>
        <div className={styles.row}>
          <div className={styles.field}>
            <input
              ref={inputRef}
              id={inputId}
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => void change(event.target.value)}
              placeholder={t('content.footer.newsletterPlaceholder')}
              aria-invalid={Boolean(issueShown)}
              aria-describedby={issueShown ? helperId : undefined}
              data-testid="newsletter-email"
              className={styles.input}
            />
            {issueShown && (
              <p id={helperId} data-testid="newsletter-email-error" className={styles.helper}>
                {issueShown}
              </p>
            )}
          </div>
          <PlainButton
            type="submit"
            tone="secondary"
            disabled={busy}
            data-testid="newsletter-submit"
            className={styles.submit}
          >
            {t('content.footer.newsletterSubmit')}
          </PlainButton>
        </div>
      </form>
    </section>
  );
}
