import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, Button } from '@mui/material';
import type { Language } from '@parcelle/shared/i18n/messages';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { MarketType } from '../catalogue/api';
import { amountMinor, formatAmount, formatCount, mediaUrl } from '../catalogue/format';
import { marketListPath } from '../catalogue/paths';
import { seriesColor } from '../charts/axis';
import { localized, useLanguage } from '../i18n/language';
import { PriceChange } from '../paintings/ui';
import { useCurrency } from '../preferences/currency';
import { errorText } from '../session/api-error';
import { type Column, DataTable } from '../table/DataTable';
import { TableSection } from '../table/TableSection';
import { tableProps, usePagedRows } from '../table/use-paged-rows';
import { WorkCell } from '../table/WorkCell';
import { fetchMemberMarket, MEMBER_MARKET_KEY, MEMBER_MARKET_PAGE_SIZE, type MemberMarketRow } from './api';
import { formatTotalPrice } from './format';
import { Sparkline } from './Sparkline';
import { type MarketDetailState, MEMBER_MARKET_DETAIL_PATH } from './state';

type Props = {
  type: MarketType;
  /** The primary table shows its first page only, without a pager (spec §2); the secondary pages. */
  paged: boolean;
  enabled: boolean;
};

function marketColumns(
  t: TFunction,
  language: Language,
  baseUrl: string,
  openDetails: (row: MemberMarketRow) => void,
): Column<MemberMarketRow>[] {
  return [
    {
      key: 'work',
      header: 'memberMarket.columns.work',
      phone: 'head',
      firstDirection: 'asc',
      sortValue: (row) => localized(row.title, language),
      render: (row) => (
        <WorkCell
          image={mediaUrl(baseUrl, row.cover_img)}
          title={localized(row.title, language)}
          titleTestId="member-market-title"
          lines={[{ text: `${row.artist.name} · ${row.year}`, testId: 'member-market-artist' }]}
          dense
        />
      ),
    },
    {
      key: 'rating',
      header: 'memberMarket.columns.rating',
      render: (row, index) => (
        <Sparkline
          points={row.artist_evolution}
          color={seriesColor(index)}
          label={t('memberMarket.chartLabel', { artist: row.artist.name })}
          testId="member-market-chart"
        />
      ),
    },
    {
      key: 'price',
      header: 'memberMarket.columns.price',
      align: 'right',
      sortValue: (row) => amountMinor(row.price_per_part),
      cellProps: () => ({ 'data-testid': 'member-market-price' }),
      // One block (the price over its change), so that on a card the two stack beside the label.
      render: (row) => (
        <Box component="span" sx={{ display: 'block', textAlign: 'right' }}>
          <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {formatAmount(row.price_per_part, language)}
          </Box>
          <Box component="span" sx={{ display: 'block', fontSize: 13 }} data-testid="member-market-change">
            <PriceChange percentage={row.percentage} language={language} />
          </Box>
        </Box>
      ),
    },
    {
      key: 'owned',
      header: 'memberMarket.columns.owned',
      align: 'right',
      numeric: true,
      sortValue: (row) => row.part_quantity,
      cellProps: () => ({ 'data-testid': 'member-market-owned' }),
      render: (row) => formatCount(row.part_quantity, language),
    },
    {
      key: 'available',
      header: 'memberMarket.columns.available',
      align: 'right',
      numeric: true,
      sortValue: (row) => row.available_part,
      cellProps: () => ({ 'data-testid': 'member-market-available' }),
      render: (row) => formatCount(row.available_part, language),
    },
    {
      key: 'total',
      header: 'memberMarket.columns.total',
      align: 'right',
      numeric: true,
      sortValue: (row) => amountMinor(row.total_price),
      cellProps: () => ({ 'data-testid': 'member-market-total' }),
      // Spec §2 separates thousands by plain spaces: kept on one line in a narrow card.
      render: (row) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatTotalPrice(row.total_price, language)}
        </Box>
      ),
    },
    {
      key: 'details',
      header: 'memberMarket.columns.details',
      hideHeader: true,
      align: 'right',
      phone: 'foot',
      render: (row) => (
        <Button
          variant="outlined"
          size="small"
          onClick={() => openDetails(row)}
          data-testid="member-market-details"
          aria-label={t('memberMarket.detailsOf', { title: localized(row.title, language) })}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('memberMarket.columns.details')}
        </Button>
      ),
    },
  ];
}

/**
 * One market table of /user/market (spec §2): work, rating index, starting price per part and change, parts
 * owned, parts available, total price, details. Seven columns do not fit beside the member menu below 1280 px: the
 * rows become a grid of cards there.
 */
export function MarketTable({ type, paged, enabled }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const navigate = useNavigate();
  const titleId = `member-market-${type}-title`;
  const openDetails = (baseUrl: string) => (record: MemberMarketRow) =>
    navigate(MEMBER_MARKET_DETAIL_PATH, { state: { record, base_url: baseUrl } satisfies MarketDetailState });
  const list = usePagedRows({
    queryKey: [...MEMBER_MARKET_KEY, type, currency],
    fetchPage: (offset, limit, signal) => fetchMemberMarket(type, currency, offset, limit, signal),
    pageSize: MEMBER_MARKET_PAGE_SIZE,
    // The server's order: newest work first.
    defaultSort: null,
    columns: marketColumns(t, language, '', () => {}),
    enabled,
    language,
    resetKey: currency,
  });
  const props = tableProps(list, 'member-market', MEMBER_MARKET_PAGE_SIZE);
  const total = list.total ?? 0;

  return (
    <TableSection
      titleId={titleId}
      title={t(`memberMarket.${type}.title`)}
      intro={t(`memberMarket.${type}.intro`)}
      testId={`member-market-${type}`}
    >
      <DataTable
        columns={marketColumns(t, language, list.baseUrl, openDetails(list.baseUrl))}
        {...props}
        paging={paged ? props.paging : undefined}
        rowKey={(row) => row.id}
        rowProps={(row) => ({
          'data-testid': 'member-market-row',
          'data-painting-id': row.id,
          'data-market': row.market,
        })}
        labelledBy={titleId}
        error={list.error ? { message: localized(errorText(list.error), language), onRetry: list.retry } : null}
        empty={t(`memberMarket.${type}.empty`)}
        emptyTestId="member-market-empty"
        cardsBelow="compact"
        skeletonRows={3}
      />
      {!paged && list.settled && total > list.rows.length && (
        // The primary table shows its first page only (spec §2); the whole list is the public primary market.
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: { xs: 2.5, md: 4 }, py: 1.5 }}>
          <Button
            component={Link}
            to={marketListPath(type)}
            size="small"
            endIcon={<ChevronRight fontSize="small" />}
            data-testid={`member-market-${type}-more`}
          >
            {t('memberMarket.seeAll', { count: total, total })}
          </Button>
        </Box>
      )}
    </TableSection>
  );
}
