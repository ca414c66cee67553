import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { type ZAdminRate, ZRateInput, ZRateParams } from '@parcelle/shared/contracts/catalogue-admin';
import { messages } from '@parcelle/shared/i18n/messages';
import { formatNumber } from '@parcelle/shared/money';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { Grid } from '../../components/Grid';
import { serverColumns, sortKeys, useServerGrid } from '../../components/server-grid';
import { dateText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { issueText } from '../works/work-form';

type Rate = z.infer<typeof ZAdminRate>;

/** A rate as typed ("1,0842" in French too) checked by the shared contract; the error key, or the body. */
export function parseRate(
  day: string,
  rate: string,
): { day: string; rate: string } | { field: 'day' | 'rate'; error: string } {
  const dayChecked = ZRateParams.safeParse({ day });
  if (!dayChecked.success) return { field: 'day', error: dayChecked.error.issues[0]?.message ?? 'InvalidDate' };
  const rateChecked = ZRateInput.safeParse({ rate: rate.trim().replace(',', '.') });
  if (!rateChecked.success) return { field: 'rate', error: rateChecked.error.issues[0]?.message ?? 'InvalidRate' };
  return { day: dayChecked.data.day, rate: rateChecked.data.rate };
}

/** GET /api/admin/exchange-rates and PUT /api/admin/exchange-rates/:day (1 EUR = rate USD, by hand). */
export function RatesPage() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const gridSorts = sortKeys('rates', { day: 'day', rate: 'rate', source: 'source' });
  const { table, gridProps } = useServerGrid<Rate>('rates', { meta: { path: 'exchange-rates' }, sorts: gridSorts });
  const [day, setDay] = useState(new Date().toISOString().slice(0, 10));
  const [rate, setRate] = useState('');
  const [invalid, setInvalid] = useState<{ field: 'day' | 'rate'; error: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const columns: GridColDef<Rate>[] = [
    {
      field: 'day',
      headerName: translate('rates.day'),
      width: 160,
      valueFormatter: (v: string) => dateText(v, language),
    },
    {
      field: 'rate',
      headerName: translate('rates.rate'),
      width: 200,
      valueFormatter: (v: string) => formatNumber(Number(v), language, { maximumFractionDigits: 6 }),
    },
    {
      field: 'source',
      headerName: translate('rates.source'),
      flex: 1,
      minWidth: 140,
      // A source the console does not know yet shows as the API names it.
      valueFormatter: (v: string) =>
        ['manual', 'ecb', 'seed', 'sandbox'].includes(v) ? translate(`rates.sources.${v}`) : v,
    },
  ];
  const submit = async () => {
    setProblem(null);
    setSaved(false);
    const parsed = parseRate(day, rate);
    if ('error' in parsed) {
      setInvalid(parsed);
      return;
    }
    setInvalid(null);
    try {
      await apiCall(`/admin/exchange-rates/${parsed.day}`, { method: 'PUT', body: { rate: parsed.rate } });
      setSaved(true);
      setRate('');
      void table.tableQuery.refetch();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {translate('rates.title')}
      </Typography>
      <Paper sx={{ p: 3, mb: 3, maxWidth: 720 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          {translate('rates.enter')}
        </Typography>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        {saved && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {messages.ExchangeRateSaved[language]}
          </Alert>
        )}
        <Stack
          component="form"
          noValidate
          direction="row"
          spacing={2}
          sx={{ alignItems: 'flex-start' }}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            label={translate('rates.day')}
            type="date"
            required
            value={day}
            onChange={(event) => setDay(event.target.value)}
            error={invalid?.field === 'day'}
            helperText={invalid?.field === 'day' ? issueText(invalid.error, language) : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={translate('rates.rateInput')}
            required
            inputMode="decimal"
            value={rate}
            onChange={(event) => setRate(event.target.value)}
            error={invalid?.field === 'rate'}
            helperText={invalid?.field === 'rate' ? issueText(invalid.error, language) : translate('rates.help')}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1 }}>
            {translate('rates.save')}
          </Button>
        </Stack>
      </Paper>
      <Grid<Rate>
        label={translate('rates.title')}
        columns={serverColumns(columns, gridSorts)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        getRowId={(row) => `${row.day}-${row.base}-${row.quote}`}
        {...gridProps}
      />
    </>
  );
}
