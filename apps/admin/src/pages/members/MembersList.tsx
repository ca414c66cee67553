import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TAdminMembers } from '@parcelle/shared/contracts/admin';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { Grid } from '../../components/Grid';
import { useServerGrid } from '../../components/server-grid';
import { dateText } from '../../format';
import type { Language } from '../../providers/i18n';

type Member = TAdminMembers['members'][number];

/** GET /api/admin/members: paged on the server (the route has no sort or filter yet). */
export function MembersList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { table, gridProps } = useServerGrid<Member>('members');
  const yesNo = (value: boolean) => translate(value ? 'members.yes' : 'members.no');
  const columns: GridColDef<Member>[] = [
    { field: 'email', headerName: translate('members.email'), flex: 1.4, minWidth: 180 },
    {
      field: 'name',
      headerName: translate('members.name'),
      flex: 1,
      minWidth: 150,
      valueGetter: (_value, row) => `${row.first_name} ${row.last_name}`,
    },
    { field: 'country', headerName: translate('members.country'), width: 80 },
    {
      field: 'role',
      headerName: translate('members.role'),
      width: 130,
      valueFormatter: (value: string) => translate(value === 'admin' ? 'members.operator' : 'members.member'),
    },
    {
      field: 'email_verified',
      headerName: translate('members.verified'),
      width: 120,
      valueFormatter: (value: boolean) => yesNo(value),
    },
    {
      field: 'disabled',
      headerName: translate('members.disabled'),
      width: 110,
      valueFormatter: (value: boolean) => yesNo(value),
    },
    {
      field: 'created_at',
      headerName: translate('members.createdAt'),
      width: 130,
      valueFormatter: (value: string) => dateText(value, language),
    },
  ];
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {translate('members.title')}
      </Typography>
      <Grid<Member>
        label={translate('members.title')}
        columns={columns.map((column) => ({ ...column, sortable: false, filterable: false }))}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
    </>
  );
}
