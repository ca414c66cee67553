import {
  Alert,
  Box,
  Button,
  Link as MuiLink,
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
import type { Currency } from '@parcelle/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { formatAmount, mediaUrl } from '../catalogue/format';
import { paintingPath } from '../catalogue/paths';
import { localized, useLanguage } from '../i18n/language';
import { PageButtons } from '../layout/PageButtons';
import { PriceChange } from '../paintings/ui';
import { errorText } from '../session/api-error';
import { MOBILE, palette } from '../theme/theme';
import { HOLDINGS_PAGE_SIZE, partsQuery, sellBlock, type THolding } from './api';
import { PartsText } from './PartsText';
import { formatBps, formatGain } from './PerformancePanel';
import { memberTableSx, numeric, visuallyHidden } from './table-style';

type Props = {
  /** 'portfolio' (Sell) or 'parts' (Sell and History): the table's test id and actions. */
  variant: 'portfolio' | 'parts';
  offset: number;
  onOffset: (offset: number) => void;
  currency: Currency;
  enabled: boolean;
  onSell: (holding: THolding, baseUrl: string) => void;
  onHistory?: (holding: THolding) => void;
};

/**
 * The works the member holds (spec §2 Portfolio, My parts; §3 Holding): 4 a page with previous and next, next
 * disabled when fewer than 4 rows came back. Below the mobile breakpoint each row becomes a card, cells labelled.
 */
export function HoldingsTable({ variant, offset, onOffset, currency, enabled, onSell, onHistory }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery({ ...partsQuery(offset, currency), enabled });
  const rows = query.data?.getParts ?? [];
  const total = query.data?.total ?? 0;
  const baseUrl = query.data?.base_url ?? '';
  const titleId = `${variant}-holdings-title`;
  const columns = {
    work: t('portfolio.columns.work'),
    price: t('portfolio.columns.partPrice'),
    quantity: t('portfolio.columns.quantity'),
    total: t('portfolio.columns.total'),
    value: t('portfolio.columns.valueOfWork'),
    actions: t('portfolio.columns.actions'),
  };
  const empty = Boolean(query.data) && rows.length === 0 && offset === 0;
  // Spec §2: next is disabled when fewer than 4 rows came back (and on the last page).
  const last = rows.length < HOLDINGS_PAGE_SIZE || offset + HOLDINGS_PAGE_SIZE >= total;

  const sellReason = (holding: THolding) => {
    const block = sellBlock(holding);
    if (block === 'notOpen') return t('msg:SaleNotOpen');
    if (block === 'allListed') return t('portfolio.sell.allListed');
    return '';
  };

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
          {t('portfolio.table.title')}
        </Typography>
        {query.data && total > 0 && (
          <Typography variant="body2" sx={{ color: palette.muted }} data-testid={`${variant}-range`}>
            {t('portfolio.pager.range', {
              from: Math.min(offset + 1, total),
              to: Math.min(offset + rows.length, total),
              total,
            })}
          </Typography>
        )}
      </Stack>
      {query.isError && !query.data ? (
        <Alert
          severity="error"
          variant="outlined"
          sx={{ mx: { xs: 2.5, md: 4 }, mb: 3 }}
          data-testid={`${variant}-error`}
        >
          {localized(errorText(query.error), language)}
        </Alert>
      ) : empty ? (
        <Box sx={{ px: { xs: 2.5, md: 4 }, pb: 4 }} data-testid="parts-empty">
          <Typography variant="subtitle1" sx={{ mb: 2 }}>
            {t('portfolio.empty.text')}
          </Typography>
          <Button component={Link} to="/primary-market" variant="contained">
            {t('portfolio.empty.action')}
          </Button>
        </Box>
      ) : (
        <Box sx={{ overflowX: 'auto', [MOBILE]: { overflowX: 'visible' } }}>
          <Table
            aria-labelledby={titleId}
            data-testid={`${variant}-table`}
            aria-busy={query.isFetching}
            sx={memberTableSx}
          >
            <TableHead>
              <TableRow>
                <TableCell>{columns.work}</TableCell>
                <TableCell align="right">{columns.price}</TableCell>
                <TableCell align="right">{columns.quantity}</TableCell>
                <TableCell align="right">{columns.total}</TableCell>
                <TableCell align="right">{columns.value}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {columns.actions}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.isPending &&
                Array.from({ length: HOLDINGS_PAGE_SIZE }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
                  <TableRow key={index}>
                    <TableCell colSpan={6}>
                      <Skeleton variant="rectangular" height={48} />
                    </TableCell>
                  </TableRow>
                ))}
              {rows.map((holding) => {
                const title = localized(holding.painting.title, language);
                const reason = sellReason(holding);
                return (
                  <TableRow key={holding._id} data-testid="holding-row" data-painting-id={holding.painting.id}>
                    <TableCell className="holding-work">
                      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: { md: 180 } }}>
                        <ArtworkImage
                          src={mediaUrl(baseUrl, holding.painting.img)}
                          alt=""
                          sizes="56px"
                          sx={{ width: 56, height: 56, flexShrink: 0 }}
                        />
                        <MuiLink
                          component={Link}
                          to={paintingPath({ id: holding.painting.id, market: holding.market })}
                          color="inherit"
                          underline="hover"
                          sx={{ fontWeight: 500 }}
                          data-testid="holding-title"
                        >
                          {title}
                        </MuiLink>
                      </Stack>
                    </TableCell>
                    <TableCell align="right" data-label={columns.price} sx={numeric}>
                      <Box
                        component="span"
                        sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}
                      >
                        <span data-testid="holding-price">{formatAmount(holding.part_price, language)}</span>
                        <Box component="span" sx={{ fontSize: 13 }} data-testid="holding-change">
                          <PriceChange percentage={holding.percentage} language={language} />
                        </Box>
                      </Box>
                    </TableCell>
                    <TableCell align="right" data-label={columns.quantity}>
                      <Box
                        component="span"
                        sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}
                      >
                        <Box component="span" sx={numeric} data-testid="holding-quantity">
                          <PartsText parts={holding.quantity} language={language} />
                        </Box>
                        {holding.listed > 0 && (
                          <Box
                            component="span"
                            sx={{ fontSize: 13, color: palette.muted }}
                            data-testid="holding-listed"
                          >
                            {t('portfolio.table.listed', { count: holding.listed })}
                          </Box>
                        )}
                        {(holding.provisional_parts ?? 0) > 0 && (
                          <Box
                            component="span"
                            sx={{ fontSize: 13, color: palette.muted }}
                            data-testid="holding-provisional"
                          >
                            {t('reflection.provisionalParts', { count: holding.provisional_parts ?? 0 })}
                          </Box>
                        )}
                      </Box>
                    </TableCell>
                    <TableCell align="right" data-label={columns.total} sx={numeric}>
                      <Box
                        component="span"
                        sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}
                      >
                        <span data-testid="holding-total">{formatAmount(holding.total, language)}</span>
                        {/* Issue 17: what these parts gained or lost since they were bought (value from the latest
                            appraisal less their FIFO cost), computed by the server in the currency shown. */}
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
                    </TableCell>
                    <TableCell align="right" data-label={columns.value} sx={numeric} data-testid="holding-value">
                      {formatAmount(holding.value_of_the_work, language)}
                    </TableCell>
                    <TableCell align="right" className="holding-actions">
                      {/* Stacked on wide screens so that the six columns fit beside the member sidebar. */}
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
                        {/* Issue 17: the reason Sell is disabled is written under it, not in a hover tooltip that
                            touch and keyboard users never see; the button names it as its description. */}
                        <span>
                          <Button
                            variant="outlined"
                            size="small"
                            disabled={Boolean(reason)}
                            onClick={() => onSell(holding, baseUrl)}
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
                        {onHistory && (
                          <Button
                            size="small"
                            color="inherit"
                            onClick={() => onHistory(holding)}
                            data-testid="parts-history"
                            aria-label={t('portfolio.history.actionFor', { title })}
                          >
                            {t('portfolio.history.action')}
                          </Button>
                        )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {!empty && (
        <PageButtons
          name="holdings"
          offset={offset}
          pageSize={HOLDINGS_PAGE_SIZE}
          nextDisabled={!query.data || query.isPlaceholderData || last}
          onOffset={onOffset}
        />
      )}
    </Paper>
  );
}
