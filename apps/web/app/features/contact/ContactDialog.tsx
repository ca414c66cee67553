import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link as MuiLink,
  Stack,
  Typography,
} from '@mui/material';
import { messages } from '@parcelle/shared/i18n/messages';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { captchaAnswer } from '../captcha/captcha';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { issueText } from '../forms/issue-text';
import { localized } from '../i18n/language';
import { apiRequest } from '../session/api';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import { type ContactInput, type ContactValues, contactBody, contactResolver, EMPTY_CONTACT } from './contact-form';
import { FooterDialog } from './FooterDialog';

const BOXES = [
  { name: 'consent', testId: 'contact-consent', label: 'content.contact.consent' },
  { name: 'privacy', testId: 'contact-privacy', label: 'content.contact.privacy' },
] as const;

/** The contact form (spec §3 Contact message, §5, §8): every field and both boxes required. */
export function ContactForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  // Said in the form, not in a toast: the dialog is the browser's modal, above everything else on the page.
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ContactInput, unknown, ContactValues>({
    resolver: contactResolver,
    defaultValues: EMPTY_CONTACT,
  });
  const errors = form.formState.errors;
  const boxesError = issueText(t, errors.consent?.message ?? errors.privacy?.message);

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setFailure(null);
    try {
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

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="contact-form">
      <Stack spacing={2.25}>
        <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField
            control={form.control}
            name="first_name"
            label={t('content.contact.firstName')}
            autoComplete="given-name"
            required
            testId="contact-first-name"
          />
          <FormTextField
            control={form.control}
            name="last_name"
            label={t('content.contact.lastName')}
            autoComplete="family-name"
            required
            testId="contact-last-name"
          />
          <FormTextField
            control={form.control}
            name="email"
            label={t('content.contact.email')}
            type="email"
            autoComplete="email"
            required
            testId="contact-email"
          />
          <FormTextField
            control={form.control}
            name="phone"
            label={t('content.contact.phone')}
            type="tel"
            autoComplete="tel"
            required
            testId="contact-phone"
          />
        </Box>
        <FormTextField
          control={form.control}
          name="object"
          label={t('content.contact.object')}
          required
          testId="contact-object"
        />
        <FormTextField
          control={form.control}
          name="message"
          label={t('content.contact.message')}
          required
          multiline
          minRows={4}
          maxRows={10}
          testId="contact-message"
        />
        <Box>
          {BOXES.map((box) => (
            <Controller
              key={box.name}
              control={form.control}
              name={box.name}
              render={({ field, fieldState }) => (
                <FormControlLabel
                  sx={{ display: 'flex', alignItems: 'flex-start', mr: 0, mb: 0.5 }}
                  control={
                    <Checkbox
                      checked={Boolean(field.value)}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      sx={{ mt: -0.75, ...(fieldState.error ? { color: palette.error } : {}) }}
                      slotProps={{
                        input: {
                          ref: field.ref,
                          'data-testid': box.testId,
                          'aria-invalid': Boolean(fieldState.error),
                          'aria-required': true,
                        } as object,
                      }}
                    />
                  }
                  label={
                    <Typography component="span" sx={{ fontSize: 14.5, lineHeight: 1.5 }}>
                      {box.name === 'privacy' ? (
                        <Trans
                          i18nKey="content.contact.privacy"
                          components={[
                            <MuiLink
                              key="link"
                              component={Link}
                              to="/privacy-policy"
                              target="_blank"
                              underline="always"
                            />,
                          ]}
                        />
                      ) : (
                        t('content.contact.consent')
                      )}
                    </Typography>
                  }
                />
              )}
            />
          ))}
          {boxesError && (
            <FormHelperText error data-testid="contact-boxes-error" sx={{ ml: 0 }}>
              {boxesError}
            </FormHelperText>
          )}
        </Box>
        {failure && (
          <Typography role="alert" data-testid="contact-failure" sx={{ color: palette.error, fontSize: 14.5 }}>
            {failure}
          </Typography>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
            data-testid="contact-submit"
            sx={{ minWidth: { xs: '100%', sm: 200 } }}
          >
            {busy ? t('content.contact.sending') : t('content.contact.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
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
      <Typography sx={{ color: palette.muted, mb: 3 }}>{t('content.contact.intro')}</Typography>
      <ContactForm onSent={onClose} />
    </FooterDialog>
  );
}
