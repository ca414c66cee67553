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
  Typography,
} from '@mui/material';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { amountMinor, formatAmount, mediaUrl } from '../catalogue/format';
import { localized, useLanguage } from '../i18n/language';
import { useCurrency } from '../preferences/currency';
import { type Column, DataTable } from '../table/DataTable';
import { timeOf } from '../table/table-logic';
import { useSortedRows } from '../table/use-paged-rows';
import { DESKTOP, palette } from '../theme/theme';
import { type ArtworkRow, artworkHistoryQuery, failureText } from './api';
import { HistoryAmount, safeDate } from './HistoryTable';

const EVENT_COLORS = {
  PURCHASE: palette.ink,
  SALE: palette.accentDark,
  DIVIDEND: palette.success,
  EXIT: palette.success,
} as const;

type ArtworkEvent = ArtworkRow['salePurchase'][number];

function eventColumns(t: TFunction, language: Language): Column<ArtworkEvent>[] {
  return [
    {
      key: 'type',
      header: 'history.columns.type',
      firstDirection: 'asc',
      sortValue: (event) => t(`history.eventType.${event.type}`),
      render: (event) => (
        <Box component="span" sx={{ color: EVENT_COLORS[event.type], fontWeight: 500 }}>
          {t(`history.eventType.${event.type}`)}
        </Box>
      ),
    },
    {
      key: 'partPrice',
      header: 'history.columns.partPrice',
      align: 'right',
      numeric: true,
      sortValue: (event) => amountMinor(event.part_price),
      render: (event) => <HistoryAmount amount={event.part_price} bookMinor={event.book_part_price_minor} />,
    },
    {
      key: 'parts',
      header: 'history.columns.parts',
      align: 'right',
      numeric: true,
      sortValue: (event) => Math.max(0, event.part_quantity),
      render: (event) => formatPartsQuantity(Math.max(0, event.part_quantity), language),
    },
    {
      key: 'total',
      header: 'history.columns.total',
      align: 'right',
      numeric: true,
      sortValue: (event) => amountMinor(event.full_amount),
      render: (event) => (
        <>
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
        </>
      ),
    },
    {
      key: 'date',
      header: 'history.columns.date',
      align: 'right',
      numeric: true,
      sortValue: (event) => timeOf(event.t),
      render: (event) => safeDate(event.t, language),
    },
  ];
}

/** A work's purchases, sales and dividends: every one of them, sortable, in the server's order first. */
function EventTable({ work, title }: { work: ArtworkRow; title: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const columns = eventColumns(t, language);
  const sorted = useSortedRows(work.salePurchase, columns, null, language);
  return (
    <DataTable
      columns={columns}
      rows={sorted.rows}
      sort={sorted.sort}
      rowKey={(event) => `${event.type}-${event.reference_id}`}
      rowProps={(event) => ({ 'data-testid': 'artwork-event', 'data-reference': event.reference_id })}
      label={title}
      size="small"
      pending={false}
      fetching={false}
      empty={null}
      sx={{ [DESKTOP]: { '& tbody tr:last-of-type td': { borderBottom: 0 } } }}
    />
  );
}

function ArtworkItem({ work, baseUrl, first }: { work: ArtworkRow; baseUrl: string; first: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = localized(work.painting_title, language);
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
            thumbnail={{ size: 64, bordered: true }}
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
        <EventTable work={work} title={title} />
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
