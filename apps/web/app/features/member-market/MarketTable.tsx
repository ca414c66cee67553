import ChevronRight from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
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
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import type { MarketType } from '../catalogue/api';
import { formatAmount, formatCount, mediaUrl } from '../catalogue/format';
import { marketListPath } from '../catalogue/paths';
import { seriesColor } from '../charts/axis';
import { localized, useLanguage } from '../i18n/language';
import { PageButtons } from '../layout/PageButtons';
import { PriceChange } from '../paintings/ui';
import { useCurrency } from '../preferences/currency';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';
import { MEMBER_MARKET_PAGE_SIZE, type MemberMarketRow, memberMarketQuery } from './api';
import { formatTotalPrice } from './format';
import { Sparkline } from './Sparkline';
import { type MarketDetailState, MEMBER_MARKET_DETAIL_PATH } from './state';

type Props = {
  type: MarketType;
  offset: number;
  /** Absent: the table shows its first page only, without previous/next (spec §2: the primary table). */
  onOffset?: (offset: number) => void;
  enabled: boolean;
};

const COLUMN_COUNT = 7;

/**
 * Seven columns do not fit the member area's content column below ~1280px (its sidebar stays up to the mobile
 * breakpoint), so the rows become cards earlier than the other member tables: a grid of cards, one per row.
 */
const COMPACT = '@media (max-width: 1279.95px)';

/**
 * One market table of /user/market (spec §2): work, rating index, starting price per part and change, parts
 * owned, parts available, total price, details. Below the mobile breakpoint each row becomes a card.
 */
