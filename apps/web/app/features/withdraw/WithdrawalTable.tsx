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
import { formatWithdrawalDate } from '@parcelle/shared/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../catalogue/format';
import { localized, useLanguage } from '../i18n/language';
import { PageButtons } from '../layout/PageButtons';
import { cardRowsOnMobile, memberTableHeadSx } from '../layout/table-style';
import { errorText } from '../session/api-error';
import { MOBILE, palette } from '../theme/theme';
import { WITHDRAWALS_PAGE_SIZE, type WithdrawalListKind, type WithdrawalRow, withdrawalsQuery } from './api';

type Props = {
  kind: WithdrawalListKind;
  /** "pending" or "history": the prefix of the test ids (withdraw-pending-table, withdraw-history-next…). */
  name: 'pending' | 'history';
  offset: number;
  onOffset: (offset: number) => void;
  enabled: boolean;
};

function safeDate(value: string, language: 'en' | 'fr'): string {
  try {
    return formatWithdrawalDate(value, language);
  } catch {
    return '';
  }
}

/**
 * One list of withdrawals (spec §2): reference, amount, date ('DD MMM, YYYY'), 3 per page with previous and next.
 * Below the mobile breakpoint each row becomes a stacked card, its cells labelled.
 */
export function WithdrawalTable({ kind, name, offset, onOffset, enabled }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery({ ...withdrawalsQuery(kind, offset), enabled });
  const rows: WithdrawalRow[] = query.data?.list ?? [];
  const total = query.data?.total ?? 0;
  const titleId = `withdraw-${name}-title`;
  const columns = {
    reference: t('withdraw.columns.reference'),
    amount: t('withdraw.columns.amount'),
    date: t('withdraw.columns.date'),
  };
  const last = offset + WITHDRAWALS_PAGE_SIZE >= total;

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ borderColor: palette.line, overflow: 'hidden' }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', px: { xs: 2.5, md: 4 }, pt: 3, pb: 2 }}
      >
        <Typography variant="h5" component="h2" id={titleId}>
          {t(name === 'pending' ? 'withdraw.pending.title' : 'withdraw.history.title')}
        </Typography>
        {query.data && total > 0 && (
          <Typography variant="body2" sx={{ color: palette.muted }} data-testid={`withdraw-${name}-range`}>
            {t('withdraw.pager.range', {
              from: Math.min(offset + 1, total),
              to: Math.min(offset + WITHDRAWALS_PAGE_SIZE, total),
              total,
            })}
          </Typography>
        )}
      </Stack>
      {query.isError && !query.data ? (
        <Alert severity="error" variant="outlined" sx={{ mx: { xs: 2.5, md: 4 }, mb: 3 }}>
          {localized(errorText(query.error), language)}
        </Alert>
      ) : (
        <Table
          aria-labelledby={titleId}
          data-testid={`withdraw-${name}-table`}
          aria-busy={query.isFetching}
          sx={{
            '& th, & td': { borderColor: palette.line, px: { xs: 2.5, md: 4 } },
            '& th': memberTableHeadSx,
            [MOBILE]: {
              ...cardRowsOnMobile,
              '& tbody': { display: 'block', px: 2.5, pb: 1 },
              '& tbody td.withdraw-empty': { display: 'block', textAlign: 'left' },
            },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{columns.reference}</TableCell>
              <TableCell align="right">{columns.amount}</TableCell>
              <TableCell align="right">{columns.date}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {query.isPending &&
              Array.from({ length: WITHDRAWALS_PAGE_SIZE }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
                <TableRow key={index}>
                  <TableCell colSpan={3}>
                    <Skeleton variant="text" />
                  </TableCell>
                </TableRow>
              ))}
            {query.data && rows.length === 0 && (
              <TableRow>
                <TableCell
                  colSpan={3}
                  className="withdraw-empty"
                  sx={{ color: palette.muted, py: 4 }}
                  data-testid={`withdraw-${name}-empty`}
                >
                  {t(name === 'pending' ? 'withdraw.pending.empty' : 'withdraw.history.empty')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row._id} data-testid="withdraw-row" data-reference={row.reference}>
                <TableCell
                  data-label={columns.reference}
                  sx={{ fontVariantNumeric: 'tabular-nums', letterSpacing: '0.03em', overflowWrap: 'anywhere' }}
                >
                  {row.reference}
                </TableCell>
                <TableCell
                  align="right"
                  data-label={columns.amount}
                  sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                  data-testid="withdraw-row-amount"
                >
                  {formatAmount(row.amount, language)}
                </TableCell>
                <TableCell
                  align="right"
                  data-label={columns.date}
                  sx={{ whiteSpace: 'nowrap' }}
                  data-testid="withdraw-row-date"
                >
                  {safeDate(row.t, language)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <PageButtons
        name={`withdraw-${name}`}
        offset={offset}
        pageSize={WITHDRAWALS_PAGE_SIZE}
        nextDisabled={!query.data || query.isPlaceholderData || last}
        onOffset={onOffset}
      />
    </Paper>
  );
}
