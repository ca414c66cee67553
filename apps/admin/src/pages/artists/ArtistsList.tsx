import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { ZAdminArtist } from '@parcelle/shared/contracts/catalogue-admin';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { Grid } from '../../components/Grid';
import { serverColumns, sortKeys, useServerGrid } from '../../components/server-grid';
import { Thumbnail } from '../../components/Thumbnail';
import { dateText } from '../../format';
import type { Language } from '../../providers/i18n';

type Artist = z.infer<typeof ZAdminArtist>;

/** GET /api/admin/artists: paged on the server, searched by name. */
export function ArtistsList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const gridSorts = sortKeys('artists', {
    name: 'name',
    life: 'date_of_birth',
    paintings_count: 'paintings_count',
    created_at: 'created_at',
  });
  const { table, gridProps } = useServerGrid<Artist>('artists', { sorts: gridSorts });
  const initial = table.filters.find((filter) => 'field' in filter && filter.field === 'q');
  const [search, setSearch] = useState(initial ? String(initial.value ?? '') : '');
  const { setFilters, setCurrentPage } = table;
  const applied = initial ? String(initial.value ?? '') : '';
  useEffect(() => {
    // Only a change asks the server again (a filter set on mount would also rewrite the address).
    if (search.trim() === applied) return;
    const timer = setTimeout(() => {
      setFilters([{ field: 'q', operator: 'contains', value: search.trim() }], 'replace');
      setCurrentPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search, applied, setFilters, setCurrentPage]);
  const columns: GridColDef<Artist>[] = [
    {
      field: 'img',
      headerName: translate('artists.portrait'),
      width: 90,
      renderCell: ({ row }) => (
        <Thumbnail imageKey={row.img} alt={translate('artists.portraitAlt', { name: row.name })} />
      ),
    },
    {
      field: 'name',
      headerName: translate('artists.name'),
      flex: 1.4,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/artists/${row.id}`}>
          {row.name}
        </Link>
      ),
    },
    {
      field: 'life',
      headerName: translate('artists.life'),
      width: 240,
      valueGetter: (_value, row) =>
        [dateText(row.date_of_birth, language), dateText(row.date_of_death, language)].filter(Boolean).join(' – '),
    },
    { field: 'paintings_count', headerName: translate('artists.works'), width: 100 },
    {
      field: 'created_at',
      headerName: translate('artists.createdAt'),
      width: 130,
      valueFormatter: (value: string) => dateText(value, language),
    },
  ];
  return (
    <>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h1" component="h1">
          {translate('artists.title')}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/artists/new">
          {translate('artists.new')}
        </Button>
      </Stack>
      <TextField
        label={translate('artists.search')}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ mb: 2, minWidth: 280 }}
      />
      <Grid<Artist>
        label={translate('artists.title')}
        columns={serverColumns(columns, gridSorts)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
    </>
  );
}
