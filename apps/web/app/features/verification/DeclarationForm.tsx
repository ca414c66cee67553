import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  SOURCE_OF_FUNDS_KINDS,
  type TVerificationStatus,
  ZVerificationDeclaration,
} from '@parcelle/shared/contracts/verification';
import { messages } from '@parcelle/shared/i18n/messages';
import { formatMoney } from '@parcelle/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { type Control, Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EditSection, SubmitButton } from '../account/ui';
import { useSectionSave } from '../account/use-section-save';
import { CountryField } from '../auth/CountryField';
import { FormTextField } from '../forms/FormTextField';
import { issueText } from '../forms/issue-text';
import { useLanguage } from '../i18n/language';
import { palette } from '../theme/theme';
import { saveDeclaration } from './api';
import { VERIFICATION_KEY } from './keys';

type Input = z.input<typeof ZVerificationDeclaration>;
type Values = z.output<typeof ZVerificationDeclaration>;
type FormControlOf = Control<Input, unknown, Values>;

const grid = { display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' }, gap: 2.5 } as const;

function defaultsOf(status: TVerificationStatus): Partial<Input> {
  const saved = status.declaration;
  if (!saved) {
    return {
      legal_first_name: '',
      legal_last_name: '',
      birth_date: '',
      birth_place: '',
      birth_country: '',
      nationality: '',
      address: { line1: '', line2: '', postal_code: '', city: '', country: '' },
      tax_residence: '',
      tax_identification_number: '',
      occupation: '',
      pep_details: '',
    };
  }
  return {
    ...saved,
    address: { ...saved.address, line2: saved.address.line2 ?? '' },
    tax_identification_number: saved.tax_identification_number ?? '',
    pep_details: saved.pep_details ?? '',
  };
}

function Country({
  control,
  name,
  label,
  testId,
}: {
  control: FormControlOf;
  name: FieldPath<Input>;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CountryField
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={issueText(t, fieldState.error?.message)}
          label={label}
          testId={testId}
        />
      )}
    />
  );
}

