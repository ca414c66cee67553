import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
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
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { formatAmount, mediaUrl } from '../catalogue/format';
import { localized, useLanguage } from '../i18n/language';
import { useCurrency } from '../preferences/currency';
import { DESKTOP, palette } from '../theme/theme';
import { type ArtworkRow, artworkHistoryQuery, failureText } from './api';
import { HistoryAmount, safeDate } from './HistoryTable';
import { responsiveTableSx } from './table-style';

const EVENT_COLORS = {
  PURCHASE: palette.ink,
  SALE: palette.accentDark,
  DIVIDEND: palette.success,
  EXIT: palette.success,
} as const;

function ArtworkItem({ work, baseUrl, first }: { work: ArtworkRow; baseUrl: string; first: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = localized(work.painting_title, language);
  const label = (key: string) => t(`history.columns.${key}`);
  const detailsId = `artwork-${work.painting_id}-details`;
  return (
    <Accordion
      disableGutters
      defaultExpanded={first}
      variant="outlined"
      data-testid="artwork-item"
      data-painting-id={work.painting_id}
      slotProps={{ heading: { component: 'h3' }, transition: { unmountOnExit: true } }}
      sx={{ borderColor: palette.line, '&::before': { display: 'none' }, '& + &': { borderTop: 0 } }}
    >
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={detailsId} sx={{ px: { xs: 2, md: 3 }, py: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
          <ArtworkImage
            src={mediaUrl(baseUrl, work.painting_img)}
            alt=""
            sizes="64px"
            ratio={1}
            sx={{ width: 64, height: 64, flexShrink: 0, border: `1px solid ${palette.line}` }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            <Typography variant="body2" component="span" sx={{ color: palette.muted }}>
              {t('history.artwork.operation', {
                count: work.salePurchase.length,
              })}
            </Typography>
          </Box>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={detailsId} sx={{ p: 0, borderTop: `1px solid ${palette.line}` }}>
        <Table
          size="small"
          aria-label={title}
          sx={[responsiveTableSx, { [DESKTOP]: { '& tbody tr:last-of-type td': { borderBottom: 0 } } }]}
        >
          <TableHead>
            <TableRow>
              <TableCell>{label('type')}</TableCell>
              <TableCell align="right">{label('partPrice')}</TableCell>
              <TableCell align="right">{label('parts')}</TableCell>
              <TableCell align="right">{label('total')}</TableCell>
              <TableCell align="right">{label('date')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {work.salePurchase.map((event) => (
              <TableRow
                key={`${event.type}-${event.reference_id}`}
                data-testid="artwork-event"
                data-reference={event.reference_id}
              >
                <TableCell data-label={label('type')}>
                  <Box component="span" sx={{ color: EVENT_COLORS[event.type], fontWeight: 500 }}>
                    {t(`history.eventType.${event.type}`)}
                  </Box>
                </TableCell>
                <TableCell align="right" data-label={label('partPrice')} sx={{ whiteSpace: 'nowrap' }}>
                  <HistoryAmount amount={event.part_price} bookMinor={event.book_part_price_minor} />
                </TableCell>
                <TableCell align="right" data-label={label('parts')} sx={{ whiteSpace: 'nowrap' }}>
                  {formatPartsQuantity(Math.max(0, event.part_quantity), language)}
                </TableCell>
                <TableCell align="right" data-label={label('total')} sx={{ whiteSpace: 'nowrap' }}>
                  <HistoryAmount amount={event.full_amount} bookMinor={event.book_full_amount_minor} />
                  {event.realised_return && event.cost_basis ? (
                    <Typography
                      variant="body2"
                      component="span"
                      data-testid="realised-return"
                      sx={{ display: 'block', color: palette.muted }}
                    >
                      {t('history.exit.costBasis', { amount: formatAmount(event.cost_basis, language) })}
                      <br />
                      {t('history.exit.realisedReturn', { amount: formatAmount(event.realised_return, language) })}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right" data-label={label('date')} sx={{ whiteSpace: 'nowrap' }}>
                  {safeDate(event.t, language)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </AccordionDetails>
    </Accordion>
  );
}

/** The Artwork tab (spec §2): one accordion per work with its purchases, sales and dividends; 4 more works per click. */
export function ArtworkHistory({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const currency = useCurrency();
  const query = useInfiniteQuery({ ...artworkHistoryQuery(currency), enabled });
  const works = query.data?.pages.flatMap((page) => page.artworkHistory) ?? [];
  const baseUrl = query.data?.pages[0]?.base_url ?? '';
  const total = query.data?.pages.at(-1)?.total ?? 0;

  if (query.isError && !query.data) {
    return (
      <Alert severity="error" variant="outlined" data-testid="history-error">
        {localized(failureText(query.error), language)}
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Stack spacing={1} aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rectangular" height={82} />
        ))}
      </Stack>
    );
  }
  if (works.length === 0) {
    return (
      <Paper
        variant="outlined"
        sx={{ borderColor: palette.line, color: palette.muted, px: { xs: 2, md: 3 }, py: 5 }}
        data-testid="history-empty"
      >
        {t('history.empty.artwork')}
      </Paper>
    );
  }
  return (
    <Box data-testid="artwork-list">
      {works.map((work, index) => (
        <ArtworkItem key={work.painting_id} work={work} baseUrl={baseUrl} first={index === 0} />
      ))}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 2.5 }}>
        <Typography variant="body2" sx={{ color: palette.muted }} data-testid="artwork-count">
          {t('history.artwork.shown', { shown: works.length, total })}
        </Typography>
        {query.hasNextPage && (
          <Button
            variant="outlined"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            data-testid="artwork-load-more"
          >
            {t('history.artwork.loadMore')}
          </Button>
        )}
      </Stack>
      {query.isFetchNextPageError && (
        <Alert severity="error" variant="outlined" sx={{ mt: 2 }} data-testid="history-error">
          {localized(failureText(query.error), language)}
        </Alert>
      )}
    </Box>
  );
}
