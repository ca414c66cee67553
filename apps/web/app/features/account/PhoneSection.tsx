import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Stack } from '@mui/material';
import { PHONE_MAX_DIGITS } from '@parcelle/shared/constants';
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { findCountry } from '@parcelle/shared/countries';
import { messages } from '@parcelle/shared/i18n/messages';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DialCodeSelect } from '../auth/DialCodeSelect';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { localized } from '../i18n/language';
import { usePhoneDefaultCountry } from '../preferences/geo';
import { phoneText } from '../profile/format';
import { ApiError, errorText } from '../session/api-error';
import { type PhoneBody, sendPhoneCode, updatePhone, verifyPhoneCode } from './api';
import { useIdentityCheck } from './IdentityCheck';
import { OtpDialog } from './OtpDialog';
import { PHONE_FOR_OTP } from './phone-needed';
import { phoneChangeForm } from './schemas';
import { CurrentValue, EditSection, SubmitButton, successText } from './ui';

type PhoneInput = { slug: string; country_code: string; number: string };

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);

type Props = {
  profile: TProfile;
  /** Shows the spec's 'Please enter your phone number, to receive OTP!' above the form. */
  needed: boolean;
};

/**
 * Phone change (spec §4): the new number receives a code by SMS, the modal confirms it and the number
 * is applied. A member without a saved phone has it saved directly. Before it (issue 12): the password again and
 * the code emailed to the current address.
 */
export function PhoneSection({ profile, needed }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const defaultCountry = usePhoneDefaultCountry();
  const current = profile.phone?.number ? profile.phone : null;
  const schema = useMemo(() => phoneChangeForm(current), [current]);
  const initialSlug = current?.slug || defaultCountry;
  const form = useForm<PhoneInput, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      slug: initialSlug,
      country_code: findCountry(initialSlug)?.dialCode ?? '+33',
      number: '',
    },
  });
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PhoneBody | null>(null);
  const [channelCode, setChannelCode] = useState<string | undefined>(undefined);
  const identity = useIdentityCheck(profile.email);

  const setCountry = (code: string) => {
    const country = findCountry(code);
    if (!country) return;
    form.setValue('slug', country.code, { shouldDirty: true });
    form.setValue('country_code', country.dialCode, { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger('number');
  };

  // The geolocated country arrives after the first render: take it while the member has not chosen.
  useEffect(() => {
    if (!current && !form.getFieldState('slug').isDirty) {
      const country = findCountry(defaultCountry);
      if (country) form.reset({ ...form.getValues(), slug: country.code, country_code: country.dialCode });
    }
  }, [defaultCountry, current, form]);

  const showError = (error: unknown) => {
    if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
      form.setError('number', { type: 'server', message: localized(error.error) });
    } else toast(localized(errorText(error)), 'error');
  };

  const submit = form.handleSubmit(async (values) => {
    const phone: PhoneBody = { slug: values.slug, number: values.number, country_code: values.country_code };
    let channel: string | undefined;
    try {
      channel = await identity.confirm();
    } catch {
      return; // closed by the member
    }
    setChannelCode(channel);
    setBusy(true);
    try {
      if (!current) {
        const answer = await updatePhone(phone, undefined, channel);
        form.reset({ ...values, number: '' });
        toast(successText(answer, messages.PhoneUpdated), 'success');
      } else {
        const answer = await sendPhoneCode(phone);
        setPending(phone);
        toast(successText(answer, messages.OtpSentToPhone), 'success');
      }
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  });

  const confirm = async (code: string) => {
    if (!pending) return;
    await verifyPhoneCode(pending, code);
    const answer = await updatePhone(pending, code, channelCode);
    setPending(null);
    form.reset({ ...form.getValues(), number: '' });
    toast(successText(answer, messages.PhoneUpdated), 'success');
  };

  const resend = async () => {
    if (!pending) return;
    const answer = await sendPhoneCode(pending);
    toast(successText(answer, messages.OtpSentToPhone), 'success');
  };

  return (
    <EditSection
      id="phone"
      title={t('account.phone.title')}
      description={t('account.phone.text')}
      testId="edit-phone-section"
    >
      {needed && !current && (
        <Alert severity="warning" variant="outlined" sx={{ mb: 3 }} data-testid="edit-phone-needed">
          {localized(PHONE_FOR_OTP)}
        </Alert>
      )}
      <CurrentValue
        label={t('account.phone.current')}
        value={phoneText(profile.phone) ?? t('common.notProvided')}
        testId="edit-phone-current"
      />
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 3fr' }, gap: 2.5 }}>
            <Controller
              control={form.control}
              name="slug"
              render={({ field }) => (
                <DialCodeSelect
                  value={field.value}
                  onChange={setCountry}
                  label={t('register.dialCode')}
                  testId="edit-dial-code"
                />
              )}
            />
            <FormTextField
              control={form.control}
              name="number"
              label={t(current ? 'account.phone.new' : 'register.phone')}
              type="tel"
              autoComplete="tel-national"
              transform={digitsOnly}
              testId="edit-phone"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PHONE_MAX_DIGITS } }}
            />
          </Box>
          <Box>
            <SubmitButton busy={busy} data-testid="edit-phone-submit">
              {t(current ? 'account.sendCode' : 'account.save')}
            </SubmitButton>
          </Box>
        </Stack>
      </Box>
      <OtpDialog
        open={pending !== null}
        destination={pending ? display(pending) : ''}
        onClose={() => setPending(null)}
        onConfirm={confirm}
        onResend={resend}
      />
      {identity.dialogs}
    </EditSection>
  );
}

function display(phone: PhoneBody): string {
  return phoneText({ code: phone.country_code, number: phone.number, slug: phone.slug }) ?? phone.number;
}
