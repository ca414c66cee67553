import { Box, Button, Stack, Typography } from '@mui/material';
import type { Currency } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { amountMinor, formatAmount, mediaUrl } from '../catalogue/format';
import { paintingPath } from '../catalogue/paths';
import { localized, useLanguage } from '../i18n/language';
import { PriceChange } from '../paintings/ui';
import { errorText } from '../session/api-error';
import { type Column, DataTable } from '../table/DataTable';
import { TableSection } from '../table/TableSection';
import { numeric } from '../table/table-style';
import { tableProps, usePagedRows } from '../table/use-paged-rows';
import { WorkCell } from '../table/WorkCell';
import { palette } from '../theme/theme';
import { fetchParts, HOLDINGS_KEY, HOLDINGS_PAGE_SIZE, sellBlock, type THolding } from './api';
import { PartsText } from './PartsText';
import { formatBps, formatGain } from './PerformancePanel';

type Props = {
  /** 'portfolio' (Sell) or 'parts' (Sell and History): the table's test id and actions. */
  variant: 'portfolio' | 'parts';
  /** Changed after a sale: the table goes back to its first page. */
  resetKey?: string;
  currency: Currency;
  enabled: boolean;
  onSell: (holding: THolding, baseUrl: string) => void;
  onHistory?: (holding: THolding) => void;
};

const stacked = {
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  textAlign: 'right',
} as const;

type Actions = {
  baseUrl: string;
  onSell: (holding: THolding, baseUrl: string) => void;
  onHistory?: (holding: THolding) => void;
};

function holdingColumns(t: TFunction, language: Language, currency: Currency, actions: Actions): Column<THolding>[] {
  const sellReason = (holding: THolding) => {
    const block = sellBlock(holding);
    if (block === 'notOpen') return t('msg:SaleNotOpen');
    if (block === 'allListed') return t('portfolio.sell.allListed');
    return '';
  };
  return [
    {
      key: 'work',
      header: 'portfolio.columns.work',
      phone: 'head',
      firstDirection: 'asc',
      sortValue: (holding) => localized(holding.painting.title, language),
      render: (holding) => (
        <WorkCell
          image={mediaUrl(actions.baseUrl, holding.painting.img)}
          title={localized(holding.painting.title, language)}
          to={paintingPath({ id: holding.painting.id, market: holding.market })}
          titleTestId="holding-title"
        />
      ),
    },
    {
      key: 'price',
      header: 'portfolio.columns.partPrice',
      align: 'right',
      sortValue: (holding) => amountMinor(holding.part_price),
      // The figure stays on one line, its note may wrap: six columns then fit beside the member menu.
      render: (holding) => (
        <Box component="span" sx={stacked}>
          <Box component="span" sx={numeric} data-testid="holding-price">
            {formatAmount(holding.part_price, language)}
          </Box>
          <Box component="span" sx={{ fontSize: 13 }} data-testid="holding-change">
            <PriceChange percentage={holding.percentage} language={language} />
          </Box>
        </Box>
      ),
    },
    {
      key: 'quantity',
      header: 'portfolio.columns.quantity',
      align: 'right',
      sortValue: (holding) => holding.quantity,
      render: (holding) => (
        <Box component="span" sx={stacked}>
          <Box component="span" sx={numeric} data-testid="holding-quantity">
            <PartsText parts={holding.quantity} language={language} />
          </Box>
          {holding.listed > 0 && (
            <Box component="span" sx={{ fontSize: 13, color: palette.muted }} data-testid="holding-listed">
              {t('portfolio.table.listed', { count: holding.listed })}
            </Box>
          )}
          {(holding.provisional_parts ?? 0) > 0 && (
            <Box component="span" sx={{ fontSize: 13, color: palette.muted }} data-testid="holding-provisional">
              {t('reflection.provisionalParts', { count: holding.provisional_parts ?? 0 })}
            </Box>
          )}
        </Box>
      ),
    },
    {
      key: 'total',
      header: 'portfolio.columns.total',
      align: 'right',
      sortValue: (holding) => amountMinor(holding.total),
      render: (holding) => (
        <Box component="span" sx={stacked}>
          <Box component="span" sx={numeric} data-testid="holding-total">
            {formatAmount(holding.total, language)}
          </Box>
          {/* Issue 17: what these parts gained or lost since they were bought (value from the latest appraisal less
              their FIFO cost), computed by the server in the currency shown. */}
          <Box
            component="span"
            sx={{
              fontSize: 13,
              color:
                holding.cost_unknown_parts > 0
                  ? palette.muted
                  : holding.gain_minor > 0
                    ? palette.success
                    : holding.gain_minor < 0
                      ? palette.error
                      : palette.muted,
            }}
            data-testid="holding-gain"
          >
            {holding.cost_unknown_parts > 0
              ? t('portfolio.table.costUnknown', { count: holding.cost_unknown_parts })
              : t('portfolio.table.gain', {
                  gain: formatGain(holding.gain_minor, currency, language),
                  percent: formatBps(holding.gain_bps, language),
                })}
          </Box>
        </Box>
      ),
    },
    {
      key: 'value',
      header: 'portfolio.columns.valueOfWork',
      align: 'right',
      numeric: true,
      sortValue: (holding) => amountMinor(holding.value_of_the_work),
      render: (holding) => formatAmount(holding.value_of_the_work, language),
      cellProps: () => ({ 'data-testid': 'holding-value' }),
    },
    {
      key: 'actions',
      header: 'portfolio.columns.actions',
      hideHeader: true,
      align: 'right',
      phone: 'foot',
      render: (holding) => {
        const title = localized(holding.painting.title, language);
        const reason = sellReason(holding);
        return (
          // Stacked on wide screens so that the six columns fit beside the member sidebar.
          <Stack
            direction={{ xs: 'row', md: 'column' }}
            spacing={{ xs: 1, md: 0.5 }}
            sx={{
              justifyContent: 'flex-end',
              alignItems: { md: 'stretch' },
              '& .MuiButton-root': { minWidth: 88 },
              '& > span': { display: 'flex', flexDirection: 'column' },
            }}
          >
            {/* Issue 17: the reason Sell is disabled is written under it, not in a hover tooltip that touch and
                keyboard users never see; the button names it as its description. */}
            <span>
              <Button
                variant="outlined"
                size="small"
                disabled={Boolean(reason)}
                onClick={() => actions.onSell(holding, actions.baseUrl)}
                data-testid="holding-sell"
                aria-label={t('portfolio.sell.actionFor', { title })}
                aria-describedby={reason ? `sell-reason-${holding._id}` : undefined}
              >
                {t('portfolio.sell.action')}
              </Button>
              {reason && (
                <Box
                  component="span"
                  id={`sell-reason-${holding._id}`}
                  data-testid="holding-sell-reason"
                  sx={{
                    display: 'block',
                    mt: 0.5,
                    maxWidth: { md: 140 },
                    fontSize: 12,
                    lineHeight: 1.4,
                    color: palette.muted,
                    textAlign: { xs: 'left', md: 'right' },
                    whiteSpace: 'normal',
                  }}
                >
                  {reason}
                </Box>
              )}
            </span>
            {actions.onHistory && (
              <Button
                size="small"
                color="inherit"
                onClick={() => actions.onHistory?.(holding)}
                data-testid="parts-history"
                aria-label={t('portfolio.history.actionFor', { title })}
              >
                {t('portfolio.history.action')}
              </Button>
            )}
          </Stack>
        );
      },
    },
  ];
}

