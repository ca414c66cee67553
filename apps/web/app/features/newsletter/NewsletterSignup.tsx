import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useToast } from '../feedback/toast';
import { issueText } from '../forms/issue-text';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { fonts, palette } from '../theme/theme';
import { subscribe } from './api';

/**
 * The shared sign-up schema, loaded when first needed: the footer is on every page and its first paint must not wait
 * for zod (issue 14). Resolves to the first issue's catalogue key, or the normalised address.
 */
async function checkEmail(email: string): Promise<{ email: string } | { issue: string }> {
  const { ZNewsletterSignupForm } = await import('@parcelle/shared/contracts/catalogue');
  const parsed = ZNewsletterSignupForm.pick({ email: true }).safeParse({ email });
  return parsed.success ? { email: parsed.data.email } : { issue: parsed.error.issues[0]?.message ?? 'InvalidEmail' };
}

/** The sign-up's address field: a plain input styled as the site's outlined fields (also the no-script page's). */
export const EMAIL_INPUT_SX = {
  display: 'block',
  width: '100%',
  minHeight: 48,
  px: 1.75,
  font: 'inherit',
  fontSize: 16,
  color: palette.ink,
  bgcolor: '#FFFFFF',
  border: `1px solid ${palette.line}`,
  borderRadius: '2px',
  '&::placeholder': { color: palette.muted, opacity: 1 },
  '&:hover': { borderColor: palette.ink },
  '&:focus-visible': { outline: `2px solid ${palette.accent}`, outlineOffset: 1, borderColor: palette.ink },
} as const;

/**
 * The footer's newsletter sign-up (double opt-in): the answer is the server's message, in a toast. `initialEmail` is what
 * was typed in a document's sign-up before it became an island (issue 33).
 */
export function NewsletterSignup({ initialEmail = '' }: { initialEmail?: string } = {}) {
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
  const { pathname, search } = useLocation();

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
      {/* With a script, `submit` sends it with a captcha; read without one, the browser posts it to the page of the
          plain sign-up (decision 465), which asks to confirm and comes back here. */}
      <Box
        component="form"
        method="post"
        action="/newsletter/subscribe"
        onSubmit={submit}
        noValidate
        data-testid="newsletter-form"
      >
        <input type="hidden" name="back" value={`${pathname}${search}`} />
        <Typography
          component="label"
          htmlFor={inputId}
          sx={{ display: 'block', fontSize: 13, letterSpacing: '0.08em', mb: 1, color: 'rgba(251, 249, 245, 0.72)' }}
        >
          {t('content.footer.newsletterLabel')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
          <Box sx={{ flex: 1, width: { xs: '100%', sm: 'auto' } }}>
            {/* A plain input styled as the site's outlined fields: the footer is on every page, and MUI's input
                component cost the first load of each 5.6 KB (issue 33). */}
            <Box
              component="input"
              ref={inputRef}
              id={inputId}
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event: ChangeEvent<HTMLInputElement>) => void change(event.target.value)}
              placeholder={t('content.footer.newsletterPlaceholder')}
              aria-invalid={Boolean(issueShown)}
              aria-describedby={issueShown ? helperId : undefined}
              data-testid="newsletter-email"
              sx={{ ...EMAIL_INPUT_SX, '&[aria-invalid="true"]': { borderColor: '#F2A996', borderWidth: 2 } }}
            />
            {issueShown && (
              <FormHelperText
                id={helperId}
                error
                data-testid="newsletter-email-error"
                sx={{ mx: 0, '&.Mui-error': { color: '#F2A996' } }}
              >
                {issueShown}
              </FormHelperText>
            )}
          </Box>
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
