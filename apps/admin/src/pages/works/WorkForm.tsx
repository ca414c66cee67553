import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TPaintingInput } from '@parcelle/shared/contracts/catalogue-admin';
import { PRIMARY_SALE_FIELDS } from '@parcelle/shared/market';
import { formatNumber } from '@parcelle/shared/money';
import { useGetLocale, useList, useTranslate } from '@refinedev/core';
import { type ReactNode, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { LANGS, type Lang, LanguageTabs } from '../../components/LanguageTabs';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { issueText, liveParts, type TWorkFormInput, ZWorkForm } from './work-form';

type Artist = { id: string; name: string };

/** The work's texts members read, each entered in English and French under the language tabs. */
const TEXT_FIELDS = ['title', 'type', 'description', 'certificate_wording', 'custody_place'] as const;

const isSaleField = (name: string) => (PRIMARY_SALE_FIELDS as readonly string[]).includes(name);

/** Chooses the work's artist among the catalogue's (searched on the server by name). */
function ArtistPicker({
  value,
  onChange,
  initial,
  error,
}: {
  value: string;
  onChange: (id: string) => void;
  initial: Artist | null;
  error?: string;
}) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const { result } = useList<Artist>({
    resource: 'artists',
    pagination: { pageSize: 50 },
    filters: [{ field: 'q', operator: 'contains', value: input.trim() }],
  });
  const options = [...(result.data ?? [])];
  if (initial && !options.some((option) => option.id === initial.id)) options.push(initial);
  const selected = options.find((option) => option.id === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      onChange={(_event, option) => onChange(option?.id ?? '')}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setInput(text);
      }}
      filterOptions={(all) => all}
      renderInput={(params) => (
        <TextField {...params} label={translate('works.artist')} required error={Boolean(error)} helperText={error} />
      )}
    />
  );
}

export function WorkForm({
  defaultValues,
  initialArtist,
  submitLabel,
  onSubmit,
}: {
  defaultValues: TWorkFormInput;
  initialArtist: Artist | null;
  submitLabel: string;
  onSubmit: (body: TPaintingInput) => Promise<void>;
}) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [problem, setProblem] = useState<string | null>(null);
  const [tab, setTab] = useState<Lang>('en');
  const { control, register, handleSubmit, formState } = useForm<TWorkFormInput, unknown, TPaintingInput>({
    resolver: zodResolver(ZWorkForm),
    defaultValues,
  });
  const [width, height] = useWatch({ control, name: ['width_cm', 'height_cm'] });
  const parts = liveParts(width, height);
  const message = (name: keyof TWorkFormInput) => {
    const error = formState.errors[name]?.message;
    return error ? issueText(error, language) : undefined;
  };
  const field = (
    name: keyof TWorkFormInput,
    props: { required?: boolean; multiline?: boolean; help?: string; width?: number; decimal?: boolean } = {},
  ) => (
    <TextField
      label={
        // A field a draft may leave empty but the primary sale needs (the shared rule's PRIMARY_SALE_FIELDS) says so.
        isSaleField(name)
          ? translate('works.neededForSale', { label: translate(`works.fields.${name}`) })
          : translate(`works.fields.${name}`)
      }
      required={props.required}
      multiline={props.multiline}
      minRows={props.multiline ? 3 : undefined}
      inputMode={props.decimal ? 'decimal' : undefined}
      {...register(name)}
      error={Boolean(message(name))}
      helperText={message(name) ?? props.help}
      sx={props.width ? { width: props.width } : { flex: 1 }}
      fullWidth={!props.width}
    />
  );
  const section = (title: string, children: ReactNode) => (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="h3" sx={{ mb: 1.5, fontSize: '1.1rem', fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
  return (
    <Paper sx={{ p: 3 }}>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <Stack
        component="form"
        noValidate
        spacing={3}
        onSubmit={handleSubmit(
          async (body) => {
            setProblem(null);
            try {
              await onSubmit(body);
            } catch (error) {
              setProblem(errorMessage(error));
            }
          },
          // A refused text may sit in the other language: open the first tab that has one.
          (invalid) => {
            const first = LANGS.find((lang) => TEXT_FIELDS.some((name) => invalid[`${name}_${lang}`]));
            if (first) setTab(first);
          },
        )}
      >
        {section(
          translate('works.sections.identity'),
          <>
            <Controller
              control={control}
              name="artist_id"
              render={({ field: picker }) => (
                <ArtistPicker
                  value={picker.value}
                  onChange={picker.onChange}
                  initial={initialArtist}
                  error={message('artist_id')}
                />
              )}
            />
            {field('year', { required: true, width: 120 })}
          </>,
        )}
        {section(
          translate('works.sections.texts'),
          <LanguageTabs
            label={translate('works.textsLanguage')}
            failing={(lang) => TEXT_FIELDS.some((name) => Boolean(formState.errors[`${name}_${lang}`]))}
            tab={tab}
            onTab={setTab}
          >
            {(lang) => (
              <Stack spacing={2}>
                {field(`title_${lang}`, { required: true })}
                {field(`type_${lang}`, { required: true })}
                {field(`description_${lang}`, { required: true, multiline: true })}
                {field(`certificate_wording_${lang}`, { multiline: true, help: translate('works.certificateHelp') })}
                {field(`custody_place_${lang}`, { help: translate('works.bothOrNeither') })}
              </Stack>
            )}
          </LanguageTabs>,
        )}
        {section(
          translate('works.sections.parts'),
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            {field('width_cm', { required: true, width: 160 })}
            {field('height_cm', { required: true, width: 160 })}
            {field('price_per_part', { required: true, width: 200, decimal: true, help: 'EUR' })}
            <Typography role="status" sx={{ pt: 2 }} data-testid="live-parts">
              {parts === null
                ? translate('works.partsUnknown')
                : translate('works.partsLive', { count: parts, parts: formatNumber(parts, language) })}
            </Typography>
          </Stack>,
        )}
        {section(
          translate('works.sections.fees'),
          <>
            <Stack direction="row" spacing={2}>
              {field('entry_fee', { decimal: true, help: 'EUR' })}
              {field('storage_cost_yearly', { decimal: true, help: 'EUR' })}
              {field('insurance_cost_yearly', { decimal: true, help: 'EUR' })}
            </Stack>
            <Stack direction="row" spacing={2}>
              {field('exit_fee', { decimal: true, help: 'EUR' })}
              {field('exit_share_percent', { decimal: true, help: '%' })}
              {field('target_holding_years', {})}
            </Stack>
            <Stack direction="row" spacing={2}>
              {field('insurer', {})}
            </Stack>
          </>,
        )}
        <div>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
