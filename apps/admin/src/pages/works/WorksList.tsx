import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { ZAdminPainting } from '@parcelle/shared/contracts/catalogue-admin';
import { MARKET_STATES } from '@parcelle/shared/market';
import { formatMoney } from '@parcelle/shared/money';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { Grid } from '../../components/Grid';
import { serverColumns, sortKeys, useServerGrid } from '../../components/server-grid';
import { Thumbnail } from '../../components/Thumbnail';
import { countText, dateText } from '../../format';
import type { Language } from '../../providers/i18n';

type Work = z.infer<typeof ZAdminPainting>;

/** GET /api/admin/paintings: paged on the server, filtered by market state and searched by title or artist. */
export function WorksList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const gridSorts = sortKeys('paintings', {
    title: language === 'fr' ? 'title_fr' : 'title_en',
    artist_name: 'artist_name',
    year: 'year',
    market: 'market',
    parts: 'sold_parts',
    price_per_part_minor: 'price_per_part_minor',
    created_at: 'created_at',
  });
  const { table, gridProps } = useServerGrid<Work>('works', { meta: { path: 'paintings' }, sorts: gridSorts });
  const current = (field: string) => {
    const found = table.filters.find((filter) => 'field' in filter && filter.field === field);
    return found ? String(found.value ?? '') : '';
  };
  const [market, setMarket] = useState(current('market'));
  const [search, setSearch] = useState(current('q'));
  const { setFilters, setCurrentPage } = table;
  // The search waits for a pause in typing; the market filter applies at once.
  const applied = `${current('market')}|${current('q')}`;
  useEffect(() => {
    // Only a change asks the server again (a filter set on mount would also rewrite the address).
    if (`${market}|${search.trim()}` === applied) return;
    const timer = setTimeout(() => {
      setFilters(
        [
          { field: 'market', operator: 'eq', value: market },
          { field: 'q', operator: 'contains', value: search.trim() },
        ],
        'replace',
      );
      setCurrentPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [market, search, applied, setFilters, setCurrentPage]);

  const titleOf = (row: Work) => (language === 'fr' ? row.title_fr : row.title_en);
  const columns: GridColDef<Work>[] = [
    {
      field: 'cover_img',
      headerName: translate('works.thumbnail'),
      width: 90,
      renderCell: ({ row }) => (
        <Thumbnail imageKey={row.cover_img} alt={translate('works.coverAlt', { title: titleOf(row) })} />
      ),
    },
    {
      field: 'title',
      headerName: translate('works.titleField'),
      flex: 1.4,
      minWidth: 200,
      valueGetter: (_value, row) => titleOf(row),
      renderCell: ({ row, value }) => (
        <Link component={RouterLink} to={`/works/${row.id}`}>
          {value as string}
        </Link>
      ),
    },
    { field: 'artist_name', headerName: translate('works.artist'), flex: 1, minWidth: 150 },
    { field: 'year', headerName: translate('works.year'), width: 80 },
    {
      field: 'market',
      headerName: translate('works.market'),
      width: 150,
      valueFormatter: (value: string) => translate(`works.markets.${value}`),
    },
    {
      field: 'parts',
      headerName: translate('works.partsColumn'),
      width: 140,
      valueGetter: (_value, row) => `${countText(row.sold_parts, language)} / ${countText(row.total_parts, language)}`,
    },
    {
      field: 'price_per_part_minor',
      headerName: translate('works.pricePerPart'),
      width: 140,
      valueFormatter: (value: number) => formatMoney(value, 'EURO', language),
    },
    {
      field: 'created_at',
      headerName: translate('works.createdAt'),
      width: 130,
      valueFormatter: (value: string) => dateText(value, language),
    },
  ];
  return (
    <>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h1" component="h1">
          {translate('works.title')}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/works/new">
          {translate('works.new')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <TextField
          label={translate('works.search')}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ minWidth: 280 }}
        />
        <TextField
          select
          label={translate('works.market')}
          value={market}
          onChange={(event) => setMarket(event.target.value)}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{translate('works.allMarkets')}</MenuItem>
          {MARKET_STATES.map((state) => (
            <MenuItem key={state} value={state}>
              {translate(`works.markets.${state}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Grid<Work>
        label={translate('works.title')}
        columns={serverColumns(columns, gridSorts)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
    </>
  );
}
