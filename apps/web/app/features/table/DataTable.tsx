import {
  Alert,
  Box,
  Button,
  MenuItem,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
} from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE, visuallyHidden } from '../theme/theme';
import {
  hasNextPage,
  nextSort,
  pageSizeOptions,
  type SortDirection,
  type SortState,
  type SortValue,
} from './table-logic';
import { COMPACT, dataTableSx, numeric } from './table-style';

/** Test ids and other data attributes put on a row or a cell. */
type DataAttributes = Record<`data-${string}`, string | number | undefined>;

/** One column of a member table, declared as data (decision 459). */
export type Column<Row> = {
  key: string;
  /** Translation key of the header (read by screen readers only when `hideHeader`: the actions column). */
  header: string;
  hideHeader?: boolean;
  align?: 'right';
  /** Figures: tabular digits, never wrapped. */
  numeric?: boolean;
  /** What the column sorts by; absent: the column does not sort. */
  sortValue?: (row: Row) => SortValue;
  /** The first direction of a sort by this column; descending by default (figures and dates: largest, newest). */
  firstDirection?: SortDirection;
  /** On a phone card: a labelled line (default), the card's head without label (the work), or its foot (actions). */
  phone?: 'line' | 'head' | 'foot';
  render: (row: Row, index: number) => ReactNode;
  cellProps?: (row: Row) => DataAttributes;
  sx?: SxProps<Theme>;
};

/** The shared message of a table with nothing in it (or failing), per table its own text. */
export function TableMessage({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box component="span" sx={{ display: 'block' }} data-testid={testId}>
      {children}
    </Box>
  );
}

export type Paging = {
  /** Prefix of the pager's test ids: `history` → history-previous, history-next, history-range. */
  name: string;
  page: number;
  pageSize: number;
  /** The specification's page size: the first of the sizes offered. */
  specPageSize: number;
  /** Undefined while the first page loads. */
  total: number | undefined;
  /** The page shown is the previous one kept while the next loads: next waits. */
  waiting: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
};

type Props<Row> = {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowProps?: (row: Row) => DataAttributes;
  /** The table's accessible name. */
  labelledBy?: string;
  label?: string;
  tableProps?: DataAttributes;
  /** First load: skeleton rows. */
  pending: boolean;
  /** A request under way: aria-busy. */
  fetching: boolean;
  /** A failure with nothing to show: the message and a retry in place of the table. */
  error?: { message: string; onRetry: () => void; testId?: string } | null;
  /** The text of an empty table (shown when loaded and empty). */
  empty: ReactNode;
  emptyTestId?: string;
  sort?: { value: SortState | null; onChange: (sort: SortState) => void; enabled: boolean };
  paging?: Paging;
  /** Where rows become cards: the mobile breakpoint, or below 1280 px (the seven-column market). */
  cardsBelow?: 'mobile' | 'compact';
  size?: 'small' | 'medium';
  skeletonRows?: number;
  sx?: SxProps<Theme>;
};

/**
 * The member area's one table (issue 33, decision 459): columns declared as data, sort by header (aria-sort,
 * TableSortLabel, keyboard) or, on a phone where the header is hidden, by a select; pages with MUI's pagination in
 * the reader's language; skeleton rows while loading; one message when empty; the error with a retry.
 */
