import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useGetLocale, useList, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { Grid } from '../../components/Grid';
import { serverColumns, sortKeys, useServerGrid } from '../../components/server-grid';
import { dateTimeText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { fetchFile, saveBlob } from '../withdrawals/download';
import { type AuditFilters, auditFilters, auditQuery, NO_AUDIT_FILTERS } from './audit-query';

type Entry = {
  id: string;
  actor_id: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  details: Record<string, unknown>;
  created_at: string;
};

/** GET /api/admin/audit (admin only): filtered on the server; the CSV download carries the same filters. */
export function AuditLog() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const gridSorts = sortKeys('audit', {
    created_at: 'created_at',
    actor_email: 'actor_email',
    action: 'action',
    target_type: 'target_type',
    target_id: 'target_id',
  });
  const { table, gridProps } = useServerGrid<Entry>('audit', { meta: { listKey: 'entries' }, sorts: gridSorts });
  const { result: operators } = useList<{ id: string; email: string }>({
    resource: 'operators',
    pagination: { pageSize: 100 },
  });
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setFilters((current) => ({ ...current, [field]: event.target.value }));
  const apply = () => {
    table.setFilters(auditFilters(filters), 'replace');
    table.setCurrentPage(1);
  };
  const download = async () => {
    setProblem(null);
    try {
      const file = await fetchFile('/admin/audit.csv', 'audit.csv', auditQuery(filters));
      saveBlob(file.blob, file.name);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const columns: GridColDef<Entry>[] = [
    {
      field: 'created_at',
      headerName: translate('audit.date'),
      width: 180,
      valueFormatter: (value: string) => dateTimeText(value, language),
    },
    { field: 'actor_email', headerName: translate('audit.operator'), width: 200 },
    { field: 'action', headerName: translate('audit.action'), width: 200 },
    { field: 'target_type', headerName: translate('audit.objectType'), width: 130 },
    { field: 'target_id', headerName: translate('audit.objectId'), width: 200 },
    {
      field: 'details',
      headerName: translate('audit.details'),
      flex: 1,
      minWidth: 200,
      valueGetter: (_value, row) => JSON.stringify(row.details),
    },
  ];
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {translate('audit.title')}
      </Typography>
      <Paper
        component="form"
        sx={{ p: 2, mb: 2 }}
        aria-label={translate('audit.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={translate('audit.operator')}
            value={filters.actor_id}
            onChange={set('actor_id')}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">{translate('withdrawals.all')}</MenuItem>
            {(operators?.data ?? []).map((operator) => (
              <MenuItem key={operator.id} value={operator.id}>
                {operator.email}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={translate('audit.actionPrefix')}
            value={filters.action}
            onChange={set('action')}
          />
          <TextField
            size="small"
            label={translate('audit.objectType')}
            value={filters.target_type}
            onChange={set('target_type')}
          />
          <TextField
            size="small"
            label={translate('audit.objectId')}
            value={filters.target_id}
            onChange={set('target_id')}
          />
          <TextField
            size="small"
            type="datetime-local"
            label={translate('audit.from')}
            value={filters.from}
            onChange={set('from')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="datetime-local"
            label={translate('audit.to')}
            value={filters.to}
            onChange={set('to')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="contained">
            {translate('audit.apply')}
          </Button>
          <Button variant="outlined" onClick={() => void download()}>
            {translate('audit.csv')}
          </Button>
        </Stack>
      </Paper>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      <Grid<Entry>
        label={translate('audit.title')}
        columns={serverColumns(columns, gridSorts)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
    </>
  );
}
