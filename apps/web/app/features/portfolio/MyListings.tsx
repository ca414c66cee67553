import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { formatFinanceDate } from '@parcelle/shared/dates';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { amountMinor, formatAmount, mediaUrl } from '../catalogue/format';
import { localized, useLanguage } from '../i18n/language';
import { ApiError, errorText } from '../session/api-error';
import { type Column, DataTable } from '../table/DataTable';
import { TableSection } from '../table/TableSection';
import { numeric } from '../table/table-style';
import { tableProps, usePagedRows } from '../table/use-paged-rows';
import { WorkCell } from '../table/WorkCell';
import { palette } from '../theme/theme';
import {
  canWithdraw,
  fetchMyListings,
  HOLDINGS_PAGE_SIZE,
  LISTINGS_KEY,
  refreshAfterListingChange,
  type TMyListing,
  withdrawListing,
} from './api';
import { PartsText } from './PartsText';

type Props = {
  /** Changed after a sale: the list goes back to its first page (the new listing, newest first, is there). */
  resetKey?: string;
  enabled: boolean;
};

/** Listed on, DD/MM/YYYY; an unreadable date shows nothing rather than breaking the row. */
function listedOn(value: string, language: Language): string {
  try {
    return formatFinanceDate(value, language);
  } catch {
    return '';
  }
}

function listingColumns(t: TFunction, language: Language, baseUrl: string, open: (listing: TMyListing) => void) {
  const columns: Column<TMyListing>[] = [
    {
      key: 'work',
      header: 'portfolio.listings.columns.work',
      phone: 'head',
      firstDirection: 'asc',
      sortValue: (listing) => localized(listing.title, language),
      render: (listing) => (
        <WorkCell
          image={mediaUrl(baseUrl, listing.cover_img)}
          title={localized(listing.title, language)}
          titleTestId="my-listing-title"
          lines={[
            {
              text: t('portfolio.listings.listedOn', { date: listedOn(listing.created_at, language) }),
              testId: 'my-listing-date',
            },
            { text: t('portfolio.listings.reference', { reference: listing.reference }) },
          ]}
          minWidth={240}
        />
      ),
    },
    {
      key: 'listed',
      header: 'portfolio.listings.columns.listed',
      align: 'right',
      sortValue: (listing) => listing.quantity,
      render: (listing) => (
        <Box component="span" sx={{ ...numeric, display: 'inline-block' }} data-testid="my-listing-quantity">
          <PartsText parts={listing.quantity} language={language} />
        </Box>
      ),
    },
    {
      key: 'remaining',
      header: 'portfolio.listings.columns.remaining',
      align: 'right',
      sortValue: (listing) => listing.remaining,
      render: (listing) => (
        <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
          <Box component="span" sx={numeric} data-testid="my-listing-remaining">
            <PartsText parts={listing.remaining} language={language} />
          </Box>
          {listing.reserved > 0 && (
            <Box
              component="span"
              sx={{ fontSize: 13, color: palette.muted, maxWidth: 160, mt: 0.25 }}
              data-testid="my-listing-reserved-count"
            >
              {t('portfolio.listings.reservedCount', { parts: formatPartsQuantity(listing.reserved, language) })}
            </Box>
          )}
        </Box>
      ),
    },
    {
      key: 'price',
      header: 'portfolio.listings.columns.price',
      align: 'right',
      numeric: true,
      sortValue: (listing) => amountMinor(listing.price_per_part),
      render: (listing) => formatAmount(listing.price_per_part, language),
      cellProps: () => ({ 'data-testid': 'my-listing-price' }),
    },
    {
      key: 'actions',
      header: 'portfolio.listings.columns.actions',
      hideHeader: true,
      align: 'right',
      phone: 'foot',
      render: (listing) =>
        canWithdraw(listing) ? (
          <Button
            variant="outlined"
            size="small"
            onClick={() => open(listing)}
            data-testid="my-listing-withdraw"
            aria-label={t('portfolio.listings.withdrawFor', { title: localized(listing.title, language) })}
          >
            {t('portfolio.listings.withdraw')}
          </Button>
        ) : (
          <Typography
            variant="body2"
            sx={{ color: palette.muted, fontSize: 13, maxWidth: 150, ml: 'auto', textAlign: 'right' }}
            data-testid="my-listing-reserved"
          >
            {t('portfolio.listings.allReserved')}
          </Typography>
        ),
    },
  ];
  return columns;
}

/**
 * The member's parts for sale on /user/parts (spec §2 My parts, §4 Sale): their open listings, newest first, 4 a
 * page (next disabled when fewer than 4 rows came back), each with Withdraw → a confirmation → the withdraw call;
 * the remaining parts go back to the holdings. A listing whose parts are all held by a purchase being paid cannot
 * be withdrawn and says so. Below the mobile breakpoint each row becomes a card.
 */
