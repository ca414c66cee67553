// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n, loadMemberTexts } from '../i18n/i18n';
import { type Column, DataTable } from './DataTable';
import { pageSlice, type SortState, sortRows } from './table-logic';
import { type RowsPage, tableProps, usePagedRows } from './use-paged-rows';

initI18n();

type Row = { id: string; title: string; amount: number };

const ROWS: Row[] = [
  { id: 'r1', title: 'Nymphéas', amount: 300 },
  { id: 'r2', title: 'Automne', amount: 100 },
  { id: 'r3', title: 'Baigneuses', amount: 500 },
  { id: 'r4', title: 'Clair de lune', amount: 200 },
  { id: 'r5', title: 'Écume', amount: 400 },
];

// Header keys are translation keys; these two exist in the member texts (history tabs).
const COLUMNS: Column<Row>[] = [
  {
    key: 'work',
    header: 'history.columns.work',
    firstDirection: 'asc',
    sortValue: (row) => row.title,
    render: (row) => row.title,
  },
  {
    key: 'amount',
    header: 'history.columns.amount',
    align: 'right',
    numeric: true,
    sortValue: (row) => row.amount,
    render: (row) => String(row.amount),
  },
];

/** A table holding its rows, sorted and paged here as the member tables do it with usePagedRows. */
function Harness({ rows = ROWS, pageSize = 2 }: { rows?: Row[]; pageSize?: number }) {
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(pageSize);
  const value = COLUMNS.find((column) => column.key === sort?.key)?.sortValue;
  const sorted = sort && value ? sortRows(rows, value, sort.direction) : rows;
  return (
    <DataTable
      columns={COLUMNS}
      rows={pageSlice(sorted, page, size)}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-testid': 'row', 'data-id': row.id })}
      label="Works"
      pending={false}
      fetching={false}
      empty="Nothing here yet."
      emptyTestId="empty"
      sort={{
        value: sort,
        onChange: (next) => {
          setSort(next);
          setPage(0);
        },
        enabled: true,
      }}
      paging={{
        name: 'works',
        page,
        pageSize: size,
        specPageSize: pageSize,
        total: rows.length,
        waiting: false,
        onPage: setPage,
        onPageSize: (next) => {
          setSize(next);
          setPage(0);
        },
      }}
    />
  );
}

const shownIds = () => screen.queryAllByTestId('row').map((row) => row.getAttribute('data-id'));
const header = (key: string) => document.querySelector(`th[data-column="${key}"]`) as HTMLElement;

beforeEach(async () => {
  await loadMemberTexts();
  await act(() => i18n.changeLanguage('en'));
});
afterEach(cleanup);

