import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, setUpScreenTests } from '../test/screen';
import { amountColumn, paintingColumn, referenceColumn } from './columns';
import { Grid } from './Grid';

setUpScreenTests();

type Row = { id: string; reference: string; painting: { id: string; title: string }; amount_minor: number };
const rows: Row[] = [
  { id: 'r-1', reference: 'EX-1', painting: { id: 'p-1', title: 'Les Nymphéas' }, amount_minor: 1234 },
];

describe('the shared list columns', () => {
  it('link the reference to the row’s page, show the work’s title and the amount, right-aligned', async () => {
    const columns = [
      referenceColumn<Row>('Reference', '/exits', 170),
      paintingColumn<Row>('Work'),
      amountColumn<Row>('amount', 'Amount', 150, (row) => `€${(row.amount_minor / 100).toFixed(2)}`),
    ];
    expect(columns.map(({ field, width, flex, align }) => ({ field, width, flex, align }))).toEqual([
      { field: 'reference', width: 170, flex: undefined, align: undefined },
      { field: 'painting', width: undefined, flex: 1, align: undefined },
      { field: 'amount', width: 150, flex: undefined, align: 'right' },
    ]);
    renderScreen(<Grid<Row> label="Exits" columns={columns} rows={rows} />, { path: '/', url: '/', resources: [] });
    const link = await screen.findByRole('link', { name: 'EX-1' });
    expect(link.getAttribute('href')).toBe('/exits/r-1');
    const row = link.closest('[role="row"]') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('gridcell')
        .map((cell) => cell.textContent),
    ).toEqual(['EX-1', 'Les Nymphéas', '€12.34']);
    expect(screen.getByRole('columnheader', { name: 'Amount' }).className).toContain(
      'MuiDataGrid-columnHeader--alignRight',
    );
  });
});