/** A yes/no question bound to a boolean; unanswered until the member picks. */
function YesNo({
  control,
  name,
  label,
  testId,
}: {
  control: FormControlOf;
  name: FieldPath<Input>;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = issueText(t, fieldState.error?.message);
        return (
          <FormControl error={Boolean(error)} data-testid={testId}>
            <FormLabel id={`${testId}-label`} sx={{ color: palette.ink, fontSize: 15, lineHeight: 1.5, mb: 0.5 }}>
              {label}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${testId}-label`}
              name={field.name}
              value={field.value === undefined ? '' : field.value ? 'yes' : 'no'}
              onChange={(event) => field.onChange(event.target.value === 'yes')}
              onBlur={field.onBlur}
            >
              <FormControlLabel
                value="yes"
                control={<Radio slotProps={{ input: { ref: field.ref, 'data-testid': `${testId}-yes` } as object }} />}
                label={t('verification.declaration.yes')}
              />
              <FormControlLabel
                value="no"
                control={<Radio slotProps={{ input: { 'data-testid': `${testId}-no` } as object }} />}
                label={t('verification.declaration.no')}
              />
            </RadioGroup>
            {error && <FormHelperText data-testid={`${testId}-error`}>{error}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}

/**
 * The member's declaration (PUT /user/verification, validated with the API's own schema): legal name, birth, nationality,
 * address, tax residence, occupation, the politically-exposed self-declaration, the expected yearly amount and, from
 * the threshold the API gives, the source of the funds; the identity document chosen decides the files asked for.
 */
export function DeclarationForm({ status }: { status: TVerificationStatus }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(ZVerificationDeclaration),
    defaultValues: defaultsOf(status),
    // The source of funds, asked for only above the threshold, leaves the values when its fields are hidden.
    shouldUnregister: true,
  });
  const { control } = form;
  const [pep, associate, expected] = useWatch({
    control,
    name: ['politically_exposed', 'pep_close_associate', 'expected_yearly_investment_minor'],
  });
  const threshold = status.source_of_funds_threshold_minor;
  const needsFunds = typeof expected === 'number' && expected >= threshold;
  const { submit, busy } = useSectionSave({
    form,
    save: saveDeclaration,
    fallback: messages.VerificationSaved,
    onSaved: () => undefined,
  });
  const save = async (event?: React.BaseSyntheticEvent) => {
    await submit(event);
    await queryClient.invalidateQueries({ queryKey: VERIFICATION_KEY });
  };

  return (
    <EditSection
      id="declaration"
      title={t('verification.declaration.title')}
      description={t('verification.declaration.text')}
      testId="verification-declaration"
    >
      <Box component="form" onSubmit={save} noValidate>
        <Stack spacing={2.5}>
          <Box sx={grid}>
            <FormTextField
              control={control}
              name="legal_first_name"
              label={t('verification.declaration.firstName')}
              autoComplete="given-name"
              testId="verification-first-name"
            />
            <FormTextField
              control={control}
              name="legal_last_name"
              label={t('verification.declaration.lastName')}
              autoComplete="family-name"
              testId="verification-last-name"
            />
            <FormTextField
              control={control}
              name="birth_date"
              type="date"
              label={t('verification.declaration.birthDate')}
              autoComplete="bday"
              testId="verification-birth-date"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: new Date().toISOString().slice(0, 10) } }}
            />
            <FormTextField
              control={control}
              name="birth_place"
              label={t('verification.declaration.birthPlace')}
              testId="verification-birth-place"
            />
            <Country
              control={control}
              name="birth_country"
              label={t('verification.declaration.birthCountry')}
              testId="verification-birth-country"
            />
            <Country
              control={control}
              name="nationality"
              label={t('verification.declaration.nationality')}
              testId="verification-nationality"
            />
          </Box>

          <Typography variant="overline" component="h3" sx={{ color: palette.muted, pt: 1 }}>
            {t('verification.declaration.addressTitle')}
          </Typography>
          <FormTextField
            control={control}
            name="address.line1"
            label={t('verification.declaration.line1')}
            autoComplete="address-line1"
            testId="verification-line1"
          />
          <FormTextField
            control={control}
            name="address.line2"
            label={t('verification.declaration.line2')}
            autoComplete="address-line2"
            testId="verification-line2"
          />
          <Box sx={grid}>
            <FormTextField
              control={control}
              name="address.postal_code"
              label={t('verification.declaration.postalCode')}
              autoComplete="postal-code"
              testId="verification-postal-code"
            />
            <FormTextField
              control={control}
              name="address.city"
              label={t('verification.declaration.city')}
              autoComplete="address-level2"
              testId="verification-city"
            />
            <Country
              control={control}
              name="address.country"
              label={t('verification.declaration.country')}
              testId="verification-address-country"
            />
            <Country
              control={control}
              name="tax_residence"
              label={t('verification.declaration.taxResidence')}
              testId="verification-tax-residence"
            />
            <FormTextField
              control={control}
              name="tax_identification_number"
              label={t('verification.declaration.taxNumber')}
              testId="verification-tax-number"
            />
            <FormTextField
              control={control}
              name="occupation"
              label={t('verification.declaration.occupation')}
              autoComplete="organization-title"
              testId="verification-occupation"
            />
          </Box>

          <Typography variant="overline" component="h3" sx={{ color: palette.muted, pt: 1 }}>
            {t('verification.declaration.pepTitle')}
          </Typography>
          <YesNo
            control={control}
            name="politically_exposed"
            label={t('verification.declaration.pep')}
            testId="verification-pep"
          />
          <YesNo
            control={control}
            name="pep_close_associate"
            label={t('verification.declaration.pepAssociate')}
            testId="verification-pep-associate"
          />
          {(pep === true || associate === true) && (
            <FormTextField
              control={control}
              name="pep_details"
              label={t('verification.declaration.pepDetails')}
              multiline
              minRows={2}
              testId="verification-pep-details"
            />
          )}

          <Controller
            control={control}
            name="expected_yearly_investment_minor"
            render={({ field, fieldState }) => {
              const error = issueText(t, fieldState.error?.message);
              const value = field.value;
              return (
                <TextField
                  label={t('verification.declaration.expected')}
                  name={field.name}
                  value={typeof value === 'number' && Number.isFinite(value) ? String(Math.round(value / 100)) : ''}
                  onChange={(event) => {
                    const digits = event.target.value.replace(/\D/g, '').slice(0, 9);
                    field.onChange(digits === '' ? undefined : Number(digits) * 100);
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(error)}
                  helperText={
                    error ??
                    t('verification.declaration.expectedHelp', { amount: formatMoney(threshold, 'EURO', language) })
                  }
                  slotProps={{
                    htmlInput: { inputMode: 'numeric', 'data-testid': 'verification-expected' },
                    formHelperText: (error ? { 'data-testid': 'verification-expected-error' } : {}) as object,
                  }}
                />
              );
            }}
          />
          {needsFunds && (
            <Box data-testid="verification-funds" sx={{ display: 'grid', gap: 2.5 }}>
              <Typography variant="overline" component="h3" sx={{ color: palette.muted }}>
                {t('verification.declaration.fundsTitle')}
              </Typography>
              <FormTextField
                control={control}
                name="source_of_funds.kind"
                select
                label={t('verification.declaration.fundsKind')}
                testId="verification-funds-kind"
                // The phone's own picker, and a real full-size control (MUI's menu select hides a 0-height input).
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="" disabled />
                {SOURCE_OF_FUNDS_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`verification.declaration.fundsKinds.${kind}`)}
                  </option>
                ))}
              </FormTextField>
              <FormTextField
                control={control}
                name="source_of_funds.details"
                label={t('verification.declaration.fundsDetails')}
                multiline
                minRows={2}
                testId="verification-funds-details"
              />
            </Box>
          )}

          <Controller
            control={control}
            name="identity_document_type"
            render={({ field, fieldState }) => {
              const error = issueText(t, fieldState.error?.message);
              return (
                <FormControl error={Boolean(error)} data-testid="verification-document-type">
                  <FormLabel id="verification-document-type-label" sx={{ color: palette.ink, fontSize: 15, mb: 0.5 }}>
                    {t('verification.declaration.documentType')}
                  </FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="verification-document-type-label"
                    name={field.name}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value)}
                    onBlur={field.onBlur}
                  >
                    <FormControlLabel
                      value="id_card"
                      control={
                        <Radio
                          slotProps={{
                            input: { ref: field.ref, 'data-testid': 'verification-document-id-card' } as object,
                          }}
                        />
                      }
                      label={t('verification.declaration.idCard')}
                    />
                    <FormControlLabel
                      value="passport"
                      control={
                        <Radio slotProps={{ input: { 'data-testid': 'verification-document-passport' } as object }} />
                      }
                      label={t('verification.declaration.passport')}
                    />
                  </RadioGroup>
                  {error && <FormHelperText data-testid="verification-document-type-error">{error}</FormHelperText>}
                </FormControl>
              );
            }}
          />

          <Box>
            <SubmitButton busy={busy} data-testid="verification-save">
              {t('verification.declaration.save')}
            </SubmitButton>
          </Box>
        </Stack>
      </Box>
    </EditSection>
  );
}
