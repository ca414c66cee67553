// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListHeader, statusOf } from './ListHeader';

afterEach(cleanup);

describe('ListHeader', () => {
  it('filters the rows by status on the server, back to the first page, and shows the filter in force', () => {
    const table = {
      filters: [{ field: 'status', operator: 'eq', value: 'paid' }],
      setFilters: vi.fn(),
      setCurrentPage: vi.fn(),
    };
    render(
      <ListHeader
        title="Dividends"
        actions={<button type="button">Declare</button>}
        status={{ label: 'Status', values: ['declared', 'paid'], text: (value) => `is ${value}`, table }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Dividends' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Declare' })).toBeTruthy();
    const menu = screen.getByRole('combobox', { name: 'Status' });
    expect(menu.textContent).toBe('is paid');
    fireEvent.mouseDown(menu);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'is declared' }));
    expect(table.setFilters).toHaveBeenCalledWith([{ field: 'status', operator: 'eq', value: 'declared' }], 'replace');
    expect(table.setCurrentPage).toHaveBeenCalledWith(1);
  });

  it('reads no status as every status', () => {
    expect(statusOf({ filters: [] })).toBe('');
    expect(statusOf({ filters: [{ field: 'q', operator: 'eq', value: 'x' }] })).toBe('');
  });
});
