import { formatPartsQuantity, partsLabel } from '@parcelle/shared/parts';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/language';
import hidden from '../layout/visually-hidden.module.css';
import { BookAmount } from '../market-order/BookAmount';
import styles from './order-book.module.css';

/**
 * The day's EUR→USD rate of the book being shown (issue 31): every price cell reads it to write the price in the
 * member's display currency, the book's euros beside it.
 */
export const BookRate = createContext<string | null>(null);

/**
 * The cells the order book's tables share (OrderBook.tsx, BulletinBoard.tsx): column heads, a price per part (in the
 * display currency, with the book's euros beside it) and a number of parts. `compact` is the bulletin board's narrower
 * row: figures kept on one line, parts without their surface. Plain table cells styled by order-book.module.css
 * (decision 536): the member's island draws them without MUI.
 */

/** Class names, the empty ones left out. */
export const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** A column head. */
export function HeadCell({ align, className, children }: { align?: 'right'; className?: string; children: ReactNode }) {
  return (
    <th scope="col" className={cx(align === 'right' && styles.right, className)}>
      {children}
    </th>
  );
}

/** The heads of the price and parts columns. */
export function PricePartsHeads() {
  const { t } = useTranslation();
  return (
    <>
      <HeadCell>{t('paintings.book.price')}</HeadCell>
      <HeadCell align="right">{t('paintings.book.parts')}</HeadCell>
    </>
  );
}

/** The head of a column of row actions, named for screen readers only. */
export function ActionsHead() {
  const { t } = useTranslation();
  return (
    <HeadCell>
      <span className={hidden.visuallyHidden}>{t('paintings.book.actions')}</span>
    </HeadCell>
  );
}

export function PriceCell({ minor, compact = false }: { minor: number; compact?: boolean }) {
  const rate = useContext(BookRate);
  return (
    <td className={compact ? styles.compact : styles.figure}>
      <BookAmount minor={minor} rate={rate} />
    </td>
  );
}

export function PartsCell({ quantity, compact = false }: { quantity: number; compact?: boolean }) {
  const language = useLanguage();
  return (
    <td className={cx(styles.right, compact ? styles.compact : styles.figure)}>
      {compact ? partsLabel(quantity, language) : formatPartsQuantity(quantity, language)}
    </td>
  );
}