describe('the shared member table (decision 459)', () => {
  it('sorts by a click on a header, says so with aria-sort, and turns around on a second click', () => {
    renderScreen(<Harness />);
    expect(shownIds()).toEqual(['r1', 'r2']);
    expect(header('amount').getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByTestId('sort-amount'));
    expect(header('amount').getAttribute('aria-sort')).toBe('descending');
    expect(shownIds()).toEqual(['r3', 'r5']);
    fireEvent.click(screen.getByTestId('sort-amount'));
    expect(header('amount').getAttribute('aria-sort')).toBe('ascending');
    expect(shownIds()).toEqual(['r2', 'r4']);
    // Another column: its own first direction (text: ascending); the first one is no longer sorted.
    fireEvent.click(screen.getByTestId('sort-work'));
    expect(header('work').getAttribute('aria-sort')).toBe('ascending');
    expect(header('amount').getAttribute('aria-sort')).toBeNull();
    expect(shownIds()).toEqual(['r2', 'r3']);
  });

  it('sorts from the keyboard: the header is a focusable button that Enter and Space work', () => {
    renderScreen(<Harness />);
    const label = screen.getByTestId('sort-amount');
    expect(label.getAttribute('role')).toBe('button');
    expect(label.tabIndex).toBe(0);
    label.focus();
    fireEvent.keyDown(label, { key: 'Enter' });
    expect(header('amount').getAttribute('aria-sort')).toBe('descending');
    fireEvent.keyUp(label, { key: ' ' });
    expect(header('amount').getAttribute('aria-sort')).toBe('ascending');
  });

  it('sorts on a phone by the select above the cards (the header row is hidden there)', async () => {
    renderScreen(<Harness />);
    const select = screen.getByTestId('table-sort-select');
    fireEvent.change(select, { target: { value: 'amount:asc' } });
    expect(header('amount').getAttribute('aria-sort')).toBe('ascending');
    expect(shownIds()).toEqual(['r2', 'r4']);
    fireEvent.change(select, { target: { value: 'work:desc' } });
    expect(header('work').getAttribute('aria-sort')).toBe('descending');
    // Nymphéas, then Écume (read as an E), Clair de lune…
    expect(shownIds()).toEqual(['r1', 'r5']);
  });

  it('pages with translated labels and real plurals, next disabled on the last page', async () => {
    renderScreen(<Harness />);
    expect(screen.getByTestId('works-range').textContent).toBe('1–2 of 5 rows');
    const next = screen.getByTestId('works-next') as HTMLButtonElement;
    expect(next.getAttribute('aria-label')).toBe('Next page');
    expect((screen.getByTestId('works-previous') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(next);
    expect(shownIds()).toEqual(['r3', 'r4']);
    fireEvent.click(next);
    expect(shownIds()).toEqual(['r5']);
    expect(screen.getByTestId('works-range').textContent).toBe('5–5 of 5 rows');
    expect((screen.getByTestId('works-next') as HTMLButtonElement).disabled).toBe(true);
    // A sort goes back to the first page.
    fireEvent.click(screen.getByTestId('sort-work'));
    expect(screen.getByTestId('works-range').textContent).toBe('1–2 of 5 rows');

    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('works-range').textContent).toBe('1–2 sur 5 lignes');
    expect(screen.getByTestId('works-next').getAttribute('aria-label')).toBe('Page suivante');
    expect(screen.getByText('Lignes par page')).toBeTruthy();
    cleanup();
    renderScreen(<Harness rows={ROWS.slice(0, 1)} />);
    // French puts 1 (and 0) in the singular.
    expect(screen.getByTestId('works-range').textContent).toBe('1–1 sur 1 ligne');
  });

  it('lets the reader choose the page size, the specification size first', () => {
    renderScreen(<Harness />);
    fireEvent.mouseDown(within(screen.getByTestId('works-pager')).getByRole('combobox'));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['2', '10', '25']);
    fireEvent.click(screen.getByRole('option', { name: '10' }));
    expect(shownIds()).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
  });

  it('shows one message when empty, without a pager', () => {
    renderScreen(<Harness rows={[]} />);
    expect(screen.getByTestId('empty').textContent).toBe('Nothing here yet.');
    expect(screen.queryByTestId('works-pager')).toBeNull();
  });

  it('shows skeleton rows while loading, the table busy', () => {
    renderScreen(
      <DataTable
        columns={COLUMNS}
        rows={[]}
        rowKey={(row) => row.id}
        label="Works"
        pending
        fetching
        empty="None"
        emptyTestId="empty"
        skeletonRows={3}
      />,
    );
    expect(screen.getAllByTestId('table-skeleton')).toHaveLength(3);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('empty')).toBeNull();
  });

  it('shows a failure with a retry in place of the table', () => {
    const retry = vi.fn();
    renderScreen(
      <DataTable
        columns={COLUMNS}
        rows={[]}
        rowKey={(row) => row.id}
        label="Works"
        pending={false}
        fetching={false}
        empty="None"
        error={{ message: 'The server did not answer.', onRetry: retry, testId: 'failure' }}
      />,
    );
    expect(screen.getByTestId('failure').textContent).toBe('The server did not answer.');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByTestId('table-retry'));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

/** usePagedRows against a fake server: the specification's pages, the whole list once sorted. */
function Loaded({ fetchPage }: { fetchPage: (offset: number, limit: number) => Promise<RowsPage<Row>> }) {
  const list = usePagedRows<Row>({
    queryKey: ['test-rows'],
    fetchPage: (offset, limit) => fetchPage(offset, limit),
    pageSize: 2,
    defaultSort: null,
    columns: COLUMNS,
    enabled: true,
    language: 'en',
  });
  return (
    <>
      <button type="button" onClick={list.retry} data-testid="reload">
        reload
      </button>
      <DataTable
        columns={COLUMNS}
        {...tableProps(list, 'works', 2)}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'row', 'data-id': row.id })}
        label="Works"
        empty="None"
      />
    </>
  );
}

describe('usePagedRows (decisions 460, 461)', () => {
  it('asks the server for one page at a time, and for the whole list once sorted', async () => {
    let rows = ROWS;
    const asked: string[] = [];
    const fetchPage = vi.fn(async (offset: number, limit: number) => {
      asked.push(`${offset}+${limit}`);
      return { rows: rows.slice(offset, offset + limit), total: rows.length };
    });
    renderScreen(<Loaded fetchPage={fetchPage} />);
    await waitFor(() => expect(shownIds()).toEqual(['r1', 'r2']));
    expect(asked).toEqual(['0+2']);
    fireEvent.click(screen.getByTestId('works-next'));
    await waitFor(() => expect(shownIds()).toEqual(['r3', 'r4']));
    expect(asked).toEqual(['0+2', '2+2']);

    // Sorted: every row is loaded (pages of 100), sorted, and the first page of the sorted list shows.
    fireEvent.click(screen.getByTestId('sort-amount'));
    await waitFor(() => expect(shownIds()).toEqual(['r3', 'r5']));
    expect(asked.at(-1)).toBe('0+100');
    expect(screen.getByTestId('works-range').textContent).toBe('1–2 of 5 rows');
    fireEvent.click(screen.getByTestId('works-next'));
    expect(shownIds()).toEqual(['r1', 'r4']);
    expect(asked.at(-1)).toBe('0+100');

    // A row gone (withdrawn, sold): the list changed, the first page shows again.
    rows = ROWS.filter((row) => row.id !== 'r5');
    fireEvent.click(screen.getByTestId('reload'));
    await waitFor(() => expect(screen.getByTestId('works-range').textContent).toBe('1–2 of 4 rows'));
    expect(shownIds()).toEqual(['r3', 'r1']);
  });
});
