import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TAdminVerificationRow } from '@parcelle/shared/contracts/verification';
import {
  RISK_LEVEL_LABELS,
  RISK_LEVELS,
  VERIFICATION_STATE_LABELS,
  VERIFICATION_STATES,
} from '@parcelle/shared/verification';
import type { CrudFilter } from '@refinedev/core';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Grid } from '../../components/Grid';
import { serverColumns, sortKeys, useServerGrid } from '../../components/server-grid';
import { dateTimeText } from '../../format';
import type { Language } from '../../providers/i18n';

/** The filters the queue sends to the server (the route's query parameters). */
const FILTERS = ['state', 'risk', 'awaiting_second_approval', 'older_than_days', 'q'] as const;
type FilterName = (typeof FILTERS)[number];

function filterValue(filters: readonly CrudFilter[], name: FilterName): string {
  for (const filter of filters) {
    if ('field' in filter && filter.field === name) return String(filter.value ?? '');
  }
  return '';
}

/**
 * The compliance review queue (issue 29): state, risk, age and whether a second approval is awaited; filters, sorting
 * and paging on the server. The oldest submission first, so the queue is worked from its head.
 */
export function VerificationsList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const gridSorts = sortKeys('verifications', {
    member: 'member',
    state: 'state',
    risk: 'risk',
    submitted_at: 'submitted_at',
  });
  const { table, gridProps } = useServerGrid<TAdminVerificationRow>('verifications', { sorts: gridSorts });
  const filters = table.filters;
  const setFilter = (name: FilterName, value: string) => {
    const next = FILTERS.map((field) => ({
      field,
      operator: 'eq' as const,
      value: field === name ? value : filterValue(filters, field),
    })).filter((filter) => filter.value !== '');
    table.setFilters(next, 'replace');
    table.setCurrentPage(1);
  };
  // The search box sends after a pause, not at every key.
  const [search, setSearch] = useState(filterValue(filters, 'q'));
  const currentSearch = filterValue(filters, 'q');
  // biome-ignore lint/correctness/useExhaustiveDependencies: setFilter is rebuilt every render; the text decides.
  useEffect(() => {
    if (search === currentSearch) return;
    const timer = setTimeout(() => setFilter('q', search.trim()), 400);
    return () => clearTimeout(timer);
  }, [search, currentSearch]);

  const columns: GridColDef<TAdminVerificationRow>[] = [
    {
      field: 'member',
      headerName: translate('verifications.member'),
      flex: 1,
      minWidth: 260,
      valueGetter: (_value, row) => `${row.member.name} <${row.member.email}>`,
    },
    {
      field: 'state',
      headerName: translate('verifications.state'),
      width: 170,
      valueFormatter: (value: TAdminVerificationRow['state']) => VERIFICATION_STATE_LABELS[value][language],
    },
    {
      field: 'risk',
      headerName: translate('verifications.risk'),
      width: 110,
      renderCell: ({ row }) =>
        row.risk ? (
          <Chip
            size="small"
            label={RISK_LEVEL_LABELS[row.risk][language]}
            color={row.risk === 'high' ? 'error' : 'default'}
            variant={row.risk === 'high' ? 'filled' : 'outlined'}
          />
        ) : (
          translate('verifications.riskUnknown')
        ),
    },
    {
      field: 'age_days',
      headerName: translate('verifications.age'),
      width: 100,
      valueFormatter: (value: number | null) =>
        value === null ? '' : translate('verifications.ageDays', { count: value }),
    },
    {
      field: 'second',
      headerName: translate('verifications.secondColumn'),
      width: 190,
      renderCell: ({ row }) =>
        row.first_approved_by ? <Chip size="small" color="warning" label={translate('verifications.awaited')} /> : null,
    },
    {
      field: 'open',
      headerName: '',
      width: 100,
      renderCell: ({ row }) => (
        <Button
          size="small"
          variant="outlined"
          component={RouterLink}
          to={`/verifications/${row.id}`}
          aria-label={`${translate('verifications.open')} ${row.member.name}`}
        >
          {translate('verifications.open')}
        </Button>
      ),
    },
    {
      field: 'submitted_at',
      headerName: translate('verifications.submittedAt'),
      width: 180,
      valueFormatter: (value: string | null) => dateTimeText(value, language),
    },
  ];

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {translate('verifications.title')}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ mb: 2, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          label={translate('verifications.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ minWidth: 240 }}
        />
        <TextField
          select
          size="small"
          label={translate('verifications.filterState')}
          value={filterValue(filters, 'state')}
          onChange={(event) => setFilter('state', event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{translate('verifications.all')}</MenuItem>
          {VERIFICATION_STATES.map((state) => (
            <MenuItem key={state} value={state}>
              {VERIFICATION_STATE_LABELS[state][language]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('verifications.filterRisk')}
          value={filterValue(filters, 'risk')}
          onChange={(event) => setFilter('risk', event.target.value)}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">{translate('verifications.all')}</MenuItem>
          {RISK_LEVELS.map((risk) => (
            <MenuItem key={risk} value={risk}>
              {RISK_LEVEL_LABELS[risk][language]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('verifications.filterSecond')}
          value={filterValue(filters, 'awaiting_second_approval')}
          onChange={(event) => setFilter('awaiting_second_approval', event.target.value)}
          sx={{ minWidth: 230 }}
        >
          <MenuItem value="">{translate('verifications.all')}</MenuItem>
          <MenuItem value="true">{translate('verifications.onlyAwaiting')}</MenuItem>
          <MenuItem value="false">{translate('verifications.notAwaiting')}</MenuItem>
        </TextField>
        <TextField
          size="small"
          type="number"
          label={translate('verifications.olderThan')}
          value={filterValue(filters, 'older_than_days')}
          onChange={(event) => setFilter('older_than_days', event.target.value)}
          slotProps={{ htmlInput: { min: 0, max: 3650 } }}
          sx={{ width: 250 }}
        />
      </Stack>
      <Grid<TAdminVerificationRow>
        label={translate('verifications.title')}
        columns={serverColumns(columns, gridSorts)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
    </>
  );
}
