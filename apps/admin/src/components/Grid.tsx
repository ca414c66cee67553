import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { frFR } from '@mui/x-data-grid/locales';
import { useGetLocale, useTranslate } from '@refinedev/core';

/** The console's list: a server-side Data Grid in the interface language, with the load error and a retry. */
export function Grid<R extends GridValidRowModel>({
  error,
  onRetry,
  label,
  ...props
}: DataGridProps<R> & { error?: unknown; onRetry?: () => void; label: string }) {
  const translate = useTranslate();
  const locale = useGetLocale()();
  return (
    <>
      {error ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            onRetry && (
              <Button color="inherit" size="small" onClick={onRetry}>
                {translate('list.retry')}
              </Button>
            )
          }
        >
          {error instanceof Object && 'message' in error ? String(error.message) : translate('list.error')}
        </Alert>
      ) : null}
      <DataGrid<R>
        aria-label={label}
        disableRowSelectionOnClick
        // A page is at most 100 rows: all of them are in the document (find in page, screen readers, tests).
        disableVirtualization
        autoHeight
        density="compact"
        localeText={locale === 'fr' ? frFR.components.MuiDataGrid.defaultProps.localeText : undefined}
        sx={{ bgcolor: 'background.paper' }}
        {...props}
      />
    </>
  );
}