export function MarketTable({ type, offset, onOffset, enabled }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const navigate = useNavigate();
  const query = useQuery({ ...memberMarketQuery(type, offset, currency), enabled });
  const rows: MemberMarketRow[] = query.data?.paintings ?? [];
  const total = query.data?.total ?? 0;
  const baseUrl = query.data?.base_url ?? '';
  const titleId = `member-market-${type}-title`;
  const columns = {
    work: t('memberMarket.columns.work'),
    rating: t('memberMarket.columns.rating'),
    price: t('memberMarket.columns.price'),
    owned: t('memberMarket.columns.owned'),
    available: t('memberMarket.columns.available'),
    total: t('memberMarket.columns.total'),
    details: t('memberMarket.columns.details'),
  };
  const last = offset + MEMBER_MARKET_PAGE_SIZE >= total;

  const openDetails = (record: MemberMarketRow) =>
    navigate(MEMBER_MARKET_DETAIL_PATH, { state: { record, base_url: baseUrl } satisfies MarketDetailState });

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      data-testid={`member-market-${type}`}
      sx={{ borderColor: palette.line, overflow: 'hidden' }}
    >
      <Stack
        direction="row"
        sx={{
          alignItems: 'baseline',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          columnGap: 2,
          px: { xs: 2.5, md: 4 },
          pt: 3,
          pb: 2,
        }}
      >
        <Box>
          <Typography variant="h5" component="h2" id={titleId}>
            {t(`memberMarket.${type}.title`)}
          </Typography>
          <Typography variant="body2" sx={{ color: palette.muted, mt: 0.5 }}>
            {t(`memberMarket.${type}.intro`)}
          </Typography>
        </Box>
        {query.data && total > 0 && (
          <Typography variant="body2" sx={{ color: palette.muted }} data-testid={`member-market-${type}-range`}>
            {t('memberMarket.pager.range', {
              from: Math.min(offset + 1, total),
              to: Math.min(offset + MEMBER_MARKET_PAGE_SIZE, total),
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
        <Box sx={{ overflowX: 'auto' }}>
          <Table
            aria-labelledby={titleId}
            aria-busy={query.isFetching}
            sx={{
              '& th, & td': { borderColor: palette.line, px: { xs: 2.5, md: 1.5 } },
              '& th:first-of-type, & td:first-of-type': { pl: { md: 4 } },
              '& th:last-of-type, & td:last-of-type': { pr: { md: 4 } },
              '& th': { color: palette.muted, fontWeight: 500, fontSize: 13, letterSpacing: '0.04em', lineHeight: 1.3 },
              [COMPACT]: {
                display: 'block',
                '& thead': { display: 'none' },
                '& tbody': {
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
                  gap: 1.5,
                  px: 2.5,
                  pb: 1,
                },
                '& tbody tr': {
                  display: 'block',
                  border: `1px solid ${palette.line}`,
                  bgcolor: 'background.paper',
                  py: 1,
                },
                '& tbody td, & th:first-of-type, & td:first-of-type, & td:last-of-type': {
                  display: 'flex',
                  flexDirection: 'row',
                  justifyContent: 'space-between',
                  alignItems: 'center',
                  gap: 2,
                  border: 0,
                  py: 0.75,
                  px: 2,
                  textAlign: 'right',
                },
                '& tbody td[data-label]::before': {
                  content: 'attr(data-label)',
                  color: palette.muted,
                  fontSize: 13,
                  textAlign: 'left',
                },
                '& tbody td.member-market-work': { textAlign: 'left', justifyContent: 'flex-start', pb: 1.5 },
                '& tbody td.member-market-action': { display: 'block', pt: 1.5 },
                '& tbody td.member-market-action button': { width: '100%' },
                '& tbody tr:has(td.member-market-empty)': { gridColumn: '1 / -1', border: 0, bgcolor: 'transparent' },
                '& tbody td.member-market-empty': { display: 'block', textAlign: 'left', px: 0 },
              },
            }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{columns.work}</TableCell>
                <TableCell>{columns.rating}</TableCell>
                <TableCell align="right">{columns.price}</TableCell>
                <TableCell align="right">{columns.owned}</TableCell>
                <TableCell align="right">{columns.available}</TableCell>
                <TableCell align="right">{columns.total}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {columns.details}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.isPending &&
                Array.from({ length: 3 }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
                  <TableRow key={index}>
                    <TableCell colSpan={COLUMN_COUNT}>
                      <Skeleton variant="rectangular" height={48} />
                    </TableCell>
                  </TableRow>
                ))}
              {query.data && rows.length === 0 && (
                <TableRow>
                  <TableCell
                    colSpan={COLUMN_COUNT}
                    className="member-market-empty"
                    sx={{ color: palette.muted, py: 4 }}
                    data-testid="member-market-empty"
                  >
                    {t(`memberMarket.${type}.empty`)}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((row, index) => {
                const title = localized(row.title, language);
                return (
                  <TableRow
                    key={row.id}
                    data-testid="member-market-row"
                    data-painting-id={row.id}
                    data-market={row.market}
                  >
                    <TableCell className="member-market-work">
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: { md: 180 } }}>
                        <ArtworkImage
                          src={mediaUrl(baseUrl, row.cover_img)}
                          alt=""
                          sizes="48px"
                          sx={{ width: 48, height: 48, flex: 'none' }}
                        />
                        <Box sx={{ minWidth: 0 }}>
                          <Typography
                            sx={{ fontWeight: 500, lineHeight: 1.3, overflowWrap: 'anywhere' }}
                            data-testid="member-market-title"
                          >
                            {title}
                          </Typography>
                          <Typography
                            variant="body2"
                            sx={{ color: palette.muted, mt: 0.25 }}
                            data-testid="member-market-artist"
                          >
                            {row.artist.name} · {row.year}
                          </Typography>
                        </Box>
                      </Box>
                    </TableCell>
                    <TableCell data-label={columns.rating}>
                      <Sparkline
                        points={row.artist_evolution}
                        color={seriesColor(index)}
                        label={t('memberMarket.chartLabel', { artist: row.artist.name })}
                        testId="member-market-chart"
                      />
                    </TableCell>
                    <TableCell align="right" data-label={columns.price} data-testid="member-market-price">
                      <Box
                        component="span"
                        sx={{ display: 'block', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                      >
                        {formatAmount(row.price_per_part, language)}
                      </Box>
                      <Box component="span" sx={{ display: 'block', fontSize: 13 }} data-testid="member-market-change">
                        <PriceChange percentage={row.percentage} language={language} />
                      </Box>
                    </TableCell>
                    <TableCell
                      align="right"
                      data-label={columns.owned}
                      data-testid="member-market-owned"
                      sx={{ fontVariantNumeric: 'tabular-nums' }}
                    >
                      {formatCount(row.part_quantity, language)}
                    </TableCell>
                    <TableCell
                      align="right"
                      data-label={columns.available}
                      data-testid="member-market-available"
                      sx={{ fontVariantNumeric: 'tabular-nums' }}
                    >
                      {formatCount(row.available_part, language)}
                    </TableCell>
                    <TableCell
                      align="right"
                      data-label={columns.total}
                      data-testid="member-market-total"
                      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                    >
                      {formatTotalPrice(row.total_price, language)}
                    </TableCell>
                    <TableCell align="right" className="member-market-action">
                      <Button
                        variant="outlined"
                        size="small"
                        onClick={() => openDetails(row)}
                        data-testid="member-market-details"
                        aria-label={t('memberMarket.detailsOf', { title })}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        {columns.details}
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {!onOffset && query.data && total > rows.length && (
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
      {onOffset && (
        <PageButtons
          name="member-market"
          offset={offset}
          pageSize={MEMBER_MARKET_PAGE_SIZE}
          nextDisabled={!query.data || query.isPlaceholderData || last}
          onOffset={onOffset}
        />
      )}
    </Paper>
  );
}

// In sx a number up to 1 is a fraction of the parent (`width: 1` is 100%): a header hidden that way was as wide as
// the page and made /user/market scroll sideways (issue 17). Pixels, as the portfolio's tables write it.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
