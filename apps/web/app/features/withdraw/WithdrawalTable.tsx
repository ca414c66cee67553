import { formatWithdrawalDate } from '@parcelle/shared/dates';
import { useTranslation } from 'react-i18next';
import { amountMinor, formatAmount } from '../catalogue/format';
import { localized, useLanguage } from '../i18n/language';
import { errorText } from '../session/api-error';
import { type Column, DataTable } from '../table/DataTable';
import { TableSection } from '../table/TableSection';
import { timeOf } from '../table/table-logic';
import { tableProps, usePagedRows } from '../table/use-paged-rows';
import {
  fetchWithdrawals,
  WITHDRAWALS_KEY,
  WITHDRAWALS_PAGE_SIZE,
  type WithdrawalListKind,
  type WithdrawalRow,
} from './api';

type Props = {
  kind: WithdrawalListKind;
  /** "pending" or "history": the prefix of the test ids (withdraw-pending-table, withdraw-history-next…). */
  name: 'pending' | 'history';
  enabled: boolean;
  /** Changed after a new withdrawal: both lists go back to their first page (spec §4). */
  resetKey?: string;
};

function safeDate(value: string, language: 'en' | 'fr'): string {
  try {
    return formatWithdrawalDate(value, language);
  } catch {
    return '';
  }
}

function columns(language: 'en' | 'fr'): Column<WithdrawalRow>[] {
  return [
    {
      key: 'reference',
      header: 'withdraw.columns.reference',
      firstDirection: 'asc',
      sortValue: (row) => row.reference,
      render: (row) => row.reference,
      sx: { letterSpacing: '0.03em', overflowWrap: 'anywhere' },
    },
    {
      key: 'amount',
      header: 'withdraw.columns.amount',
      align: 'right',
      numeric: true,
      sortValue: (row) => amountMinor(row.amount),
      render: (row) => formatAmount(row.amount, language),
      cellProps: () => ({ 'data-testid': 'withdraw-row-amount' }),
    },
    {
      key: 'date',
      header: 'withdraw.columns.date',
      align: 'right',
      numeric: true,
      sortValue: (row) => timeOf(row.t),
      render: (row) => safeDate(row.t, language),
      cellProps: () => ({ 'data-testid': 'withdraw-row-date' }),
    },
  ];
}

/** One list of withdrawals (spec §2): reference, amount, date ('DD MMM, YYYY'), 3 per page, newest first. */
export function WithdrawalTable({ kind, name, enabled, resetKey }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = `withdraw-${name}-title`;
  const shown = columns(language);
  const list = usePagedRows({
    queryKey: [...WITHDRAWALS_KEY, kind],
    fetchPage: (offset, limit, signal) => fetchWithdrawals(kind, offset, limit, signal),
    pageSize: WITHDRAWALS_PAGE_SIZE,
    defaultSort: { key: 'date', direction: 'desc' },
    columns: shown,
    enabled,
    language,
    resetKey,
  });

  return (
    <TableSection titleId={titleId} title={t(name === 'pending' ? 'withdraw.pending.title' : 'withdraw.history.title')}>
      <DataTable
        columns={shown}
        {...tableProps(list, `withdraw-${name}`, WITHDRAWALS_PAGE_SIZE)}
        rowKey={(row) => row._id}
        rowProps={(row) => ({ 'data-testid': 'withdraw-row', 'data-reference': row.reference })}
        labelledBy={titleId}
        tableProps={{ 'data-testid': `withdraw-${name}-table` }}
        error={list.error ? { message: localized(errorText(list.error), language), onRetry: list.retry } : null}
        empty={t(name === 'pending' ? 'withdraw.pending.empty' : 'withdraw.history.empty')}
        emptyTestId={`withdraw-${name}-empty`}
      />
    </TableSection>
  );
}
