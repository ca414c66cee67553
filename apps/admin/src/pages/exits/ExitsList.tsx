import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import type { TExitOffer } from '@parcelle/shared/contracts/exits';
import { EXIT_OFFER_STATUSES } from '@parcelle/shared/exit';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { Link as RouterLink } from 'react-router';
import { amountColumn, paintingColumn, referenceColumn } from '../../components/columns';
import { Grid } from '../../components/Grid';
import { ListHeader } from '../../components/ListHeader';
import { serverColumns, useServerGrid } from '../../components/server-grid';
import { dateTimeText, moneyText } from '../../format';
import type { Language } from '../../providers/i18n';

/** GET /api/admin/exits: every exit offer, newest first, filtered by status on the server; each opens its tally. */
export function ExitsList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { table, gridProps } = useServerGrid<TExitOffer>('exits', { sorts: {} });
  const columns: GridColDef<TExitOffer>[] = [
    referenceColumn(translate('exits.reference'), '/exits', 170),
    paintingColumn(translate('exits.painting')),
    { field: 'buyer_name', headerName: translate('exits.buyer'), width: 180 },
    amountColumn('amount', translate('exits.amount'), 150, (row) =>
      moneyText(row.amount_minor, row.currency, language),
    ),
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
      <ListHeader
        title={translate('exits.listTitle')}
        actions={
          <Button variant="contained" component={RouterLink} to="/exits/new">
            {translate('exits.newTitle')}
          </Button>
        }
        status={{
          label: translate('exits.status'),
          values: EXIT_OFFER_STATUSES,
          text: (value) => translate(`exits.statuses.${value}`),
          table,
        }}
      />
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
