import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TDeclareDividend } from '@parcelle/shared/contracts/admin';
import type { TDividendPreview } from '@parcelle/shared/contracts/admin-money';
import { useCreate, useGetLocale, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { MoneyFacts, perPartAndTotal } from '../../components/MoneyFacts';
import { type PickedWork, WorkPicker, workLabel } from '../../components/WorkPicker';
import { countText, moneyText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { FIELD_OF, issueText, type TDividendFormInput, ZDividendForm } from './dividend-form';

type Output = z.output<typeof ZDividendForm>;

/** The error to show under a form field: its own, or the contract's field that lands there. */
function fieldError(errors: FieldErrors, field: keyof TDividendFormInput): string | undefined {
  for (const [name, error] of Object.entries(errors)) {
    if ((FIELD_OF[name] ?? name) === field && error && typeof error.message === 'string') return error.message;
  }
  return undefined;
}

/** POST /api/admin/dividends: declared after a confirmation that repeats the amount. */
export function DeclareDividend() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [pending, setPending] = useState<TDeclareDividend | null>(null);
  const [result, setResult] = useState<TDividendPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { mutate, mutation } = useCreate<TDividendPreview>();
  const navigate = useNavigate();
  const [work, setWork] = useState<PickedWork | null>(null);
  const { control, handleSubmit, formState, register, setValue } = useForm<TDividendFormInput, unknown, Output>({
    resolver: zodResolver(ZDividendForm),
    defaultValues: {
      painting_id: '',
      year: String(new Date().getFullYear()),
      currency: 'EURO',
      mode: 'total',
      amount: '',
      record_date: '',
    },
  });
  const message = (field: keyof TDividendFormInput) => {
    const key = fieldError(formState.errors, field);
    return key ? issueText(key, language) : undefined;
  };
  const rootError =
    formState.errors.root?.message ?? (formState.errors as Record<string, { message?: string }>)['']?.message;

  /**
   * The confirmation's facts: the work, the amount per part of the whole work and its total, the parts members hold
   * today and what they would be paid, and the unsold parts' share that stays with Parcelle (issue 31).
   */
  const factsOf = (body: TDeclareDividend): Array<[string, string]> => {
    const parts = work?.sold_parts ?? 0;
    const allParts = work?.total_parts ?? parts;
    const given =
      body.amount_per_part_minor !== undefined
        ? { perPartMinor: body.amount_per_part_minor }
        : { totalMinor: body.total_amount_minor ?? 0 };
    const { perPart, total } = perPartAndTotal(given, allParts, body.currency, language, translate);
    const members = perPartAndTotal(given, allParts, body.currency, language, translate, parts);
    const kept = perPartAndTotal(given, allParts, body.currency, language, translate, allParts - parts);
    return [
      [translate('confirm.work'), work ? workLabel(work, language) : body.painting_id],
      [translate('confirm.perPart'), perPart],
      [translate('confirm.total'), total],
      [translate('confirm.partsHeld'), countText(parts, language)],
      [translate('dividends.paidOut'), members.share],
      [translate('dividends.retained', { count: allParts - parts }), kept.share],
    ];
  };

  const declare = () => {
    if (!pending) return;
    mutate(
      { resource: 'dividends', values: pending, successNotification: false, errorNotification: false },
      {
        onSuccess: (answer) => {
          setResult(answer.data);
          // The preview: every holder's amount and the rounding, where a second operator approves it.
          navigate(`/dividends/${answer.data.id}`);
          setProblem(null);
          setPending(null);
        },
        onError: (error) => {
          setProblem(errorMessage(error));
          setPending(null);
        },
      },
    );
  };

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {translate('dividends.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {translate('dividends.intro')}
      </Typography>
      {result && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {translate('dividends.done', {
            reference: result.reference,
            total: moneyText(result.paid_out_minor, result.total.curr, language),
            count: result.holders.length,
            parts: result.parts,
          })}
          {result.unsold_parts > 0 &&
            ` ${translate('dividends.doneRetained', {
              count: result.unsold_parts,
              amount: moneyText(result.retained_minor, result.total.curr, language),
            })}`}
        </Alert>
      )}
      {(problem || rootError) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem ?? issueText(rootError, language)}
        </Alert>
      )}
      <Paper sx={{ p: 3, maxWidth: 720 }}>
        <Stack
          component="form"
          noValidate
          spacing={2.5}
          onSubmit={handleSubmit((body) => {
            setProblem(null);
            setPending(body);
          })}
        >
          <WorkPicker
            label={translate('dividends.painting')}
            value={work}
            onChange={(picked) => {
              setWork(picked);
              setValue('painting_id', picked?.id ?? '', { shouldValidate: formState.isSubmitted });
            }}
            error={Boolean(message('painting_id'))}
            helperText={message('painting_id')}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              label={translate('dividends.year')}
              required
              type="number"
              {...register('year')}
              error={Boolean(message('year'))}
              helperText={message('year')}
              sx={{ width: 160 }}
            />
            <Controller
              control={control}
              name="currency"
              render={({ field }) => (
                <TextField select label={translate('dividends.currency')} {...field} sx={{ width: 160 }}>
                  <MenuItem value="EURO">EUR</MenuItem>
                  <MenuItem value="USD">USD</MenuItem>
                </TextField>
              )}
            />
          </Stack>
          <Controller
            control={control}
            name="mode"
            render={({ field }) => (
              <FormControl component="fieldset">
                <FormLabel component="legend" id="dividend-mode">
                  {translate('dividends.mode')}
                </FormLabel>
                <RadioGroup row aria-labelledby="dividend-mode" {...field}>
                  <FormControlLabel value="total" control={<Radio />} label={translate('dividends.total')} />
                  <FormControlLabel value="perPart" control={<Radio />} label={translate('dividends.perPart')} />
                </RadioGroup>
              </FormControl>
            )}
          />
          <TextField
            label={translate('dividends.amount', { currency: 'EUR/USD' })}
            required
            inputMode="decimal"
            {...register('amount')}
            error={Boolean(message('amount'))}
            helperText={message('amount') ?? ' '}
            sx={{ maxWidth: 260 }}
          />
          <TextField
            label={translate('dividends.recordDate')}
            type="datetime-local"
            {...register('record_date')}
            error={Boolean(message('record_date'))}
            helperText={message('record_date') ?? translate('dividends.recordDateHelp')}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ maxWidth: 320 }}
          />
          <div>
            <Button type="submit" variant="contained" disabled={mutation.isPending}>
              {translate('dividends.submit')}
            </Button>
          </div>
        </Stack>
      </Paper>
      <Dialog open={Boolean(pending)} onClose={() => setPending(null)} aria-labelledby="dividend-confirm">
        <DialogTitle id="dividend-confirm">{translate('dividends.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{pending && translate('dividends.confirmText', { year: pending.year })}</DialogContentText>
          {pending && <MoneyFacts facts={factsOf(pending)} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>{translate('dividends.cancel')}</Button>
          <Button variant="contained" onClick={declare} disabled={mutation.isPending} autoFocus>
            {translate('dividends.submit')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
