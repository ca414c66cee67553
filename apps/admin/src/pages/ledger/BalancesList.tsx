import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TAdminBalances } from '@parcelle/shared/contracts/admin-money';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { Grid } from '../../components/Grid';
import { serverColumns, sortKeys, useServerGrid } from '../../components/server-grid';
import { moneyText } from '../../format';
import type { Language } from '../../providers/i18n';

type Balances = TAdminBalances;
type Account = Balances['accounts'][number];

/**
 * GET /api/admin/ledger/balances: every ledger account's balance, paged on the server, with the totals per account
 * kind and currency over all accounts (read once, from the first page's answer).
 */
export function BalancesList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const gridSorts = sortKeys('balances', { kind: 'kind', member: 'member', entries: 'entries', balance: 'balance' });
  const { gridProps, table } = useServerGrid<Account & { id: string }>('balances', {
    meta: { path: 'ledger/balances', listKey: 'accounts' },
    sorts: gridSorts,
  });
  const totals = useQuery({
    queryKey: ['ledger-balance-totals'],
    queryFn: () => apiCall<Balances>('/admin/ledger/balances', { query: { limit: '1', offset: '0' } }),
  });
  const columns: GridColDef<Account & { id: string }>[] = [
    { field: 'kind', headerName: translate('balances.kind'), width: 200 },
    {
      field: 'member',
      headerName: translate('balances.member'),
      flex: 1,
      minWidth: 220,
      valueGetter: (_value, row) => row.member?.email ?? '—',
    },
    { field: 'entries', headerName: translate('balances.entries'), width: 120, type: 'number' },
    {
      field: 'balance',
      headerName: translate('balances.balance'),
      width: 160,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_value, row) => moneyText(row.balance_minor, row.balance.curr, language),
    },
  ];
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {translate('balances.title')}
      </Typography>
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {translate('balances.totals')}
      </Typography>
      <Paper sx={{ mb: 3 }}>
        <Table size="small" aria-label={translate('balances.totals')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('balances.kind')}</TableCell>
              <TableCell align="right">{translate('balances.balance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(totals.data?.totals ?? []).map((total) => (
              <TableRow key={`${total.kind}-${total.balance.curr}`}>
                <TableCell>{total.kind}</TableCell>
                <TableCell align="right">{moneyText(total.balance_minor, total.balance.curr, language)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Grid<Account & { id: string }>
        label={translate('balances.title')}
        getRowId={(row) => row.account_id}
        columns={serverColumns(columns, gridSorts)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
    </>
  );
}
