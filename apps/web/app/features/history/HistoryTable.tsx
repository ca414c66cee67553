import { Box } from '@mui/material';
import { formatDate } from '@parcelle/shared/dates';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { type Amount, amountMinor, formatAmount, mediaUrl } from '../catalogue/format';
import { localized, useLanguage } from '../i18n/language';
import { BookAmount, type ShownAmount } from '../market-order/BookAmount';
import { useCurrency } from '../preferences/currency';
import { type Column, DataTable } from '../table/DataTable';
import { TableSection } from '../table/TableSection';
import { timeOf } from '../table/table-logic';
import { tableProps, usePagedRows } from '../table/use-paged-rows';
import { MOBILE, palette } from '../theme/theme';
import { failureText, fetchHistory, HISTORY_KEY, HISTORY_PAGE_SIZE, type TableRows, type TableType } from './api';

/**
 * An amount of a history row, in the display currency (converted by the API at the rate of its day); a sale's with the
 * book's euros it traded at beside it (issue 31, one currency per screen), as the order book and the notices write it.
 */
export function HistoryAmount({ amount, bookMinor }: { amount: Amount; bookMinor?: number }) {
  const language = useLanguage();
  if (bookMinor === undefined || !Number.isFinite(amount.value)) return formatAmount(amount, language);
  const shown: ShownAmount = { minor: amountMinor(amount), currency: amount.curr };
  return <BookAmount minor={bookMinor} shown={shown} />;
}

/** "05 Mar 2026"; an unreadable date shows nothing rather than breaking the table. */
export function safeDate(value: string, language: Language): string {
  try {
    return formatDate(value, language);
  } catch {
    return '';
  }
}

function safeParts(parts: number, language: Language): string {
  try {
    return formatPartsQuantity(parts, language);
  } catch {
    return String(parts);
  }
}

/**
 * A quantity of parts: the count on one line, the surface ("(1 cm² + 3 parts)") below in smaller type, so that the
 * parts columns stay narrow enough for the table to fit beside the member menu. The text content is unchanged.
 */
function PartsCell({ parts, language }: { parts: number; language: Language }) {
  const text = safeParts(parts, language);
  const split = text.indexOf(' (');
  if (split < 0) return text;
  return (
    <Box component="span" sx={{ display: 'inline-block' }}>
      {text.slice(0, split)}
      <Box component="span" sx={{ display: 'block', fontSize: 13, color: palette.muted, whiteSpace: 'nowrap' }}>
        {text.slice(split)}
      </Box>
    </Box>
  );
}

/** The work: its cover and its title in the current language. */
export function WorkCell({ title, src }: { title: string; src: string | undefined }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0, justifyContent: 'inherit' }}>
      <ArtworkImage src={src} alt="" sizes="48px" ratio={1} thumbnail={{ size: 48, bordered: true }} />
      <Box component="span" sx={{ minWidth: 0, overflowWrap: 'break-word', textAlign: 'left' }}>
        {title}
      </Box>
    </Box>
  );
}

/** A purchase's reference, with the key information version acknowledged before it (issue 30), when there is one. */
function ReferenceCell({
  reference,
  keyInformation,
}: {
  reference: string;
  keyInformation: { version: number } | null;
}) {
  const { t } = useTranslation();
  if (!keyInformation) return reference;
  return (
    <>
      {reference}
      <Box
        component="span"
        data-testid="history-key-information"
        sx={{ display: 'block', fontSize: 12, color: palette.muted }}
      >
        {t('keyInformation.history', { version: keyInformation.version })}
      </Box>
    </>
  );
}

type Common = { reference_id: string; painting_title: { en: string; fr: string }; painting_img: string; t: string };

/** A column of the history tabs: its header is `history.columns.<key>`. */
function column<Row>(key: string, rest: Omit<Column<Row>, 'key' | 'header'>): Column<Row> {
  return { key, header: `history.columns.${key}`, ...rest };
}

/** An amount column: figures, sorted by their minor units. */
function amountColumn<Row>(key: string, amount: (row: Row) => Amount, render: Column<Row>['render']): Column<Row> {
  return column(key, { align: 'right', numeric: true, sortValue: (row) => amountMinor(amount(row)), render });
}

function partsColumn<Row>(key: string, parts: (row: Row) => number, language: Language): Column<Row> {
  return column(key, {
    align: 'right',
    numeric: true,
    sortValue: parts,
    render: (row) => <PartsCell parts={parts(row)} language={language} />,
  });
}

