// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type PageItemKind, Pagination, pageItems } from './Pagination';

afterEach(cleanup);

const CLASSES = { list: 'l', item: 'i', selected: 's', disabled: 'd', ellipsis: 'e', icon: 'c' };
const label = (kind: PageItemKind, page: number, selected: boolean) =>
  kind === 'page' ? (selected ? `Page ${page}, current` : `Go to ${page}`) : kind;

function renderPages(page: number, count: number) {
  const element = (
    <Pagination
      classes={CLASSES}
      page={page}
      count={count}
      hrefOf={(target) => (target <= 1 ? '/list' : `/list?page=${target}`)}
      labelOf={label}
      testId="pages"
    />
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/list'] });
  render(<RouterProvider router={router} />);
  return within(screen.getByTestId('pages'));
}

describe('Pagination (decision 554)', () => {
  it('lists the pages as MUI did: one at each end, one on each side of the current page', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'start-ellipsis', 6, 7, 8, 9, 10]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('links every page, marks the current one, and keeps the previous link at the first page out of reach', () => {
    const pages = renderPages(1, 3);
    const current = pages.getByRole('link', { name: 'Page 1, current' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.className).toBe('i s');
    expect(pages.getByRole('link', { name: 'Go to 3' }).getAttribute('href')).toBe('/list?page=3');
    const previous = pages.getByRole('link', { name: 'previous' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    expect(previous.getAttribute('tabindex')).toBe('-1');
    expect(previous.className).toBe('i d');
    const next = pages.getByRole('link', { name: 'next' });
    expect(next.getAttribute('href')).toBe('/list?page=2');
    expect(next.hasAttribute('aria-disabled')).toBe(false);
  });

  it('keeps the next link at the last page out of reach, and a page past the end shows the last one', () => {
    const pages = renderPages(9, 4);
    expect(pages.getByRole('link', { name: 'Page 4, current' }).getAttribute('href')).toBe('/list?page=4');
    expect(pages.getByRole('link', { name: 'next' }).getAttribute('aria-disabled')).toBe('true');
    expect(pages.getByRole('link', { name: 'previous' }).getAttribute('href')).toBe('/list?page=3');
  });

  it('shows an ellipsis, not a link, where pages are left out', () => {
    const pages = renderPages(5, 10);
    expect(pages.getAllByRole('link').map((link) => link.textContent || link.getAttribute('aria-label'))).toEqual([
      'previous',
      '1',
      '4',
      '5',
      '6',
      '10',
      'next',
    ]);
    expect(pages.getAllByText('…')).toHaveLength(2);
  });
});
