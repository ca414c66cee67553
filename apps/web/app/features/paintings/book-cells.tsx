import { Box, TableCell, type TableCellProps } from '@mui/material';
import { formatPartsQuantity, partsLabel } from '@parcelle/shared/parts';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/language';
import { BookAmount } from '../market-order/BookAmount';
import { visuallyHidden } from '../theme/theme';

/**
 * The day's EUR→USD rate of the book being shown (issue 31): every price cell reads it to write the price in the
 * member's display currency, the book's euros beside it.
 */
export const BookRate = createContext<string | null>(null);

/**
 * The cells the order book's tables share (OrderBook.tsx, BulletinBoard.tsx): column heads, a price per part (in the
 * display currency, with the book's euros beside it) and a number of parts. `compact` is the bulletin board's narrower row: figures kept on one
 * line, parts without their surface.
 */

const FIGURE = { fontVariantNumeric: 'tabular-nums' } as const;
const COMPACT_FIGURE = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A column head. */
export function HeadCell({ align, sx, children }: Pick<TableCellProps, 'align' | 'sx'> & { children: ReactNode }) {
  return (
    <TableCell component="th" scope="col" align={align} sx={sx}>
      {children}
    </TableCell>
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
      <Box component="span" sx={visuallyHidden}>
        {t('paintings.book.actions')}
      </Box>
    </HeadCell>
  );
}

export function PriceCell({ minor, compact = false }: { minor: number; compact?: boolean }) {
  const rate = useContext(BookRate);
  return (
    <TableCell sx={compact ? COMPACT_FIGURE : FIGURE}>
      <BookAmount minor={minor} rate={rate} />
    </TableCell>
  );
}

export function PartsCell({ quantity, compact = false }: { quantity: number; compact?: boolean }) {
  const language = useLanguage();
  return (
    <TableCell align="right" sx={compact ? COMPACT_FIGURE : FIGURE}>
      {compact ? partsLabel(quantity, language) : formatPartsQuantity(quantity, language)}
    </TableCell>
  );
}
