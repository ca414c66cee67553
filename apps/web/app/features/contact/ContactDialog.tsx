import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useToast } from '../feedback/toast-queue';
import { issueText } from '../forms/issue-text';
import { PlainButton } from '../forms/PlainButton';
import { PlainCheckbox, PlainGroupIssue, PlainTextField } from '../forms/PlainField';
import { localized } from '../i18n/language';
import { errorText } from '../session/api-error';
import styles from './contact-dialog.module.css';
import { type ContactInput, type ContactValues, contactBody, contactResolver, EMPTY_CONTACT } from './contact-form';
import { FooterDialog } from './FooterDialog';

/** The privacy policy, in a new tab: what was typed here stays. */
function PrivacyLink({ children }: { children?: ReactNode }) {
  return (
    <a href="/privacy-policy" target="_blank" rel="noopener">
      {children}
    </a>
  );
}

/**
 * The contact form (spec §3 Contact message, §5, §8): every field and both boxes required. Plain elements styled by
 * CSS Modules (issue 33, decision 494): a document's island mounts it without MUI, and the app draws it the same.
 */
export function ContactForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const boxesId = useId();
  const [busy, setBusy] = useState(false);
  // Said in the form, not in a toast: the dialog is the browser's modal, above everything else on the page.
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ContactInput, unknown, ContactValues>({
    resolver: contactResolver,
    defaultValues: EMPTY_CONTACT,
  });
  const errors = form.formState.errors;
  const issue = (message: string | undefined) => issueText(t, message);
  const boxesError = issue(errors.consent?.message ?? errors.privacy?.message);

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setFailure(null);
    try {
      // The API client, the captcha and the catalogue's sentence come with the first send, not when the form opens
      // (decision 495): a document's island wakes on the click that opens it.
      const [{ apiRequest }, { captchaAnswer }, { messages }] = await Promise.all([
        import('../session/api'),
        import('../captcha/captcha'),
        import('@parcelle/shared/i18n/messages'),
      ]);
      await apiRequest<null>('/contact/', { method: 'POST', body: contactBody(values, await captchaAnswer()) });
      toast(localized(messages.MessageSentSuccess), 'success');
      form.reset(EMPTY_CONTACT);
      onSent();
    } catch (error) {
      setFailure(localized(errorText(error)));
    } finally {
      setBusy(false);
    }
  });

  const text = (
    name: 'first_name' | 'last_name' | 'email' | 'phone' | 'object' | 'message',
    label: string,
    testId: string,
    extra: { type?: string; autoComplete?: string; multiline?: boolean } = {},
  ) => (
    <PlainTextField
      registration={form.register(name)}
      label={t(label)}
      error={issue(errors[name]?.message)}
      testId={testId}
      required
      {...extra}
    />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="contact-form" className={styles.form}>
      <div className={styles.pairs}>
        {text('first_name', 'content.contact.firstName', 'contact-first-name', { autoComplete: 'given-name' })}
        {text('last_name', 'content.contact.lastName', 'contact-last-name', { autoComplete: 'family-name' })}
        {text('email', 'content.contact.email', 'contact-email', { type: 'email', autoComplete: 'email' })}
        {text('phone', 'content.contact.phone', 'contact-phone', { type: 'tel', autoComplete: 'tel' })}
      </div>
      {text('object', 'content.contact.object', 'contact-object')}
      {text('message', 'content.contact.message', 'contact-message', { multiline: true })}
      <div>
        <PlainCheckbox
          registration={form.register('consent')}
          invalid={Boolean(errors.consent)}
          describedBy={errors.consent ? boxesId : undefined}
          testId="contact-consent"
        >
          {t('content.contact.consent')}
        </PlainCheckbox>
        <PlainCheckbox
          registration={form.register('privacy')}
          invalid={Boolean(errors.privacy)}
          describedBy={errors.privacy ? boxesId : undefined}
          testId="contact-privacy"
        >
          <Trans i18nKey="content.contact.privacy" components={[<PrivacyLink key="link" />]} />
        </PlainCheckbox>
        {boxesError && (
          <PlainGroupIssue id={boxesId} testId="contact-boxes-error">
            {boxesError}
          </PlainGroupIssue>
        )}
      </div>
      {failure && (
        <p role="alert" data-testid="contact-failure" className={styles.failure}>
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        <PlainButton type="submit" size="large" disabled={busy} data-testid="contact-submit" className={styles.submit}>
          {busy ? t('content.contact.sending') : t('content.contact.submit')}
        </PlainButton>
      </div>
    </form>
  );
}

export function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FooterDialog
      id="contact-dialog"
      open={open}
      onClose={onClose}
      eyebrow={t('content.contact.eyebrow')}
      title={t('content.contact.title')}
      testId="contact-dialog"
    >
      <p className={styles.intro}>{t('content.contact.intro')}</p>
      <ContactForm onSent={onClose} />
    </FooterDialog>
  );
}
