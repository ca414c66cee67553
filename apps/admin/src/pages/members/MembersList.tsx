import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TAdminMembers } from '@parcelle/shared/contracts/admin';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Grid } from '../../components/Grid';
import { serverColumns, useServerGrid } from '../../components/server-grid';
import { dateText } from '../../format';
import type { Language } from '../../providers/i18n';
import { MEMBER_SORTS, memberFilters, memberSearch } from './members-query';

type Member = TAdminMembers['members'][number];

/** GET /api/admin/members: paged, searched (name, email, reference) and sorted on the server; each opens its page. */
export function MembersList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const { table, gridProps } = useServerGrid<Member>('members', { sorts: MEMBER_SORTS });
  const search = memberSearch(table.filters);
  const [q, setQ] = useState(search);
  // The search goes to the server once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text starts a search.
  useEffect(() => {
    if (q.trim() === search) return;
    const timer = setTimeout(() => {
      table.setFilters(memberFilters(q), 'replace');
      table.setCurrentPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [q]);
  const yesNo = (value: boolean) => translate(value ? 'members.yes' : 'members.no');
  const columns: GridColDef<Member>[] = [
    {
      field: 'email',
      headerName: translate('members.email'),
      flex: 1.4,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/members/${row.id}`}>
          {row.email}
        </Link>
      ),
    },
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
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h1" component="h1">
          {translate('members.title')}
        </Typography>
        <TextField
          type="search"
          size="small"
          label={translate('memberPage.search')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          sx={{ minWidth: 320 }}
        />
      </Stack>
      <Grid<Member>
        label={translate('members.title')}
        columns={serverColumns(columns, MEMBER_SORTS)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
    </>
  );
}
