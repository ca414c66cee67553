import { Box, Button, Checkbox, FormControlLabel, FormHelperText, Link as MuiLink, Stack } from '@mui/material';
import { PHONE_MAX_DIGITS, WEB_DEVICE_TOKEN, WEB_DEVICE_TYPE } from '@parcelle/shared/constants';
import { currencyForCountry, findCountry } from '@parcelle/shared/countries';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { captchaAnswer } from '../captcha/captcha';
import { useToast } from '../feedback/toast';
import { latestBirthDate } from '../forms/birth-date';
import { FormTextField } from '../forms/FormTextField';
import { issueText } from '../forms/issue-text';
import { PasswordField } from '../forms/PasswordField';
import { currentLanguage, localized } from '../i18n/language';
import { usePhoneDefaultCountry } from '../preferences/geo';
import { apiRequest } from '../session/api';
import { errorText } from '../session/api-error';
import { useHydrated } from '../ssr/use-hydrated';
import { CountryField } from './CountryField';
import { DialCodeSelect } from './DialCodeSelect';
import { PasswordRules } from './PasswordRules';
import { type RegisterInput, type RegisterValues, registerResolver } from './register-resolver';
import { type SessionAnswer, startSession } from './start-session';

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);

/** The registration form (spec §2, §3, §5). */
export function RegisterForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const dialTouched = useRef(false);
  const phoneDefault = usePhoneDefaultCountry();
  const form = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: registerResolver,
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      country: '',
      slug: phoneDefault,
      country_code: findCountry(phoneDefault)?.dialCode ?? '+33',
      number: '',
      birth_date: '',
      password: '',
      password_confirmation: '',
      accept_terms: false,
      accept_privacy: false,
    },
  });
  // Rendered on the server first: what is typed before the page hydrates would be lost, so journeys wait for this.
  // The button waits for it too: pressed before, the browser sent the form itself, a GET of this page with every
  // field in its address (the password included), and the member found the form empty (decision 512).
  const hydrated = useHydrated();
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';
  const { errors } = form.formState;
  const boxesError = issueText(t, errors.accept_terms?.message ?? errors.accept_privacy?.message);

  const setPhoneCountry = (code: string) => {
    const country = findCountry(code);
    if (!country) return;
    form.setValue('slug', country.code);
    form.setValue('country_code', country.dialCode);
    if (form.formState.isSubmitted) void form.trigger('number');
  };

  // The geolocated country (spec §9) arrives after the first render: follow it until the member chooses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new geolocated country should move the default.
  useEffect(() => {
    if (!dialTouched.current && !form.getValues('country')) setPhoneCountry(phoneDefault);
  }, [phoneDefault]);

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const { accept_terms: _terms, accept_privacy: _privacy, ...fields } = values;
      const { data } = await apiRequest<SessionAnswer>('/user/register', {
        method: 'POST',
        body: {
          ...fields,
          curr: currencyForCountry(values.country),
          lang: currentLanguage(),
          device_token: WEB_DEVICE_TOKEN,
          device_type: WEB_DEVICE_TYPE,
          // The invisible captcha, solved in the browser and spent by this request.
          captcha: await captchaAnswer(),
        },
      });
      const verified = await startSession(data);
      navigate(verified ? '/' : '/verify-email');
    } catch (error) {
      toast(localized(errorText(error)), 'error');
      setBusy(false);
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="register-form" data-hydrated={hydrated}>
      <Stack spacing={2.5}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
          <FormTextField
            control={form.control}
            name="first_name"
            label={t('register.firstName')}
            autoComplete="given-name"
            testId="register-first-name"
          />
          <FormTextField
            control={form.control}
            name="last_name"
            label={t('register.lastName')}
            autoComplete="family-name"
            testId="register-last-name"
          />
        </Box>
        <FormTextField
          control={form.control}
          name="email"
          label={t('register.email')}
          type="email"
          autoComplete="email"
          testId="register-email"
        />
        <Controller
          control={form.control}
          name="country"
          render={({ field, fieldState }) => (
            <CountryField
              value={field.value ?? ''}
              onChange={(code) => {
                field.onChange(code);
                if (code && !dialTouched.current && !form.getValues('number')) setPhoneCountry(code);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={issueText(t, fieldState.error?.message)}
              label={t('register.country')}
              testId="register-country"
            />
          )}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 3fr' }, gap: 2.5 }}>
          <Controller
            control={form.control}
            name="slug"
            render={({ field }) => (
              <DialCodeSelect
                value={field.value ?? phoneDefault}
                onChange={(code) => {
                  dialTouched.current = true;
                  setPhoneCountry(code);
                }}
                label={t('register.dialCode')}
                testId="register-dial-code"
              />
            )}
          />
          <FormTextField
            control={form.control}
            name="number"
            label={t('register.phone')}
            type="tel"
            autoComplete="tel-national"
            transform={digitsOnly}
            testId="register-phone"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PHONE_MAX_DIGITS } }}
          />
        </Box>
        <FormTextField
          control={form.control}
          name="birth_date"
          label={t('register.birthDate')}
          type="date"
          autoComplete="bday"
          testId="register-birth-date"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: latestBirthDate() } }}
        />
        <PasswordField
          control={form.control}
          name="password"
          label={t('register.password')}
          autoComplete="new-password"
          testId="register-password"
        />
        <PasswordRules password={password} />
        <PasswordField
          control={form.control}
          name="password_confirmation"
          label={t('register.passwordConfirmation')}
          autoComplete="new-password"
          testId="register-password-confirmation"
        />
        <Box>
          {(['accept_terms', 'accept_privacy'] as const).map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <FormControlLabel
                  sx={{ display: 'flex', alignItems: 'center' }}
                  control={
                    <Checkbox
                      checked={Boolean(field.value)}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{
                        input: { ref: field.ref, 'data-testid': `register-${name.replace('_', '-')}` } as object,
                      }}
                    />
                  }
                  label={
                    <Trans
                      i18nKey={name === 'accept_terms' ? 'register.acceptTerms' : 'register.acceptPrivacy'}
                      components={[
                        <MuiLink
                          key="link"
                          component={Link}
                          to={name === 'accept_terms' ? '/terms' : '/privacy-policy'}
                          target="_blank"
                          underline="always"
                        />,
                      ]}
                    />
                  }
                />
              )}
            />
          ))}
          {boxesError && (
            <FormHelperText error data-testid="register-boxes-error">
              {boxesError}
            </FormHelperText>
          )}
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy || !hydrated}
          data-testid="register-submit"
        >
          {t('register.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
