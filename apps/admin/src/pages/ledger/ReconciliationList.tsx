import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TReconciliation } from '@parcelle/shared/contracts/admin-money';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { Grid } from '../../components/Grid';
import { serverColumns, sortKeys, useServerGrid } from '../../components/server-grid';
import { dateTimeText, moneyText } from '../../format';
import type { Language } from '../../providers/i18n';

type ProviderEvent = TReconciliation['events'][number];

/**
 * GET /api/admin/reconciliation: the payment providers' events and the purchases they were matched to (the unmatched
 * ones on a switch), then the card and PayPal purchases marked paid that no event confirms.
 */
export function ReconciliationList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const gridSorts = sortKeys('reconciliation', {
    received_at: 'received_at',
    provider: 'provider',
    type: 'type',
    amount: 'amount',
  });
  const { gridProps, table } = useServerGrid<ProviderEvent>('reconciliation', {
    meta: { path: 'reconciliation', listKey: 'events' },
    sorts: gridSorts,
  });
  const unmatchedOnly = table.filters.some((filter) => 'field' in filter && filter.field === 'unmatched');
  const summary = useQuery({
    queryKey: ['reconciliation-summary'],
    queryFn: () => apiCall<TReconciliation>('/admin/reconciliation', { query: { limit: '1', offset: '0' } }),
  });
  const columns: GridColDef<ProviderEvent>[] = [
    {
      field: 'received_at',
      headerName: translate('reconciliation.receivedAt'),
      width: 180,
      valueFormatter: (value: string) => dateTimeText(value, language),
    },
    { field: 'provider', headerName: translate('reconciliation.provider'), width: 110 },
    { field: 'type', headerName: translate('reconciliation.type'), width: 200 },
    {
      field: 'amount',
      headerName: translate('reconciliation.amount'),
      width: 130,
      valueGetter: (_value, row) =>
        row.amount && row.amount_minor !== null ? moneyText(row.amount_minor, row.amount.curr, language) : '—',
    },
    {
      field: 'state',
      headerName: translate('reconciliation.state'),
      width: 150,
      valueGetter: (_value, row) => translate(`reconciliation.states.${row.state}`),
    },
    {
      field: 'purchase',
      headerName: translate('reconciliation.purchase'),
      flex: 1,
      minWidth: 220,
      valueGetter: (_value, row) =>
        row.purchase
          ? `${row.purchase.reference} · ${moneyText(row.purchase.total_minor, row.purchase.total.curr, language)}`
          : '—',
    },
  ];
  const paidWithoutEvent = summary.data?.paid_without_event ?? [];
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {translate('reconciliation.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }} role="status">
        {translate('reconciliation.summary', { count: summary.data?.unmatched_total ?? 0 })}
      </Typography>
      <FormControlLabel
        sx={{ mb: 1 }}
        control={
          <Switch
            checked={unmatchedOnly}
            onChange={(event) => {
              table.setFilters(
                event.target.checked ? [{ field: 'unmatched', operator: 'eq', value: 'true' }] : [],
                'replace',
              );
            }}
          />
        }
        label={translate('reconciliation.unmatchedOnly')}
      />
      <Grid<ProviderEvent>
        label={translate('reconciliation.title')}
        columns={serverColumns(columns, gridSorts)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
      <Typography variant="h2" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('reconciliation.paidWithoutEvent')}
      </Typography>
      {paidWithoutEvent.length === 0 ? (
        <Typography>{translate('reconciliation.none')}</Typography>
      ) : (
        <Paper>
          <Table size="small" aria-label={translate('reconciliation.paidWithoutEvent')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('reconciliation.purchase')}</TableCell>
                <TableCell>{translate('reconciliation.method')}</TableCell>
                <TableCell align="right">{translate('reconciliation.amount')}</TableCell>
                <TableCell>{translate('reconciliation.settledAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {paidWithoutEvent.map((purchase) => (
                <TableRow key={purchase.id}>
                  <TableCell>{purchase.reference}</TableCell>
                  <TableCell>{purchase.method}</TableCell>
                  <TableCell align="right">{moneyText(purchase.total_minor, purchase.total.curr, language)}</TableCell>
                  <TableCell>{dateTimeText(purchase.settled_at, language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </>
  );
}