/**
 * The works the member holds (spec §2 Portfolio, My parts; §3 Holding): 4 a page, next disabled when fewer than 4
 * rows came back; sortable by each figure (decision 459). Below the mobile breakpoint each row becomes a card.
 */
export function HoldingsTable({ variant, resetKey, currency, enabled, onSell, onHistory }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = `${variant}-holdings-title`;
  const sortColumns = holdingColumns(t, language, currency, { baseUrl: '', onSell, onHistory });
  const list = usePagedRows({
    queryKey: [...HOLDINGS_KEY, 'parts', currency],
    fetchPage: (offset, limit, signal) => fetchParts(currency, offset, limit, signal),
    pageSize: HOLDINGS_PAGE_SIZE,
    // The server's order (newest work first) has no column of its own.
    defaultSort: null,
    columns: sortColumns,
    enabled,
    language,
    resetKey: `${currency}|${resetKey ?? ''}`,
  });
  const columns = holdingColumns(t, language, currency, { baseUrl: list.baseUrl, onSell, onHistory });

  return (
    <TableSection titleId={titleId} title={t('portfolio.table.title')}>
      <DataTable
        columns={columns}
        {...tableProps(list, 'holdings', HOLDINGS_PAGE_SIZE)}
        rowKey={(holding) => holding._id}
        rowProps={(holding) => ({ 'data-testid': 'holding-row', 'data-painting-id': holding.painting.id })}
        labelledBy={titleId}
        tableProps={{ 'data-testid': `${variant}-table` }}
        error={
          list.error
            ? {
                message: localized(errorText(list.error), language),
                onRetry: list.retry,
                testId: `${variant}-error`,
              }
            : null
        }
        empty={
          <>
            <Typography variant="subtitle1" component="span" sx={{ display: 'block', mb: 2 }}>
              {t('portfolio.empty.text')}
            </Typography>
            <Button component={Link} to="/primary-market" variant="contained">
              {t('portfolio.empty.action')}
            </Button>
          </>
        }
        emptyTestId="parts-empty"
      />
    </TableSection>
  );
}
