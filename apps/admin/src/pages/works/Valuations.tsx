import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TValuationInput, ZAdminValuation } from '@parcelle/shared/contracts/catalogue-admin';
import { formatMoney } from '@parcelle/shared/money';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { FilePicker } from '../../components/FilePicker';
import { LANGS, type Lang, LanguageTabs } from '../../components/LanguageTabs';
import { dateText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { uploadFile } from './upload';
import { EMPTY_VALUATION, type TValuationFormInput, valuationFormValues, ZValuationForm } from './valuation-form';
import { issueText } from './work-form';

type Valuation = z.infer<typeof ZAdminValuation>;

function ValuationForm({
  workId,
  correcting,
  onDone,
  onCancel,
}: {
  workId: string;
  correcting: Valuation | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [tab, setTab] = useState<Lang>('en');
  const { control, register, handleSubmit, formState, reset } = useForm<TValuationFormInput, unknown, TValuationInput>({
    resolver: zodResolver(ZValuationForm),
    defaultValues: correcting ? valuationFormValues(correcting) : EMPTY_VALUATION,
  });
  const message = (name: keyof TValuationFormInput) => {
    const error = formState.errors[name]?.message;
    return error ? issueText(error, language) : undefined;
  };
  const prefix = correcting ? `correct-${correcting.id}` : 'valuation';
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label={translate(correcting ? 'works.valuation.correctTitle' : 'works.valuation.addTitle')}
      onSubmit={handleSubmit(
        async (body) => {
          setProblem(null);
          try {
            const document_key = file
              ? (await uploadFile<{ key: string }>(`/admin/paintings/${workId}/valuation-documents`, 'file', file)).key
              : null;
            const path = correcting
              ? `/admin/valuations/${correcting.id}/correct`
              : `/admin/paintings/${workId}/valuations`;
            await apiCall(path, { method: 'POST', body: { ...body, document_key } });
            reset(EMPTY_VALUATION);
            setFile(null);
            onDone();
          } catch (error) {
            setProblem(errorMessage(error));
          }
        },
        // A method missing in one language: open that language's tab.
        (invalid) => {
          const first = LANGS.find((lang) => invalid[`method_${lang}`]);
          if (first) setTab(first);
        },
      )}
    >
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {translate(correcting ? 'works.valuation.correctTitle' : 'works.valuation.addTitle')}
      </Typography>
      {problem && <Alert severity="error">{problem}</Alert>}
      {/* Wraps rather than pushing the last field out when helper texts widen the others (1280 px, errors shown). */}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          label={translate('works.valuation.value')}
          required
          inputMode="decimal"
          {...register('value')}
          error={Boolean(message('value'))}
          helperText={message('value')}
        />
        <Controller
          control={control}
          name="currency"
          render={({ field }) => (
            <TextField select label={translate('works.valuation.currency')} {...field} sx={{ width: 120 }}>
              <MenuItem value="EURO">EUR</MenuItem>
              <MenuItem value="USD">USD</MenuItem>
            </TextField>
          )}
        />
        <TextField
          label={translate('works.valuation.date')}
          required
          type="date"
          {...register('valued_on')}
          error={Boolean(message('valued_on'))}
          helperText={message('valued_on')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={translate('works.valuation.appraiser')}
          required
          {...register('appraiser')}
          error={Boolean(message('appraiser'))}
          helperText={message('appraiser')}
          sx={{ flex: 1 }}
        />
      </Stack>
      <LanguageTabs
        label={translate('works.valuation.methodLanguage')}
        failing={(lang) => Boolean(formState.errors[`method_${lang}`])}
        tab={tab}
        onTab={setTab}
      >
        {(lang) => (
          <TextField
            label={translate(`works.valuation.method_${lang}`)}
            required
            fullWidth
            multiline
            minRows={2}
            {...register(`method_${lang}`)}
            error={Boolean(message(`method_${lang}`))}
            helperText={message(`method_${lang}`)}
          />
        )}
      </LanguageTabs>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <label htmlFor={`${prefix}-pdf`}>{translate('works.valuation.pdf')}</label>
        <FilePicker id={`${prefix}-pdf`} accept="application/pdf" onChange={(file) => setFile(file)} />
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {translate(correcting ? 'works.valuation.correctSubmit' : 'works.valuation.addSubmit')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{translate('works.cancel')}</Button>}
      </Stack>
    </Stack>
  );
}

/** The appraisals of a work, newest first, with the corrections kept in the history. */
export function Valuations({ workId, onSaved }: { workId: string; onSaved?: () => void }) {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [correcting, setCorrecting] = useState<Valuation | null>(null);
  const [saved, setSaved] = useState(false);
  const list = useQuery({
    queryKey: ['admin', 'valuations', workId],
    queryFn: () => apiCall<{ valuations: Valuation[] }>(`/admin/paintings/${workId}/valuations`),
  });
  const valuations = list.data?.valuations ?? [];
  const done = () => {
    setCorrecting(null);
    setSaved(true);
    void list.refetch();
    onSaved?.();
  };
  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="valuations-title">
      <Typography id="valuations-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {translate('works.valuation.title')}
      </Typography>
      {list.isError && <Alert severity="error">{errorMessage(list.error)}</Alert>}
      {saved && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {translate('works.valuation.saved')}
        </Alert>
      )}
      {valuations.length === 0 ? (
        <Typography sx={{ mb: 2 }}>{translate('works.valuation.none')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('works.valuation.title')} sx={{ mb: 3 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('works.valuation.date')}</TableCell>
              <TableCell>{translate('works.valuation.value')}</TableCell>
              <TableCell>{translate('works.valuation.appraiser')}</TableCell>
              <TableCell>{translate('works.valuation.method')}</TableCell>
              <TableCell>{translate('works.valuation.status')}</TableCell>
              <TableCell>{translate('works.valuation.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {valuations.map((valuation) => (
              <TableRow key={valuation.id} sx={valuation.superseded_by ? { opacity: 0.75 } : undefined}>
                <TableCell>{dateText(valuation.valued_on, language)}</TableCell>
                <TableCell>{formatMoney(valuation.value_minor, valuation.currency, language)}</TableCell>
                <TableCell>{valuation.appraiser}</TableCell>
                <TableCell sx={{ maxWidth: 320, whiteSpace: 'pre-wrap' }}>
                  {valuation[language === 'fr' ? 'method_fr' : 'method_en']}
                </TableCell>
                <TableCell>
                  {translate(
                    valuation.superseded_by
                      ? 'works.valuation.superseded'
                      : valuation.supersedes_id
                        ? 'works.valuation.correction'
                        : 'works.valuation.current',
                  )}
                  {valuation.document_key ? ` · ${translate('works.valuation.withPdf')}` : ''}
                </TableCell>
                <TableCell>
                  {!valuation.superseded_by && (
                    <Button size="small" onClick={() => setCorrecting(valuation)}>
                      {translate('works.valuation.correct')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {correcting ? (
        <ValuationForm
          key={correcting.id}
          workId={workId}
          correcting={correcting}
          onDone={done}
          onCancel={() => setCorrecting(null)}
        />
      ) : (
        <ValuationForm key="new" workId={workId} correcting={null} onDone={done} />
      )}
    </Paper>
  );
}
