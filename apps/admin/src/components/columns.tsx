import Link from '@mui/material/Link';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';

/** Columns the console's lists of money events share (DividendsList, ExitsList). */

/** A row's reference, linking to its page at `${path}/${row.id}`. */
export function referenceColumn<R extends GridValidRowModel & { id: string; reference: string }>(
  headerName: string,
  path: string,
  width: number,
): GridColDef<R> {
  return {
    field: 'reference',
    headerName,
    width,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`${path}/${row.id}`}>
        {row.reference}
      </Link>
    ),
  };
}

/** The work a row is about, by its title: the column that takes the width the others leave. */
export function paintingColumn<R extends GridValidRowModel & { painting: { title: string } }>(
  headerName: string,
): GridColDef<R> {
  return {
    field: 'painting',
    headerName,
    flex: 1,
    minWidth: 180,
    valueGetter: (_value, row) => row.painting.title,
  };
}

/** An amount of the row, right-aligned, as `text` writes it. */
export function amountColumn<R extends GridValidRowModel>(
  field: string,
  headerName: string,
  width: number,
  text: (row: R) => string,
): GridColDef<R> {
  return {
    field,
    headerName,
    width,
    align: 'right',
    headerAlign: 'right',
    valueGetter: (_value, row) => text(row),
  };
}
