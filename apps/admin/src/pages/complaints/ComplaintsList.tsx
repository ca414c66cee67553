import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { COMPLAINT_CATEGORY_LABELS, COMPLAINT_STATE_LABELS, COMPLAINT_STATES } from '@parcelle/shared/complaints';
import type { TAdminComplaintRow } from '@parcelle/shared/contracts/complaints';
import { parisDay } from '@parcelle/shared/french-calendar';
import type { CrudFilter } from '@refinedev/core';
import { useGetLocale, useNotification, useTranslate } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Grid } from '../../components/Grid';
import { serverColumns, sortKeys, useServerGrid } from '../../components/server-grid';
import { dateText, dateTimeText } from '../../format';
import { errorMessage } from '../../providers/auth-provider';
import type { Language } from '../../providers/i18n';
import { fetchFile, saveBlob } from '../withdrawals/download';

const FILTERS = ['state', 'overdue', 'q'] as const;
type FilterName = (typeof FILTERS)[number];

function filterValue(filters: readonly CrudFilter[], name: FilterName): string {
  for (const filter of filters) {
    if ('field' in filter && filter.field === name) return String(filter.value ?? '');
  }
  return '';
}

/** A due day (`YYYY-MM-DD`, Paris) as the console writes dates; noon UTC keeps it on its day in every time zone. */
export const dueText = (day: string, language: Language) => dateText(`${day}T12:00:00Z`, language);

/** Whole days a due day is past at `now` (0 when not past). */
export function daysLate(day: string, now = new Date()): number {
  const today = Date.parse(`${parisDay(now)}T00:00:00Z`);
  return Math.max(0, Math.round((today - Date.parse(`${day}T00:00:00Z`)) / 86_400_000));
}

/** The due day, with a red chip saying by how much it is late. */
function Due({ day, late, language }: { day: string; late: boolean; language: Language }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
      <span>{dueText(day, language)}</span>
      {late && <Chip size="small" color="error" label={translate('complaints.lateDays', { count: daysLate(day) })} />}
    </Stack>
  );
}

/**
 * The complaints queue (issue 30): the regulatory due days in view with lateness, filters (state, past a deadline,
 * text) and sorting on the server, the oldest first; and the register's CSV export for the regulator.
 */
export function ComplaintsList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { open } = useNotification();
  const gridSorts = sortKeys('complaints', {
    reference: 'reference',
    state: 'state',
    received_at: 'received_at',
    acknowledge_due_on: 'acknowledge_due_on',
    answer_due_on: 'answer_due_on',
  });
  const { table, gridProps } = useServerGrid<TAdminComplaintRow>('complaints', { sorts: gridSorts });
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
  const [search, setSearch] = useState(filterValue(filters, 'q'));
  const currentSearch = filterValue(filters, 'q');
  // biome-ignore lint/correctness/useExhaustiveDependencies: setFilter is rebuilt every render; the text decides.
  useEffect(() => {
    if (search === currentSearch) return;
    const timer = setTimeout(() => setFilter('q', search.trim()), 400);
    return () => clearTimeout(timer);
  }, [search, currentSearch]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const exportRegister = async () => {
    setProblem(null);
    try {
      const file = await fetchFile('/admin/complaints/export', 'complaints.csv', {
        from: from || undefined,
        to: to || undefined,
      });
      saveBlob(file.blob, file.name);
      open?.({ type: 'success', message: translate('complaints.exported') });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const columns: GridColDef<TAdminComplaintRow>[] = [
    { field: 'reference', headerName: translate('complaints.reference'), width: 160 },
    {
      field: 'complainant',
      headerName: translate('complaints.complainant'),
      flex: 1,
      minWidth: 220,
      valueGetter: (_value, row) =>
        `${row.complainant.name} <${row.complainant.email}>${row.complainant.member_id ? '' : ` (${translate('complaints.visitor')})`}`,
    },
    {
      field: 'state',
      headerName: translate('complaints.state'),
      width: 150,
      valueFormatter: (value: TAdminComplaintRow['state']) => COMPLAINT_STATE_LABELS[value][language],
    },
    {
      field: 'acknowledge_due_on',
      headerName: translate('complaints.acknowledgeDue'),
      width: 230,
      renderCell: ({ row }) => <Due day={row.acknowledge_due_on} late={row.acknowledge_overdue} language={language} />,
    },
    {
      field: 'answer_due_on',
      headerName: translate('complaints.answerDue'),
      width: 230,
      renderCell: ({ row }) => <Due day={row.answer_due_on} late={row.answer_overdue} language={language} />,
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
          to={`/complaints/${row.id}`}
          aria-label={`${translate('complaints.open')} ${row.reference}`}
        >
          {translate('complaints.open')}
        </Button>
      ),
    },
    {
      field: 'category',
      headerName: translate('complaints.category'),
      width: 220,
      valueFormatter: (value: TAdminComplaintRow['category']) => COMPLAINT_CATEGORY_LABELS[value][language],
    },
    {
      field: 'received_at',
      headerName: translate('complaints.received'),
      width: 180,
      valueFormatter: (value: string) => dateTimeText(value, language),
    },
  ];

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {translate('complaints.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('complaints.deadlines')}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ mb: 2, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          label={translate('complaints.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ minWidth: 280 }}
        />
        <TextField
          select
          size="small"
          label={translate('complaints.filterState')}
          value={filterValue(filters, 'state')}
          onChange={(event) => setFilter('state', event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{translate('complaints.all')}</MenuItem>
          {COMPLAINT_STATES.map((state) => (
            <MenuItem key={state} value={state}>
              {COMPLAINT_STATE_LABELS[state][language]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('complaints.filterOverdue')}
          value={filterValue(filters, 'overdue')}
          onChange={(event) => setFilter('overdue', event.target.value)}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{translate('complaints.all')}</MenuItem>
          <MenuItem value="true">{translate('complaints.onlyOverdue')}</MenuItem>
          <MenuItem value="false">{translate('complaints.notOverdue')}</MenuItem>
        </TextField>
      </Stack>
      <Grid<TAdminComplaintRow>
        label={translate('complaints.title')}
        columns={serverColumns(columns, gridSorts)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
      <Stack direction="row" useFlexGap sx={{ mt: 3, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          type="date"
          label={translate('complaints.exportFrom')}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={translate('complaints.exportTo')}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="outlined" onClick={() => void exportRegister()}>
          {translate('complaints.export')}
        </Button>
        {problem && (
          <Typography role="alert" color="error">
            {problem}
          </Typography>
        )}
      </Stack>
    </>
  );
}
