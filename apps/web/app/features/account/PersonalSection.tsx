import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Stack } from '@mui/material';
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { messages } from '@parcelle/shared/i18n/messages';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CountryField } from '../auth/CountryField';
import { latestBirthDate } from '../forms/birth-date';
import { FormTextField } from '../forms/FormTextField';
import { issueText } from '../forms/issue-text';
import { updatePersonal } from './api';
import { ZPersonalForm } from './schemas';
import { EditSection, SubmitButton } from './ui';
import { useSectionSave } from './use-section-save';

type PersonalInput = z.input<typeof ZPersonalForm>;
type PersonalValues = z.output<typeof ZPersonalForm>;

/** First and last name, country of residence, birth date: PATCH /user/profile. */
export function PersonalSection({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const form = useForm<PersonalInput, unknown, PersonalValues>({
    resolver: zodResolver(ZPersonalForm),
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      country: profile.country ?? '',
      birth_date: profile.birth_date?.slice(0, 10) ?? '',
    },
  });

  const { submit, busy } = useSectionSave({
    form,
    save: updatePersonal,
    fallback: messages.ProfileUpdated,
    onSaved: (values) => form.reset(values),
  });

  return (
    <EditSection
      id="personal"
      title={t('account.personal.title')}
      description={t('account.personal.text')}
      testId="edit-personal"
    >
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
            <FormTextField
              control={form.control}
              name="first_name"
              label={t('profile.firstName')}
              autoComplete="given-name"
              testId="edit-first-name"
            />
            <FormTextField
              control={form.control}
              name="last_name"
              label={t('profile.lastName')}
              autoComplete="family-name"
              testId="edit-last-name"
            />
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
            <Controller
              control={form.control}
              name="country"
              render={({ field, fieldState }) => (
                <CountryField
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={issueText(t, fieldState.error?.message)}
                  label={t('profile.country')}
                  testId="edit-country"
                />
              )}
            />
            <FormTextField
              control={form.control}
              name="birth_date"
              label={t('profile.birthDate')}
              type="date"
              autoComplete="bday"
              testId="edit-birth-date"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: latestBirthDate() } }}
            />
          </Box>
          <Box>
            <SubmitButton busy={busy} data-testid="edit-personal-submit">
              {t('account.save')}
            </SubmitButton>
          </Box>
        </Stack>
      </Box>
    </EditSection>
  );
}
