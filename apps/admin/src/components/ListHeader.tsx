import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from '@refinedev/core';
import type { ReactNode } from 'react';

/** The server filter a list's status menu drives (a Refine table's `filters`, `setFilters`, `setCurrentPage`). */
type FilteredTable = {
  filters: readonly unknown[];
  setFilters: (filters: { field: string; operator: 'eq'; value: string }[], behavior: 'replace') => void;
  setCurrentPage: (page: number) => void;
};

/** The status the table filters on now ('' for every status). */
export function statusOf(table: Pick<FilteredTable, 'filters'>): string {
  for (const filter of table.filters) {
    if (filter && typeof filter === 'object' && 'field' in filter && filter.field === 'status' && 'value' in filter) {
      return String(filter.value ?? '');
    }
  }
  return '';
}

/**
 * The head of an operator list: its title, the actions beside it, and a menu that filters the rows by status on
 * the server (back to the first page), "All" first. One component for the withdrawals, dividends and exits lists.
 */
export function ListHeader({
  title,
  actions,
  status,
}: {
  title: string;
  actions?: ReactNode;
  status: { label: string; values: readonly string[]; text: (value: string) => string; table: FilteredTable };
}) {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="h1" component="h1">
        {title}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {actions}
        <TextField
          select
          size="small"
          label={status.label}
          value={statusOf(status.table)}
          sx={{ minWidth: 180 }}
          onChange={(event) => {
            status.table.setFilters([{ field: 'status', operator: 'eq', value: event.target.value }], 'replace');
            status.table.setCurrentPage(1);
          }}
        >
          <MenuItem value="">{translate('withdrawals.all')}</MenuItem>
          {status.values.map((value) => (
            <MenuItem key={value} value={value}>
              {status.text(value)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Stack>
  );
}
