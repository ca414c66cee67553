import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LEDGER_ACCOUNT_KINDS } from '@parcelle/shared/contracts/admin-money';
import type { CrudFilter } from '@refinedev/core';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { apiCall } from '../../api/client';
import { dateTimeText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { isoOf } from '../audit/audit-query';

export type LedgerFilterValues = {
  account_kind: string;
  member_id: string;
  reference: string;
  from: string;
  to: string;
};
const EMPTY: LedgerFilterValues = { account_kind: '', member_id: '', reference: '', from: '', to: '' };

/** The ledger filters as GET /admin/ledger/transactions' parameters (equality filters; dates as ISO instants). */
export function ledgerFilters(values: LedgerFilterValues): CrudFilter[] {
  const filters: CrudFilter[] = [];
  for (const field of ['account_kind', 'member_id', 'reference'] as const) {
    const value = values[field].trim();
    if (value) filters.push({ field, operator: 'eq', value });
  }
  for (const field of ['from', 'to'] as const) {
    const value = isoOf(values[field]);
    if (value) filters.push({ field, operator: 'eq', value });
  }
  return filters;
}

/** The ledger's filter form. */
export function LedgerFilters({ onApply }: { onApply: (filters: CrudFilter[]) => void }) {
  const translate = useTranslate();
  const [values, setValues] = useState<LedgerFilterValues>(EMPTY);
  const set = (field: keyof LedgerFilterValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  return (
    <Paper
      component="form"
      aria-label={translate('ledgerTools.filters')}
      sx={{ p: 2, mb: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(ledgerFilters(values));
      }}
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={translate('ledgerTools.kind')}
          value={values.account_kind}
          onChange={set('account_kind')}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{translate('withdrawals.all')}</MenuItem>
          {LEDGER_ACCOUNT_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {kind}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={translate('ledgerTools.member')}
          value={values.member_id}
          onChange={set('member_id')}
        />
        <TextField
          size="small"
          label={translate('ledger.reference')}
          value={values.reference}
          onChange={set('reference')}
        />
        <TextField
          size="small"
          type="datetime-local"
          label={translate('audit.from')}
          value={values.from}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="datetime-local"
          label={translate('audit.to')}
          value={values.to}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="contained">
          {translate('audit.apply')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** GET /api/admin/ledger/check on demand: the invariants hold, or the problems it found. */
export function LedgerCheck() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; problems: string[]; checked_at: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setAnswer(await apiCall('/admin/ledger/check'));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <div>
        <Button variant="outlined" onClick={() => void run()} disabled={busy}>
          {translate('ledgerTools.check')}
        </Button>
      </div>
      {problem && <Alert severity="error">{problem}</Alert>}
      {answer && (
        <Alert severity={answer.ok ? 'success' : 'error'} role="status">
          {translate(answer.ok ? 'ledgerTools.checkOk' : 'ledgerTools.checkFailed', {
            date: dateTimeText(answer.checked_at, language),
          })}
          {answer.problems.length > 0 && (
            <ul>
              {answer.problems.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </Stack>
  );
}
