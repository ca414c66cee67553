import { Alert, Box, Paper, Skeleton, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatDate } from '@parcelle/shared/dates';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { type Amount, amountMinor, formatAmount, mediaUrl } from '../catalogue/format';
import { localized, useLanguage } from '../i18n/language';
import { BookAmount, type ShownAmount } from '../market-order/BookAmount';
import { useCurrency } from '../preferences/currency';
import { palette } from '../theme/theme';
import { failureText, HISTORY_PAGE_SIZE, historyQuery, type TableRows, type TableType } from './api';
import { Pager } from './Pager';
import { responsiveTableSx } from './table-style';

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

type Column<T> = {
  key: string;
  align?: 'right';
  render: (row: T, context: { language: Language; baseUrl: string }) => ReactNode;
};

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
      <ArtworkImage
        src={src}
        alt=""
        sizes="48px"
        ratio={1}
        sx={{ width: 48, height: 48, flexShrink: 0, border: `1px solid ${palette.line}` }}
      />
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

const head: Column<Common>[] = [
  { key: 'reference', render: (row) => row.reference_id },
  {
    key: 'work',
    render: (row, { language, baseUrl }) => (
      <WorkCell title={localized(row.painting_title, language)} src={mediaUrl(baseUrl, row.painting_img)} />
    ),
  },
  { key: 'date', render: (row, { language }) => safeDate(row.t, language) },
];

const COLUMNS: { [T in TableType]: Column<TableRows[T]>[] } = {
  PURCHASE: [
    {
      key: 'reference',
      // Issue 30: a primary purchase names the key information version the member acknowledged before it.
      render: (row) => <ReferenceCell reference={row.reference_id} keyInformation={row.key_information ?? null} />,
    },
    ...head.slice(1),
    {
      key: 'partPrice',
      align: 'right',
      render: (row) => <HistoryAmount amount={row.part_price} bookMinor={row.book_part_price_minor} />,
    },
    {
      key: 'parts',
      align: 'right',
      render: (row, { language }) => <PartsCell parts={row.quantity} language={language} />,
    },
    {
      key: 'total',
      align: 'right',
      render: (row) => <HistoryAmount amount={row.total_amount} bookMinor={row.book_total_amount_minor} />,
    },
  ],
  SALE: [
    ...head,
    {
      key: 'partPrice',
      align: 'right',
      render: (row) => <HistoryAmount amount={row.part_price} bookMinor={row.book_part_price_minor} />,
    },
    {
      key: 'partsSold',
      align: 'right',
      render: (row, { language }) => <PartsCell parts={row.part_sold} language={language} />,
    },
    {
      key: 'sellingAmount',
      align: 'right',
      render: (row) => <HistoryAmount amount={row.selling_amount} bookMinor={row.book_selling_amount_minor} />,
    },
  ],
  DIVIDEND: [
    ...head,
    {
      key: 'partsOwned',
      align: 'right',
      render: (row, { language }) => <PartsCell parts={row.owner_parts} language={language} />,
    },
    { key: 'amount', align: 'right', render: (row, { language }) => formatAmount(row.amount, language) },
  ],
};

const EMPTY: Record<TableType, string> = {
  PURCHASE: 'history.empty.purchase',
  SALE: 'history.empty.sale',
  DIVIDEND: 'history.empty.dividend',
};

type Props<T extends TableType> = {
  type: T;
  offset: number;
  onOffset: (offset: number) => void;
  enabled: boolean;
  labelledBy: string;
};

/** A paged history tab (Purchase, Sale, Dividend): 4 rows per page, newest first; cards on mobile. */
export function HistoryTable<T extends TableType>({ type, offset, onOffset, enabled, labelledBy }: Props<T>) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const query = useQuery({ ...historyQuery(type, offset, currency), enabled });
  const columns = COLUMNS[type] as Column<TableRows[T]>[];
  const rows = query.data?.rows ?? [];
  const baseUrl = query.data?.base_url ?? '';
  const label = (key: string) => t(`history.columns.${key}`);

  return (
    <Paper variant="outlined" sx={{ borderColor: palette.line, overflowX: 'auto' }}>
      {query.isError && !query.data ? (
        <Alert severity="error" variant="outlined" sx={{ m: { xs: 2, md: 3 } }} data-testid="history-error">
          {localized(failureText(query.error), language)}
        </Alert>
      ) : (
        <Table
          aria-labelledby={labelledBy}
          data-testid="history-table"
          data-type={type}
          aria-busy={query.isFetching}
          sx={responsiveTableSx}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align}>
                  {label(column.key)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {query.isPending &&
              Array.from({ length: HISTORY_PAGE_SIZE }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
                <TableRow key={index}>
                  <TableCell colSpan={columns.length}>
                    <Skeleton variant="text" height={48} />
                  </TableCell>
                </TableRow>
              ))}
            {query.data && rows.length === 0 && (
              <TableRow>
                <TableCell
                  colSpan={columns.length}
                  className="table-empty"
                  sx={{ color: palette.muted, py: 5 }}
                  data-testid="history-empty"
                >
                  {t(EMPTY[type])}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row.reference_id} data-testid="history-row" data-reference={row.reference_id}>
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    data-label={label(column.key)}
                    data-column={column.key}
                    className={column.key === 'reference' ? 'table-reference' : undefined}
                    sx={
                      column.key === 'work'
                        ? { minWidth: 200 }
                        : column.key === 'reference'
                          ? undefined
                          : { whiteSpace: 'nowrap' }
                    }
                  >
                    {column.render(row, { language, baseUrl })}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pager
        name="history"
        offset={offset}
        pageSize={HISTORY_PAGE_SIZE}
        total={query.data?.total}
        busy={!query.data || query.isPlaceholderData}
        onOffset={onOffset}
      />
    </Paper>
  );
}
