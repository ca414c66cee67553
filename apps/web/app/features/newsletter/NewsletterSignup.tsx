import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Typography } from '@mui/material';
import { ZNewsletterSignupForm } from '@parcelle/shared/contracts/catalogue';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { fonts, palette } from '../theme/theme';
import { subscribe } from './api';

const ZSignup = ZNewsletterSignupForm.pick({ email: true });
type SignupInput = z.input<typeof ZSignup>;
type SignupValues = z.output<typeof ZSignup>;

/** The footer's newsletter sign-up (double opt-in): the answer is the server's message, in a toast. */
export function NewsletterSignup() {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const form = useForm<SignupInput, unknown, SignupValues>({
    resolver: zodResolver(ZSignup),
    defaultValues: { email: '' },
  });

  const submit = form.handleSubmit(async ({ email }) => {
    setBusy(true);
    try {
      const message = await subscribe(email, language);
      toast(localized(message, language), 'success');
      form.reset({ email: '' });
    } catch (error) {
      toast(localized(errorText(error), language), 'error');
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box
      component="section"
      aria-labelledby={`${inputId}-title`}
      sx={{
        display: 'grid',
        gap: { xs: 3, md: 6 },
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        alignItems: 'end',
      }}
    >
      <Box>
        <Typography
          id={`${inputId}-title`}
          component="h2"
          sx={{ fontFamily: fonts.display, fontSize: { xs: 30, md: 38 }, fontWeight: 500, lineHeight: 1.1, mb: 1.5 }}
        >
          {t('content.footer.newsletterTitle')}
        </Typography>
        <Typography sx={{ color: 'rgba(251, 249, 245, 0.72)', fontSize: 15, maxWidth: 480 }}>
          {t('content.footer.newsletterText')}
        </Typography>
      </Box>
      <Box component="form" onSubmit={submit} noValidate data-testid="newsletter-form">
        <Typography
          component="label"
          htmlFor={inputId}
          sx={{ display: 'block', fontSize: 13, letterSpacing: '0.08em', mb: 1, color: 'rgba(251, 249, 245, 0.72)' }}
        >
          {t('content.footer.newsletterLabel')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
          <FormTextField
            control={form.control}
            name="email"
            id={inputId}
            type="email"
            autoComplete="email"
            placeholder={t('content.footer.newsletterPlaceholder')}
            testId="newsletter-email"
            size="small"
            sx={{
              flex: 1,
              '& .MuiOutlinedInput-root': { minHeight: 48 },
              '& .MuiFormHelperText-root': { mx: 0, color: 'rgba(251, 249, 245, 0.72)' },
              '& .MuiFormHelperText-root.Mui-error': { color: '#F2A996' },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            color="secondary"
            disabled={busy}
            data-testid="newsletter-submit"
            sx={{
              minHeight: 48,
              width: { xs: '100%', sm: 'auto' },
              whiteSpace: 'nowrap',
              '&.Mui-disabled': { bgcolor: 'rgba(251, 249, 245, 0.2)', color: palette.paper },
            }}
          >
            {t('content.footer.newsletterSubmit')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
