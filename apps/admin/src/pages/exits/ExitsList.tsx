import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TExitOffer } from '@parcelle/shared/contracts/exits';
import { EXIT_OFFER_STATUSES } from '@parcelle/shared/exit';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { Link as RouterLink } from 'react-router';
import { Grid } from '../../components/Grid';
import { serverColumns, useServerGrid } from '../../components/server-grid';
import { dateTimeText, moneyText } from '../../format';
import type { Language } from '../../providers/i18n';

/** GET /api/admin/exits: every exit offer, newest first, filtered by status on the server; each opens its tally. */
export function ExitsList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { table, gridProps } = useServerGrid<TExitOffer>('exits', { sorts: {} });
  const status = table.filters.find((filter) => 'field' in filter && filter.field === 'status')?.value ?? '';
  const columns: GridColDef<TExitOffer>[] = [
    {
      field: 'reference',
      headerName: translate('exits.reference'),
      width: 170,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/exits/${row.id}`}>
          {row.reference}
        </Link>
      ),
    },
    {
      field: 'painting',
      headerName: translate('exits.painting'),
      flex: 1,
      minWidth: 180,
      valueGetter: (_value, row) => row.painting.title,
    },
    { field: 'buyer_name', headerName: translate('exits.buyer'), width: 180 },
    {
      field: 'amount',
      headerName: translate('exits.amount'),
      width: 150,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_value, row) => moneyText(row.amount_minor, row.currency, language),
    },
    {
      field: 'status',
      headerName: translate('exits.status'),
      width: 130,
      valueFormatter: (value: string) => translate(`exits.statuses.${value}`),
    },
    {
      field: 'tally',
      headerName: translate('exits.tallyShort'),
      width: 200,
      valueGetter: (_value, row) =>
        translate('exits.tallyCell', {
          accept: row.tally.accept_parts,
          reject: row.tally.reject_parts,
          eligible: row.tally.eligible_parts,
        }),
    },
    {
      field: 'vote_closes_at',
      headerName: translate('exits.closes'),
      width: 170,
      valueFormatter: (value: string) => dateTimeText(value, language),
    },
  ];
  return (
    <>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h1" component="h1">
          {translate('exits.listTitle')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button variant="contained" component={RouterLink} to="/exits/new">
            {translate('exits.newTitle')}
          </Button>
          <TextField
            select
            size="small"
            label={translate('exits.status')}
            value={status}
            sx={{ minWidth: 160 }}
            onChange={(event) => {
              table.setFilters([{ field: 'status', operator: 'eq', value: event.target.value }], 'replace');
              table.setCurrentPage(1);
            }}
          >
            <MenuItem value="">{translate('withdrawals.all')}</MenuItem>
            {EXIT_OFFER_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {translate(`exits.statuses.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Stack>
      <Grid<TExitOffer>
        label={translate('exits.listTitle')}
        columns={serverColumns(columns, {})}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
    </>
  );
}
