import { zodResolver } from '@hookform/resolvers/zod';
import { Box, MenuItem, Stack, Typography } from '@mui/material';
import { COMPLAINT_CATEGORIES, COMPLAINT_CATEGORY_LABELS } from '@parcelle/shared/complaints';
import {
  type TComplaintReceipt,
  ZMemberComplaintRequest,
  ZPublicComplaintRequest,
} from '@parcelle/shared/contracts/complaints';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SubmitButton } from '../account/ui';
import { captchaAnswer } from '../captcha/captcha';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { fileMemberComplaint, filePublicComplaint } from './api';

/** The visitor's form: the member's fields, who they are and where to answer; the captcha is added when sending. */
const ZVisitorForm = ZPublicComplaintRequest.omit({ captcha: true });
type VisitorInput = z.input<typeof ZVisitorForm>;
type VisitorValues = z.output<typeof ZVisitorForm>;

const grid = { display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/**
 * The complaint form (issue 30), validated with the API's own schema: a member's (category, subject, text) or a
 * visitor's (with their name, address and language). Sent, it hands the receipt to `onFiled`: the page shows it.
 */
export function ComplaintForm({
  mode,
  onFiled,
}: {
  mode: 'member' | 'visitor';
  onFiled: (receipt: TComplaintReceipt) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const form = useForm<VisitorInput, unknown, VisitorValues>({
    resolver: zodResolver(mode === 'member' ? (ZMemberComplaintRequest as never) : ZVisitorForm),
    // The member's schema is strict: the visitor's fields are not even present in a member's form.
    defaultValues:
      mode === 'member'
        ? ({ subject: '', body: '' } as VisitorInput)
        : { subject: '', body: '', first_name: '', last_name: '', email: '', lang: language },
  });

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const { category, subject, body } = values;
      const answer =
        mode === 'member'
          ? await fileMemberComplaint({ category, subject, body })
          : await filePublicComplaint({ ...values, captcha: await captchaAnswer() });
      toast(localized(answer.message, language), 'success');
      form.reset();
      onFiled(answer.data);
    } catch (error) {
      toast(localized(errorText(error), language), 'error');
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      data-testid="complaint-form"
      aria-labelledby="complaint-form-title"
    >
      <Typography id="complaint-form-title" variant="h4" component="h2" sx={{ mb: 2.5 }}>
        {t('complaints.form.title')}
      </Typography>
      <Stack spacing={2.25}>
        {mode === 'visitor' && (
          <Box sx={grid}>
            <FormTextField
              control={form.control}
              name="first_name"
              label={t('complaints.form.firstName')}
              autoComplete="given-name"
              required
              testId="complaint-first-name"
            />
            <FormTextField
              control={form.control}
              name="last_name"
              label={t('complaints.form.lastName')}
              autoComplete="family-name"
              required
              testId="complaint-last-name"
            />
            <FormTextField
              control={form.control}
              name="email"
              label={t('complaints.form.email')}
              type="email"
              autoComplete="email"
              required
              testId="complaint-email"
            />
            <FormTextField
              control={form.control}
              name="lang"
              label={t('complaints.form.language')}
              select
              required
              testId="complaint-language"
            >
              <MenuItem value="en">English</MenuItem>
              <MenuItem value="fr">Français</MenuItem>
            </FormTextField>
          </Box>
        )}
        <FormTextField
          control={form.control}
          name="category"
          label={t('complaints.form.category')}
          select
          required
          testId="complaint-category"
        >
          {COMPLAINT_CATEGORIES.map((category) => (
            <MenuItem key={category} value={category} data-testid={`complaint-category-${category}`}>
              {COMPLAINT_CATEGORY_LABELS[category][language]}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={form.control}
          name="subject"
          label={t('complaints.form.subject')}
          required
          testId="complaint-subject"
        />
        <FormTextField
          control={form.control}
          name="body"
          label={t('complaints.form.body')}
          required
          multiline
          minRows={5}
          maxRows={14}
          testId="complaint-body"
        />
        <Box>
          <SubmitButton busy={busy} data-testid="complaint-submit">
            {t('complaints.form.submit')}
          </SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
