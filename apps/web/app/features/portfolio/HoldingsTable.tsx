import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Link as MuiLink,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
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
import { PriceChange } from '../paintings/ui';
import { errorText } from '../session/api-error';
import { MOBILE, palette } from '../theme/theme';
import { HOLDINGS_PAGE_SIZE, partsQuery, sellBlock, type THolding } from './api';
import { PartsText } from './PartsText';

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

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

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
            sx={{
              '& th, & td': { borderColor: palette.line, px: { xs: 2, md: 2.5 } },
              '& th:first-of-type, & td:first-of-type': { pl: { xs: 2.5, md: 4 } },
              '& th:last-of-type, & td:last-of-type': { pr: { xs: 2.5, md: 4 } },
              '& th': {
                color: palette.muted,
                fontWeight: 500,
                fontSize: 13,
                letterSpacing: '0.04em',
                whiteSpace: 'nowrap',
              },
              [MOBILE]: {
                display: 'block',
                '& thead': { display: 'none' },
                '& tbody': { display: 'block', px: 2.5, pb: 1 },
                '& tbody tr': {
                  display: 'block',
                  border: `1px solid ${palette.line}`,
                  bgcolor: 'background.paper',
                  mb: 1.5,
                  py: 1,
                },
                '& tbody td, & tbody td:first-of-type, & tbody td:last-of-type': {
                  display: 'flex',
                  flexDirection: 'row',
                  justifyContent: 'space-between',
                  alignItems: 'baseline',
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
                '& tbody td.holding-work': { display: 'block', textAlign: 'left', pb: 1.25 },
                '& tbody td.holding-actions': { display: 'flex', justifyContent: 'flex-end', pt: 1.25 },
              },
            }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{columns.work}</TableCell>
                <TableCell align="right">{columns.price}</TableCell>
                <TableCell align="right">{columns.quantity}</TableCell>
                <TableCell align="right">{columns.total}</TableCell>
                <TableCell align="right">{columns.value}</TableCell>
                <TableCell align="right">
                  <Box
                    component="span"
                    sx={{
                      position: 'absolute',
                      width: '1px',
                      height: '1px',
                      overflow: 'hidden',
                      clip: 'rect(0 0 0 0)',
                      whiteSpace: 'nowrap',
                    }}
                  >
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
                      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: { md: 200 } }}>
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
                      </Box>
                    </TableCell>
                    <TableCell align="right" data-label={columns.total} sx={numeric} data-testid="holding-total">
                      {formatAmount(holding.total, language)}
                    </TableCell>
                    <TableCell align="right" data-label={columns.value} sx={numeric} data-testid="holding-value">
                      {formatAmount(holding.value_of_the_work, language)}
                    </TableCell>
                    <TableCell align="right" className="holding-actions">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        <Tooltip title={reason} describeChild>
                          <span>
                            <Button
                              variant="outlined"
                              size="small"
                              disabled={Boolean(reason)}
                              onClick={() => onSell(holding, baseUrl)}
                              data-testid="holding-sell"
                              aria-label={t('portfolio.sell.actionFor', { title })}
                            >
                              {t('portfolio.sell.action')}
                            </Button>
                          </span>
                        </Tooltip>
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
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: { xs: 1.5, md: 3 }, py: 1.5 }}>
          <IconButton
            aria-label={t('portfolio.pager.previous')}
            title={t('portfolio.pager.previous')}
            disabled={offset === 0}
            onClick={() => onOffset(Math.max(0, offset - HOLDINGS_PAGE_SIZE))}
            data-testid="holdings-previous"
          >
            <ChevronLeft />
          </IconButton>
          <IconButton
            aria-label={t('portfolio.pager.next')}
            title={t('portfolio.pager.next')}
            disabled={!query.data || query.isPlaceholderData || last}
            onClick={() => onOffset(offset + HOLDINGS_PAGE_SIZE)}
            data-testid="holdings-next"
          >
            <ChevronRight />
          </IconButton>
        </Box>
      )}
    </Paper>
  );
}
