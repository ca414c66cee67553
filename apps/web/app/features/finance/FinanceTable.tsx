import { formatFinanceDate } from '@parcelle/shared/dates';
import type { Language } from '@parcelle/shared/i18n/messages';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { failureText } from '../history/api';
import { localized, useLanguage } from '../i18n/language';
import { useCurrency } from '../preferences/currency';
import { type Column, DataTable } from '../table/DataTable';
import { TableSection } from '../table/TableSection';
import { timeOf } from '../table/table-logic';
import { tableProps, usePagedRows } from '../table/use-paged-rows';
import { palette } from '../theme/theme';
import {
  FINANCE_KEY,
  FINANCE_PAGE_SIZE,
  type FinanceRow,
  fetchFinance,
  methodKey,
  natureKey,
  natureText,
  signedAmount,
} from './api';

function safeDate(value: string, language: Language): string {
  try {
    return formatFinanceDate(value, language);
  } catch {
    return '';
  }
}

function columns(t: TFunction, language: Language): Column<FinanceRow>[] {
  return [
    {
      key: 'reference',
      header: 'finance.columns.reference',
      firstDirection: 'asc',
      sortValue: (row) => row.reference_id,
      render: (row) => row.reference_id,
      sx: { letterSpacing: '0.03em', whiteSpace: 'nowrap' },
    },
    {
      key: 'date',
      header: 'finance.columns.date',
      numeric: true,
      sortValue: (row) => timeOf(row.t),
      render: (row) => safeDate(row.t, language),
    },
    {
      key: 'account',
      header: 'finance.columns.account',
      firstDirection: 'asc',
      sortValue: (row) => t(methodKey(row.payment_method)),
      render: (row) => t(methodKey(row.payment_method)),
    },
    {
      key: 'nature',
      header: 'finance.columns.nature',
      firstDirection: 'asc',
      sortValue: (row) => natureText(row, t, language),
      render: (row) => natureText(row, t, language),
      cellProps: (row) => ({
        'data-nature': natureKey(row.type, row.payment_method).replace('finance.nature.', ''),
      }),
    },
    {
      key: 'amount',
      header: 'finance.columns.amount',
      align: 'right',
      numeric: true,
      sortValue: (row) => (row.direction === 'in' ? 1 : -1) * Math.abs(row.total_amount.value),
      render: (row) => signedAmount(row, language),
      cellProps: (row) => ({ 'data-direction': row.direction }),
      sx: { fontWeight: 500 },
    },
  ];
}

/** The member's money movements (spec §2 Finance): reference, date (DD/MM/YYYY), account, nature, signed amount. */
export function FinanceTable({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const titleId = 'finance-table-title';
  const shown = columns(t, language);
  const list = usePagedRows({
    queryKey: [...FINANCE_KEY, currency],
    fetchPage: (offset, limit, signal) => fetchFinance(currency, offset, limit, signal),
    pageSize: FINANCE_PAGE_SIZE,
    defaultSort: { key: 'date', direction: 'desc' },
    columns: shown,
    enabled,
    language,
    resetKey: currency,
  });

  return (
    <TableSection titleId={titleId} title={t('finance.transactions.title')}>
      <DataTable
        columns={shown}
        {...tableProps(list, 'finance', FINANCE_PAGE_SIZE)}
        rowKey={(row) => `${row.reference_id}-${row.t}-${row.type}-${row.direction}`}
        rowProps={(row) => ({ 'data-testid': 'finance-row', 'data-reference': row.reference_id })}
        labelledBy={titleId}
        tableProps={{ 'data-testid': 'finance-table' }}
        error={
          list.error
            ? { message: localized(failureText(list.error), language), onRetry: list.retry, testId: 'finance-error' }
            : null
        }
        empty={t('finance.transactions.empty')}
        emptyTestId="finance-empty"
        sx={{
          '& td[data-direction="in"]': { color: palette.success },
          '& td[data-direction="out"]': { color: palette.ink },
        }}
      />
    </TableSection>
  );
}
