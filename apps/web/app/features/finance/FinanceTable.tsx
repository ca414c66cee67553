import {
  Alert,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatFinanceDate } from '@parcelle/shared/dates';
import type { Language } from '@parcelle/shared/i18n/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../history/api';
import { Pager } from '../history/Pager';
import { responsiveTableSx } from '../history/table-style';
import { localized, useLanguage } from '../i18n/language';
import { useCurrency } from '../preferences/currency';
import { palette } from '../theme/theme';
import { FINANCE_PAGE_SIZE, financeQuery, methodKey, natureKey, natureText, signedAmount } from './api';

function safeDate(value: string, language: Language): string {
  try {
    return formatFinanceDate(value, language);
  } catch {
    return '';
  }
}

/** The member's money movements (spec §2 Finance): reference, date (DD/MM/YYYY), account, nature, signed amount. */
export function FinanceTable({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const [offset, setOffset] = useState(0);
  const query = useQuery({ ...financeQuery(offset, currency), enabled });
  const rows = query.data?.purchaseHistory ?? [];
  const titleId = 'finance-table-title';
  const columns = {
    reference: t('finance.columns.reference'),
    date: t('finance.columns.date'),
    account: t('finance.columns.account'),
    nature: t('finance.columns.nature'),
    amount: t('finance.columns.amount'),
  };

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ borderColor: palette.line, overflow: 'hidden' }}
    >
      <Stack direction="row" sx={{ alignItems: 'baseline', px: { xs: 2, md: 3 }, pt: 3, pb: 2 }}>
        <Typography variant="h5" component="h2" id={titleId}>
          {t('finance.transactions.title')}
        </Typography>
      </Stack>
      {query.isError && !query.data ? (
        <Alert severity="error" variant="outlined" sx={{ mx: { xs: 2, md: 3 }, mb: 3 }} data-testid="finance-error">
          {localized(failureText(query.error), language)}
        </Alert>
      ) : (
        <Table
          aria-labelledby={titleId}
          data-testid="finance-table"
          aria-busy={query.isFetching}
          sx={responsiveTableSx}
        >
          <TableHead>
            <TableRow>
              <TableCell>{columns.reference}</TableCell>
              <TableCell>{columns.date}</TableCell>
              <TableCell>{columns.account}</TableCell>
              <TableCell>{columns.nature}</TableCell>
              <TableCell align="right">{columns.amount}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {query.isPending &&
              Array.from({ length: 4 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
                <TableRow key={index}>
                  <TableCell colSpan={5}>
                    <Skeleton variant="text" />
                  </TableCell>
                </TableRow>
              ))}
            {query.data && rows.length === 0 && (
              <TableRow>
                <TableCell
                  colSpan={5}
                  className="table-empty"
                  sx={{ color: palette.muted, py: 5 }}
                  data-testid="finance-empty"
                >
                  {t('finance.transactions.empty')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow
                key={`${row.reference_id}-${row.t}-${row.type}-${row.direction}`}
                data-testid="finance-row"
                data-reference={row.reference_id}
              >
                <TableCell data-label={columns.reference} className="table-reference">
                  {row.reference_id}
                </TableCell>
                <TableCell data-label={columns.date} sx={{ whiteSpace: 'nowrap' }} data-column="date">
                  {safeDate(row.t, language)}
                </TableCell>
                <TableCell data-label={columns.account} data-column="account">
                  {t(methodKey(row.payment_method))}
                </TableCell>
                <TableCell
                  data-label={columns.nature}
                  data-column="nature"
                  data-nature={natureKey(row.type, row.payment_method).replace('finance.nature.', '')}
                >
                  {natureText(row, t, language)}
                </TableCell>
                <TableCell
                  align="right"
                  data-label={columns.amount}
                  data-column="amount"
                  data-direction={row.direction}
                  sx={{
                    whiteSpace: 'nowrap',
                    fontWeight: 500,
                    color: row.direction === 'in' ? palette.success : palette.ink,
                  }}
                >
                  {signedAmount(row, language)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pager
        name="finance"
        offset={offset}
        pageSize={FINANCE_PAGE_SIZE}
        total={query.data?.total}
        busy={!query.data || query.isPlaceholderData}
        onOffset={setOffset}
      />
    </Paper>
  );
}
