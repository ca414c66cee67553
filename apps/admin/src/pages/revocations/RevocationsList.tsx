import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TAdminRevocationRow } from '@parcelle/shared/contracts/reflection';
import type { CrudFilter } from '@refinedev/core';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { Link as RouterLink } from 'react-router';
import { Grid } from '../../components/Grid';
import { serverColumns, sortKeys, useServerGrid } from '../../components/server-grid';
import { countText, dateTimeText, moneyText } from '../../format';
import type { Language } from '../../providers/i18n';

const FILTERS = ['from', 'to'] as const;
type FilterName = (typeof FILTERS)[number];

function filterValue(filters: readonly CrudFilter[], name: FilterName): string {
  for (const filter of filters) {
    if ('field' in filter && filter.field === name) return String(filter.value ?? '');
  }
  return '';
}

const STATUS_COLOUR = { pending: 'warning', succeeded: 'success', credited: 'success' } as const;

/**
 * Revocations (issue 30, decision 421): the purchases members revoked in their reflection period, newest first, for
 * compliance (the right was honoured, in time) and finance (where the money went and whether the provider refunded
 * it). Filtered by the Paris day of the revocation; the API writes each read to the audit log.
 */
export function RevocationsList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const gridSorts = sortKeys('revocations', {
    revoked_at: 'revoked_at',
    settled_at: 'settled_at',
    reference: 'reference',
    member: 'member',
    amount_minor: 'amount',
  });
  const { table, gridProps } = useServerGrid<TAdminRevocationRow>('revocations', { sorts: gridSorts });
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

  const columns: GridColDef<TAdminRevocationRow>[] = [
    {
      field: 'revoked_at',
      headerName: translate('revocations.revokedAt'),
      width: 165,
      valueFormatter: (value: string) => dateTimeText(value, language),
    },
    { field: 'reference', headerName: translate('revocations.reference'), width: 145 },
    {
      field: 'member',
      headerName: translate('revocations.member'),
      flex: 1,
      minWidth: 170,
      // The name, linked to the member's page; the address on hover (the grid keeps one line per row).
      renderCell: ({ row }) => (
        <RouterLink to={`/members/${row.member.id}`} title={row.member.email}>
          {row.member.name}
        </RouterLink>
      ),
      valueGetter: (_value, row) => row.member.name,
    },
    {
      field: 'painting',
      headerName: translate('revocations.work'),
      flex: 1,
      minWidth: 150,
      valueGetter: (_value, row) => row.painting.title[language],
    },
    {
      field: 'quantity',
      headerName: translate('revocations.parts'),
      type: 'number',
      width: 70,
      valueFormatter: (value: number) => countText(value, language),
    },
    {
      field: 'amount_minor',
      headerName: translate('revocations.amount'),
      type: 'number',
      width: 115,
      valueFormatter: (_value, row) => moneyText(row.amount_minor, row.currency, language),
    },
    {
      field: 'refund_to',
      headerName: translate('revocations.refundTo'),
      width: 120,
      valueFormatter: (value: TAdminRevocationRow['refund_to']) => translate(`revocations.to.${value}`),
    },
    {
      field: 'refund_status',
      headerName: translate('revocations.refundStatus'),
      width: 205,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLOUR[row.refund_status]}
          label={translate(`revocations.status.${row.refund_status}`)}
        />
      ),
    },
    {
      field: 'channel',
      headerName: translate('revocations.channel'),
      width: 170,
      valueFormatter: (value: TAdminRevocationRow['channel']) => translate(`revocations.channels.${value}`),
    },
    {
      field: 'settled_at',
      headerName: translate('revocations.settledAt'),
      width: 180,
      valueFormatter: (value: string) => dateTimeText(value, language),
    },
    {
      field: 'period_ends_at',
      headerName: translate('revocations.periodEnds'),
      width: 180,
      // The exclusive end: its last minute is what the member was told.
      valueFormatter: (value: string) => dateTimeText(new Date(Date.parse(value) - 60_000).toISOString(), language),
    },
  ];

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {translate('revocations.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: '70ch' }}>
        {translate('revocations.intro')}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ mb: 2, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          type="date"
          label={translate('revocations.from')}
          value={filterValue(filters, 'from')}
          onChange={(event) => setFilter('from', event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={translate('revocations.until')}
          value={filterValue(filters, 'to')}
          onChange={(event) => setFilter('to', event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <Grid<TAdminRevocationRow>
        label={translate('revocations.title')}
        columns={serverColumns(columns, gridSorts)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
    </>
  );
}