export function MyListings({ resetKey, enabled }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TMyListing | null>(null);
  // The listing the dialog shows: kept while the dialog fades out after `pending` is cleared.
  const [shown, setShown] = useState<TMyListing | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const titleId = 'my-listings-title';

  const open = (listing: TMyListing) => {
    setFailure(null);
    setClosed(false);
    setPending(listing);
    setShown(listing);
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await withdrawListing(pending.reference);
      setDone(answer.message ? localized(answer.message, language) : t('msg:ListingWithdrawn'));
      setPending(null);
      void refreshAfterListingChange(queryClient);
    } catch (error) {
      setFailure(localized(errorText(error), language));
      // Not found or already closed (sold or withdrawn meanwhile): no retry, and the list behind is out of date.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        setClosed(true);
        void refreshAfterListingChange(queryClient);
      }
    } finally {
      setBusy(false);
    }
  };

  const sortColumns = listingColumns(t, language, '', open);
  const list = usePagedRows({
    queryKey: [...LISTINGS_KEY, 'open'],
    fetchPage: fetchMyListings,
    pageSize: HOLDINGS_PAGE_SIZE,
    // The server's order: newest listing first.
    defaultSort: null,
    columns: sortColumns,
    enabled,
    language,
    resetKey,
  });
  const baseUrl = list.baseUrl;
  const columns = listingColumns(t, language, baseUrl, open);

  return (
    <TableSection
      titleId={titleId}
      title={t('portfolio.listings.title')}
      intro={t('portfolio.listings.intro')}
      testId="my-listings"
    >
      {done && (
        <Alert
          severity="success"
          variant="outlined"
          onClose={() => setDone(null)}
          slotProps={{ closeButton: { title: t('common.close'), 'aria-label': t('common.close') } }}
          sx={{ mx: { xs: 2.5, md: 4 }, mb: 2 }}
          data-testid="my-listing-withdrawn"
        >
          {done}
        </Alert>
      )}
      <DataTable
        columns={columns}
        {...tableProps(list, 'my-listings', HOLDINGS_PAGE_SIZE)}
        rowKey={(listing) => listing.reference}
        rowProps={(listing) => ({ 'data-testid': 'my-listing-row', 'data-reference': listing.reference })}
        labelledBy={titleId}
        tableProps={{ 'data-testid': 'my-listings-table' }}
        error={
          list.error
            ? {
                message: localized(errorText(list.error), language),
                onRetry: list.retry,
                testId: 'my-listings-error',
              }
            : null
        }
        empty={t('portfolio.listings.empty')}
        emptyTestId="my-listings-empty"
        skeletonRows={2}
      />
      <Dialog
        open={Boolean(pending)}
        onClose={() => !busy && setPending(null)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="my-listing-withdraw-title"
        data-testid="my-listing-withdraw-dialog"
      >
        <DialogTitle id="my-listing-withdraw-title">{t('portfolio.listings.confirmTitle')}</DialogTitle>
        <DialogContent>
          {shown && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
              <ArtworkImage src={mediaUrl(baseUrl, shown.cover_img)} alt="" sizes="56px" thumbnail={{ size: 56 }} />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {localized(shown.title, language)}
                </Typography>
                <Typography variant="body2" sx={{ color: palette.muted }} data-testid="my-listing-withdraw-parts">
                  {t('portfolio.listings.remainingLine', { parts: formatPartsQuantity(shown.remaining, language) })}
                </Typography>
                {shown.reserved > 0 && (
                  <Typography variant="body2" sx={{ color: palette.muted }}>
                    {t('portfolio.listings.reservedLine', { parts: formatPartsQuantity(shown.reserved, language) })}
                  </Typography>
                )}
              </Box>
            </Stack>
          )}
          <Typography sx={{ color: palette.muted }}>{t('portfolio.listings.confirmText')}</Typography>
          {shown && shown.reserved > 0 && (
            <Typography sx={{ color: palette.muted, mt: 1 }}>{t('portfolio.listings.confirmReserved')}</Typography>
          )}
          {failure && (
            <Alert severity="error" variant="outlined" sx={{ mt: 2 }} data-testid="my-listing-withdraw-error">
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
          <Button
            color="inherit"
            onClick={() => setPending(null)}
            disabled={busy}
            data-testid="my-listing-withdraw-cancel"
          >
            {t('portfolio.listings.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={confirm}
            disabled={busy || closed}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="my-listing-withdraw-confirm"
          >
            {t('portfolio.listings.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </TableSection>
  );
}