function head<Row extends Common>(language: Language, baseUrl: string, reference?: Column<Row>['render']) {
  return [
    column<Row>('reference', {
      firstDirection: 'asc',
      sortValue: (row) => row.reference_id,
      render: reference ?? ((row) => row.reference_id),
      sx: {
        letterSpacing: '0.03em',
        whiteSpace: 'nowrap',
        [MOBILE]: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
      },
    }),
    column<Row>('work', {
      firstDirection: 'asc',
      sortValue: (row) => localized(row.painting_title, language),
      render: (row) => (
        <WorkCell title={localized(row.painting_title, language)} src={mediaUrl(baseUrl, row.painting_img)} />
      ),
      sx: { minWidth: 200 },
    }),
    column<Row>('date', {
      numeric: true,
      sortValue: (row) => timeOf(row.t),
      render: (row) => safeDate(row.t, language),
    }),
  ];
}

function columnsOf(type: TableType, language: Language, baseUrl: string) {
  if (type === 'PURCHASE') {
    type Row = TableRows['PURCHASE'];
    return [
      // Issue 30: a primary purchase names the key information version the member acknowledged before it.
      ...head<Row>(language, baseUrl, (row) => (
        <ReferenceCell reference={row.reference_id} keyInformation={row.key_information ?? null} />
      )),
      amountColumn<Row>(
        'partPrice',
        (row) => row.part_price,
        (row) => <HistoryAmount amount={row.part_price} bookMinor={row.book_part_price_minor} />,
      ),
      partsColumn<Row>('parts', (row) => row.quantity, language),
      amountColumn<Row>(
        'total',
        (row) => row.total_amount,
        (row) => <HistoryAmount amount={row.total_amount} bookMinor={row.book_total_amount_minor} />,
      ),
    ];
  }
  if (type === 'SALE') {
    type Row = TableRows['SALE'];
    return [
      ...head<Row>(language, baseUrl),
      amountColumn<Row>(
        'partPrice',
        (row) => row.part_price,
        (row) => <HistoryAmount amount={row.part_price} bookMinor={row.book_part_price_minor} />,
      ),
      partsColumn<Row>('partsSold', (row) => row.part_sold, language),
      amountColumn<Row>(
        'sellingAmount',
        (row) => row.selling_amount,
        (row) => <HistoryAmount amount={row.selling_amount} bookMinor={row.book_selling_amount_minor} />,
      ),
    ];
  }
  type Row = TableRows['DIVIDEND'];
  return [
    ...head<Row>(language, baseUrl),
    partsColumn<Row>('partsOwned', (row) => row.owner_parts, language),
    amountColumn<Row>(
      'amount',
      (row) => row.amount,
      (row) => formatAmount(row.amount, language),
    ),
  ];
}

const EMPTY: Record<TableType, string> = {
  PURCHASE: 'history.empty.purchase',
  SALE: 'history.empty.sale',
  DIVIDEND: 'history.empty.dividend',
};

type Props<T extends TableType> = {
  type: T;
  enabled: boolean;
  labelledBy: string;
};

/** A paged history tab (Purchase, Sale, Dividend): 4 rows per page, newest first; cards on mobile. */
export function HistoryTable<T extends TableType>({ type, enabled, labelledBy }: Props<T>) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  // The columns' sort values do not depend on the images' address: the hook is given them before it is known.
  const sortColumns = columnsOf(type, language, '') as Column<TableRows[T]>[];
  const list = usePagedRows<TableRows[T]>({
    queryKey: [...HISTORY_KEY, type, currency],
    fetchPage: (offset, limit, signal) => fetchHistory(type, currency, offset, limit, signal),
    pageSize: HISTORY_PAGE_SIZE,
    defaultSort: { key: 'date', direction: 'desc' },
    columns: sortColumns,
    enabled,
    language,
    resetKey: currency,
  });
  const columns = columnsOf(type, language, list.baseUrl) as Column<TableRows[T]>[];

  return (
    <TableSection titleId={labelledBy}>
      <DataTable
        columns={columns}
        {...tableProps(list, 'history', HISTORY_PAGE_SIZE)}
        rowKey={(row) => row.reference_id}
        rowProps={(row) => ({ 'data-testid': 'history-row', 'data-reference': row.reference_id })}
        labelledBy={labelledBy}
        tableProps={{ 'data-testid': 'history-table', 'data-type': type }}
        error={
          list.error
            ? { message: localized(failureText(list.error), language), onRetry: list.retry, testId: 'history-error' }
            : null
        }
        empty={t(EMPTY[type])}
        emptyTestId="history-empty"
      />
    </TableSection>
  );
}
