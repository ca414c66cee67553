import { Link } from 'react-router';

/** What a pagination item is, for its accessible name. */
export type PageItemKind = 'page' | 'previous' | 'next';

/**
 * The classes of `pagination.module.css`, as the caller's own module composes them (`.pageItem { composes: item from
 * "…/layout/pagination.module.css" }`): the rules are then part of the caller's stylesheet, not a stylesheet of their
 * own that every page with pages would link (decision 554).
 */
export type PaginationClasses = Record<
  'list' | 'item' | 'selected' | 'disabled' | 'ellipsis' | 'icon',
  string | undefined
>;

const join = (...names: (string | undefined | false)[]) => names.filter(Boolean).join(' ');

type Props = {
  classes: PaginationClasses;
  /** The current page (1-based) and the number of pages. */
  page: number;
  count: number;
  /** The address of a page: every item is a plain link, which works without a script (issue 33). */
  hrefOf: (page: number) => string;
  /** The item's accessible name, in the reader's language. */
  labelOf: (kind: PageItemKind, page: number, selected: boolean) => string;
  testId?: string;
};

const range = (start: number, end: number) => Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i);

/**
 * The items MUI's `usePagination` lists for one page at each end (`boundaryCount` 1) and one on each side of the
 * current page (`siblingCount` 1): previous, pages with an ellipsis where some are left out, next.
 */
export function pageItems(page: number, count: number): (number | 'start-ellipsis' | 'end-ellipsis')[] {
  const boundary = 1;
  const siblings = 1;
  const startPages = range(1, Math.min(boundary, count));
  const endPages = range(Math.max(count - boundary + 1, boundary + 1), count);
  const siblingsStart = Math.max(Math.min(page - siblings, count - boundary - siblings * 2 - 1), boundary + 2);
  const siblingsEnd = Math.min(Math.max(page + siblings, boundary + siblings * 2 + 2), count - boundary - 1);
  return [
    ...startPages,
    ...(siblingsStart > boundary + 2
      ? (['start-ellipsis'] as const)
      : boundary + 1 < count - boundary
        ? [boundary + 1]
        : []),
    ...range(siblingsStart, siblingsEnd),
    ...(siblingsEnd < count - boundary - 1
      ? (['end-ellipsis'] as const)
      : count - boundary > boundary
        ? [count - boundary]
        : []),
    ...endPages,
  ];
}

const BEFORE = 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z';
const AFTER = 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z';

/**
 * A list's pages as links (issue 33, decision 554): MUI's rounded `Pagination` as it drew them (a list of 32 px
 * items, the current one tinted, previous and next as chevrons, greyed at either end), plain elements on
 * `pagination.module.css`. The previous and next links at either end are kept, as MUI kept them, but out of the tab
 * order, marked `aria-disabled` and not clickable.
 */
export function Pagination({ classes: styles, page, count, hrefOf, labelOf, testId }: Props) {
  const current = Math.min(Math.max(1, page), count);
  const arrow = (kind: 'previous' | 'next') => {
    const target = kind === 'previous' ? current - 1 : current + 1;
    const disabled = kind === 'previous' ? current <= 1 : current >= count;
    return (
      <li>
        <Link
          to={hrefOf(disabled ? current : target)}
          aria-label={labelOf(kind, target, false)}
          className={join(styles.item, disabled && styles.disabled)}
          {...(disabled ? { 'aria-disabled': true, tabIndex: -1 } : {})}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
            <path d={kind === 'previous' ? BEFORE : AFTER} />
          </svg>
        </Link>
      </li>
    );
  };
  return (
    <ul className={styles.list} data-testid={testId}>
      {arrow('previous')}
      {pageItems(current, count).map((item) => (
        <li key={item}>
          {typeof item === 'number' ? (
            <Link
              to={hrefOf(item)}
              aria-label={labelOf('page', item, item === current)}
              aria-current={item === current ? 'page' : undefined}
              className={join(styles.item, item === current && styles.selected)}
            >
              {item}
            </Link>
          ) : (
            <div className={styles.ellipsis}>…</div>
          )}
        </li>
      ))}
      {arrow('next')}
    </ul>
  );
}