export function DataTable<Row>(props: Props<Row>) {
  const { columns, rows, rowKey, rowProps, pending, fetching, error, empty, sort, paging } = props;
  const { t } = useTranslation();
  const cardsBelow = props.cardsBelow ?? 'mobile';
  const sortable = sort?.enabled ? columns.filter((column) => column.sortValue) : [];
  // The phone's sort select only where there is something to order.
  const several = rows.length > 1 || (paging?.total ?? 0) > 1;
  const loaded = !pending && !error;

  if (error) {
    return (
      <Alert
        severity="error"
        variant="outlined"
        sx={{ mx: { xs: 2.5, md: 4 }, my: 3 }}
        action={
          <Button color="inherit" size="small" onClick={error.onRetry} data-testid="table-retry">
            {t('dataTable.retry')}
          </Button>
        }
      >
        <TableMessage testId={error.testId}>{error.message}</TableMessage>
      </Alert>
    );
  }

  const direction = (column: Column<Row>) => (sort?.value?.key === column.key ? sort.value.direction : undefined);
  const headerText = (column: Column<Row>) => t(column.header);

  return (
    <>
      {sortable.length > 0 && several && sort && (
        <Box
          sx={{ display: 'none', px: 2.5, pb: 2, [cardsBelow === 'compact' ? COMPACT : MOBILE]: { display: 'block' } }}
        >
          <TextField
            select
            size="small"
            fullWidth
            label={t('dataTable.sortBy')}
            value={sort.value ? `${sort.value.key}:${sort.value.direction}` : ''}
            onChange={(event) => {
              const [key = '', value] = event.target.value.split(':');
              sort.onChange({ key, direction: value === 'asc' ? 'asc' : 'desc' });
            }}
            slotProps={{ htmlInput: { 'data-testid': 'table-sort-select' } }}
          >
            {sortable.flatMap((column) =>
              (['asc', 'desc'] as const).map((order) => (
                <MenuItem key={`${column.key}:${order}`} value={`${column.key}:${order}`}>
                  {t(order === 'asc' ? 'dataTable.ascending' : 'dataTable.descending', { column: headerText(column) })}
                </MenuItem>
              )),
            )}
          </TextField>
        </Box>
      )}
      {/* Positioned: what is placed absolutely inside (a header read by screen readers only) scrolls with the table
          instead of widening the page. */}
      <Box
        sx={{
          position: 'relative',
          overflowX: 'auto',
          [cardsBelow === 'compact' ? COMPACT : MOBILE]: { overflowX: 'visible' },
        }}
      >
        <Table
          aria-labelledby={props.labelledBy}
          aria-label={props.label}
          aria-busy={fetching || pending}
          size={props.size}
          {...props.tableProps}
          sx={[dataTableSx(cardsBelow), ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}
        >
          {/* An empty list shows its message alone, without column names over nothing. */}
          {!(loaded && rows.length === 0) && (
            <TableHead>
              <TableRow>
                {columns.map((column) => {
                  const active = direction(column);
                  const text = headerText(column);
                  return (
                    <TableCell
                      key={column.key}
                      align={column.align}
                      aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined}
                      data-column={column.key}
                    >
                      {column.hideHeader ? (
                        <Box component="span" sx={visuallyHidden}>
                          {text}
                        </Box>
                      ) : sort?.enabled && column.sortValue ? (
                        <TableSortLabel
                          active={Boolean(active)}
                          direction={active ?? column.firstDirection ?? 'desc'}
                          onClick={() =>
                            sort.onChange(nextSort(sort.value, column.key, column.firstDirection ?? 'desc'))
                          }
                          data-testid={`sort-${column.key}`}
                        >
                          {text}
                        </TableSortLabel>
                      ) : (
                        text
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableHead>
          )}
          <TableBody>
            {pending &&
              Array.from({ length: props.skeletonRows ?? paging?.pageSize ?? 3 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
                <TableRow key={index} className="row-message" data-testid="table-skeleton">
                  <TableCell colSpan={columns.length}>
                    <Skeleton variant="rectangular" height={40} />
                  </TableCell>
                </TableRow>
              ))}
            {loaded && rows.length === 0 && (
              <TableRow className="row-message">
                <TableCell colSpan={columns.length}>
                  <TableMessage testId={props.emptyTestId}>{empty}</TableMessage>
                </TableCell>
              </TableRow>
            )}
            {rows.map((row, index) => (
              <TableRow key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    data-label={column.phone === 'head' || column.phone === 'foot' ? undefined : headerText(column)}
                    data-column={column.key}
                    className={
                      column.phone === 'head' ? 'cell-head' : column.phone === 'foot' ? 'cell-foot' : undefined
                    }
                    {...column.cellProps?.(row)}
                    sx={[column.numeric ? numeric : {}, ...(Array.isArray(column.sx) ? column.sx : [column.sx])]}
                  >
                    {column.render(row, index)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {paging && <Pager paging={paging} shown={rows.length} />}
    </>
  );
}

/** MUI's pagination, in the reader's language, with the specification's page size first. */
function Pager({ paging, shown }: { paging: Paging; shown: number }) {
  const { t } = useTranslation();
  const { name, page, pageSize, total } = paging;
  // Nothing to page through: an empty list shows its message alone.
  if (total === 0) return null;
  const next = total !== undefined && !paging.waiting && hasNextPage(page, pageSize, total, shown);
  return (
    <TablePagination
      component="div"
      count={total ?? 0}
      page={total === undefined ? 0 : page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={pageSizeOptions(paging.specPageSize)}
      onPageChange={(_, value) => paging.onPage(value)}
      onRowsPerPageChange={(event) => paging.onPageSize(Number(event.target.value))}
      labelRowsPerPage={t('dataTable.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => (count > 0 ? t('dataTable.range', { from, to, count }) : '')}
      getItemAriaLabel={(type) => t(`dataTable.${type}Page`)}
      data-testid={`${name}-pager`}
      slotProps={{
        displayedRows: { 'data-testid': `${name}-range` } as object,
        select: {
          inputProps: { 'aria-label': t('dataTable.rowsPerPage') },
          'data-testid': `${name}-page-size`,
        } as object,
        actions: {
          previousButton: { 'data-testid': `${name}-previous`, title: t('dataTable.previousPage') } as object,
          nextButton: { 'data-testid': `${name}-next`, title: t('dataTable.nextPage'), disabled: !next } as object,
        },
      }}
      sx={{
        borderTop: 0,
        color: 'text.secondary',
        '& .MuiTablePagination-toolbar': {
          px: { xs: 1.5, md: 3 },
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          rowGap: 0.5,
        },
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        // On a phone the size keeps its name for screen readers only, so that the arrows stay on the same line.
        '& .MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
        '& .MuiTablePagination-input': { ml: { xs: 0, sm: 1 }, mr: { xs: 2, sm: 4 } },
        '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
        '& .MuiTablePagination-displayedRows': { fontVariantNumeric: 'tabular-nums' },
      }}
    />
  );
}
