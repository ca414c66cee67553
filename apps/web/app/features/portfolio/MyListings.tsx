import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
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
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArtworkImage } from '../catalogue/ArtworkImage';
import { formatAmount, mediaUrl } from '../catalogue/format';
import { localized, useLanguage } from '../i18n/language';
import { PageButtons } from '../layout/PageButtons';
import { ApiError, errorText } from '../session/api-error';
import { MOBILE, palette } from '../theme/theme';
import {
  canWithdraw,
  HOLDINGS_PAGE_SIZE,
  myListingsQuery,
  refreshAfterListingChange,
  type TMyListing,
  withdrawListing,
} from './api';
import { PartsText } from './PartsText';
import { memberTableSx, numeric, visuallyHidden } from './table-style';

type Props = {
  offset: number;
  onOffset: (offset: number) => void;
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

/**
 * The member's parts for sale on /user/parts (spec §2 My parts, §4 Sale): their open listings, newest first, 4 a
 * page (next disabled when fewer than 4 rows came back), each with Withdraw → a confirmation → the withdraw call;
 * the remaining parts go back to the holdings. A listing whose parts are all held by a purchase being paid cannot
 * be withdrawn and says so. Below the mobile breakpoint each row becomes a card.
 */
export function MyListings({ offset, onOffset, enabled }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const query = useQuery({ ...myListingsQuery(offset), enabled });
  const rows = query.data?.listings ?? [];
  const total = query.data?.total ?? 0;
  const baseUrl = query.data?.base_url ?? '';
  const [pending, setPending] = useState<TMyListing | null>(null);
  // The listing the dialog shows: kept while the dialog fades out after `pending` is cleared.
  const [shown, setShown] = useState<TMyListing | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const titleId = 'my-listings-title';
  const columns = {
    work: t('portfolio.listings.columns.work'),
    listed: t('portfolio.listings.columns.listed'),
    remaining: t('portfolio.listings.columns.remaining'),
    price: t('portfolio.listings.columns.price'),
    actions: t('portfolio.listings.columns.actions'),
  };
  const settled = Boolean(query.data) && !query.isPlaceholderData;
  const empty = settled && rows.length === 0 && offset === 0;
  // Spec §2 (as the parts table): next is disabled when fewer than 4 rows came back (and on the last page).
  const last = rows.length < HOLDINGS_PAGE_SIZE || offset + HOLDINGS_PAGE_SIZE >= total;

  // Withdrawing the only listing of a later page leaves it empty: step back to the page before.
  useEffect(() => {
    if (settled && rows.length === 0 && offset > 0) onOffset(Math.max(0, offset - HOLDINGS_PAGE_SIZE));
  }, [settled, rows.length, offset, onOffset]);

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

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ borderColor: palette.line, overflow: 'hidden' }}
      data-testid="my-listings"
    >
      <Box sx={{ px: { xs: 2.5, md: 4 }, pt: 3, pb: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="h5" component="h2" id={titleId}>
            {t('portfolio.listings.title')}
          </Typography>
          {query.data && total > 0 && (
            <Typography
              variant="body2"
              sx={{ color: palette.muted, whiteSpace: 'nowrap' }}
              data-testid="my-listings-range"
            >
              {t('portfolio.pager.range', {
                from: Math.min(offset + 1, total),
                to: Math.min(offset + rows.length, total),
                total,
              })}
            </Typography>
          )}
        </Stack>
        <Typography variant="body2" sx={{ color: palette.muted, mt: 0.75, maxWidth: 640 }}>
          {t('portfolio.listings.intro')}
        </Typography>
      </Box>
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
      {query.isError && !query.data ? (
        <Alert
          severity="error"
          variant="outlined"
          sx={{ mx: { xs: 2.5, md: 4 }, mb: 3 }}
          data-testid="my-listings-error"
        >
          {localized(errorText(query.error), language)}
        </Alert>
      ) : empty ? (
        <Typography sx={{ px: { xs: 2.5, md: 4 }, pb: 4, color: palette.muted }} data-testid="my-listings-empty">
          {t('portfolio.listings.empty')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', [MOBILE]: { overflowX: 'visible' } }}>
          <Table
            aria-labelledby={titleId}
            data-testid="my-listings-table"
            aria-busy={query.isFetching}
            sx={memberTableSx}
          >
            <TableHead>
              <TableRow>
                <TableCell>{columns.work}</TableCell>
                <TableCell align="right">{columns.listed}</TableCell>
                <TableCell align="right">{columns.remaining}</TableCell>
                <TableCell align="right">{columns.price}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {columns.actions}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.isPending &&
                enabled &&
                Array.from({ length: 2 }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
                  <TableRow key={index}>
                    <TableCell colSpan={5}>
                      <Skeleton variant="rectangular" height={48} />
                    </TableCell>
                  </TableRow>
                ))}
              {rows.map((listing) => {
                const title = localized(listing.title, language);
                return (
                  <TableRow key={listing.reference} data-testid="my-listing-row" data-reference={listing.reference}>
                    <TableCell className="holding-work">
                      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: { md: 240 } }}>
                        <ArtworkImage
                          src={mediaUrl(baseUrl, listing.cover_img)}
                          alt=""
                          sizes="56px"
                          sx={{ width: 56, height: 56, flexShrink: 0 }}
                        />
                        <Box sx={{ minWidth: 0 }}>
                          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid="my-listing-title">
                            {title}
                          </Typography>
                          <Typography
                            variant="body2"
                            sx={{ color: palette.muted, fontSize: 13, mt: 0.25, whiteSpace: 'nowrap' }}
                            data-testid="my-listing-date"
                          >
                            {t('portfolio.listings.listedOn', { date: listedOn(listing.created_at, language) })}
                          </Typography>
                          <Typography variant="body2" sx={{ color: palette.muted, fontSize: 13, whiteSpace: 'nowrap' }}>
                            {t('portfolio.listings.reference', { reference: listing.reference })}
                          </Typography>
                        </Box>
                      </Stack>
                    </TableCell>
                    <TableCell align="right" data-label={columns.listed}>
                      <Box
                        component="span"
                        sx={{ ...numeric, display: 'inline-block' }}
                        data-testid="my-listing-quantity"
                      >
                        <PartsText parts={listing.quantity} language={language} />
                      </Box>
                    </TableCell>
                    <TableCell align="right" data-label={columns.remaining}>
                      <Box
                        component="span"
                        sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}
                      >
                        <Box component="span" sx={numeric} data-testid="my-listing-remaining">
                          <PartsText parts={listing.remaining} language={language} />
                        </Box>
                        {listing.reserved > 0 && (
                          <Box
                            component="span"
                            sx={{ fontSize: 13, color: palette.muted, maxWidth: 160, mt: 0.25 }}
                            data-testid="my-listing-reserved-count"
                          >
                            {t('portfolio.listings.reservedCount', {
                              parts: formatPartsQuantity(listing.reserved, language),
                            })}
                          </Box>
                        )}
                      </Box>
                    </TableCell>
                    <TableCell align="right" data-label={columns.price} sx={numeric} data-testid="my-listing-price">
                      {formatAmount(listing.price_per_part, language)}
                    </TableCell>
                    <TableCell align="right" className="holding-actions">
                      {canWithdraw(listing) ? (
                        <Button
                          variant="outlined"
                          size="small"
                          onClick={() => open(listing)}
                          data-testid="my-listing-withdraw"
                          aria-label={t('portfolio.listings.withdrawFor', { title })}
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
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {!empty && !(query.isError && !query.data) && (
        <PageButtons
          name="my-listings"
          offset={offset}
          pageSize={HOLDINGS_PAGE_SIZE}
          nextDisabled={!query.data || query.isPlaceholderData || last}
          onOffset={onOffset}
        />
      )}
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
              <ArtworkImage
                src={mediaUrl(baseUrl, shown.cover_img)}
                alt=""
                sizes="56px"
                sx={{ width: 56, height: 56, flexShrink: 0 }}
              />
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
    </Paper>
  );
}
