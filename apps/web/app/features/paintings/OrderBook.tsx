import { Alert, Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import type { TOrderBook } from '@parcelle/shared/contracts/orderbook';
import { formatDate } from '@parcelle/shared/dates';
import { MARKET } from '@parcelle/shared/market';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PAINTINGS_KEY } from '../catalogue/api';
import { localized, useLanguage } from '../i18n/language';
import { BookAmount } from '../market-order/BookAmount';
import { useOrderBook } from '../market-order/book';
import { apiRequest } from '../session/api';
import { errorText } from '../session/api-error';
import { useSession } from '../session/use-session';
import { palette } from '../theme/theme';
import { BulletinBoard } from './BulletinBoard';
import { ActionsHead, BookRate, HeadCell, PartsCell, PriceCell, PricePartsHeads } from './book-cells';
import { useMyOpenBids } from './my-orders';

/** Members only: fetched when a signed-in member's page shows it (a visitor's page loads no form). */
const OrderForm = lazy(() => import('./OrderForm').then((module) => ({ default: module.OrderForm })));

type Side = 'ask' | 'bid';

function LevelsTable({ side, book, caption }: { side: Side; book: TOrderBook; caption: string }) {
  const { t } = useTranslation();
  const levels = side === 'ask' ? book.asks : book.bids;
  return (
    <Box>
      <Typography variant="h4" component="h3" sx={{ mb: 1.5 }}>
        {caption}
      </Typography>
      {levels.length === 0 ? (
        <Typography variant="body2" sx={{ color: palette.muted }} data-testid={`order-book-${side}s-empty`}>
          {t(side === 'ask' ? 'paintings.book.noAsks' : 'paintings.book.noBids')}
        </Typography>
      ) : (
        <Table size="small" data-testid={`order-book-${side}s`}>
          <TableHead>
            <TableRow>
              <PricePartsHeads />
            </TableRow>
          </TableHead>
          <TableBody>
            {levels.map((level) => (
              <TableRow key={level.price_per_part_minor}>
                <PriceCell minor={level.price_per_part_minor} />
                <PartsCell quantity={level.quantity} />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** The member's open bids on this work, each with its cancel action (the held funds go back to the wallet). */
function MyBids({ paintingId }: { paintingId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const bids = useMyOpenBids(paintingId);
  const cancel = useMutation({
    mutationFn: (reference: string) =>
      apiRequest<unknown>(`/paintings/bids/${encodeURIComponent(reference)}/cancel`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAINTINGS_KEY }),
  });
  const open = bids.data?.bids ?? [];
  if (open.length === 0) return null;
  return (
    <Box>
      <Typography variant="h4" component="h3" sx={{ mb: 1.5 }}>
        {t('paintings.book.myBids')}
      </Typography>
      {cancel.isError && (
        <Alert severity="error" variant="outlined" sx={{ mb: 2 }}>
          {localized(errorText(cancel.error), language)}
        </Alert>
      )}
      <Table size="small" data-testid="my-bids">
        <TableHead>
          <TableRow>
            <PricePartsHeads />
            <HeadCell>{t('paintings.book.expires')}</HeadCell>
            <ActionsHead />
          </TableRow>
        </TableHead>
        <TableBody>
          {open.map((bid) => (
            <TableRow key={bid.reference} data-testid="my-bid" data-reference={bid.reference}>
              <PriceCell minor={bid.price_per_part_minor} />
              <PartsCell quantity={bid.remaining} />
              <TableCell>{formatDate(bid.expires_at, language)}</TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  onClick={() => cancel.mutate(bid.reference)}
                  disabled={cancel.isPending}
                  data-testid="my-bid-cancel"
                >
                  {t('paintings.book.cancel')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * A secondary-market work's order book (issue 17): asks and bids by price level, the last trades, and the work's part
 * price as a reference that binds nobody. Signed-in members place asks and bids here.
 */
export function OrderBook({ painting }: { painting: TPaintingDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useSession();
  const book = useOrderBook(painting.id);
  const data = book.data;
  return (
    <BookRate.Provider value={data?.eur_usd_rate ?? null}>
      <Box
        component="section"
        aria-labelledby="order-book-title"
        data-testid="order-book"
        sx={{ display: 'grid', gap: 4 }}
      >
        <Box>
          <Typography id="order-book-title" variant="h3" component="h2">
            {t('paintings.book.title')}
          </Typography>
          {data && (
            <Typography variant="body2" sx={{ color: palette.muted, mt: 1.5 }} data-testid="order-book-reference">
              {t('paintings.book.referenceLabel')}{' '}
              <BookAmount minor={data.reference_price_minor} rate={data.eur_usd_rate} />
              {t('paintings.book.referenceNote')}
            </Typography>
          )}
          {data?.mode === 'bulletin_board' && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('paintings.book.bulletinBoard')}
            </Typography>
          )}
        </Box>
        {book.isError && (
          <Alert severity="error" variant="outlined">
            {localized(errorText(book.error), language)}
          </Alert>
        )}
        {data && (
          <>
            {data.mode === 'bulletin_board' ? (
              <BulletinBoard book={data} signedIn={session.signedIn} />
            ) : (
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 4 }}>
                <LevelsTable side="ask" book={data} caption={t('paintings.book.asks')} />
                <LevelsTable side="bid" book={data} caption={t('paintings.book.bids')} />
              </Box>
            )}
            <Box>
              <Typography variant="h4" component="h3" sx={{ mb: 1.5 }}>
                {t('paintings.book.lastTrades')}
              </Typography>
              {data.last_trades.length === 0 ? (
                <Typography variant="body2" sx={{ color: palette.muted }}>
                  {t('paintings.book.noTrades')}
                </Typography>
              ) : (
                <Table size="small" data-testid="order-book-trades">
                  <TableHead>
                    <TableRow>
                      <HeadCell>{t('paintings.book.date')}</HeadCell>
                      <PricePartsHeads />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.last_trades.map((trade) => (
                      <TableRow key={trade.reference}>
                        <TableCell>{formatDate(trade.t, language)}</TableCell>
                        <PriceCell minor={trade.price_per_part_minor} />
                        <PartsCell quantity={trade.quantity} />
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Box>
            {session.signedIn && <MyBids paintingId={painting.id} />}
            {session.signedIn && data.market === MARKET.secondary && (
              <Suspense fallback={null}>
                <OrderForm painting={painting} book={data} />
              </Suspense>
            )}
            {!session.signedIn && data.market === MARKET.secondary && data.mode !== 'bulletin_board' && (
              // The bulletin board says it in its own words; in matching mode a visitor would not know where to bid.
              <Typography variant="body2" sx={{ color: palette.muted }} data-testid="order-book-sign-in">
                {t('paintings.book.signIn')}
              </Typography>
            )}
          </>
        )}
      </Box>
    </BookRate.Provider>
  );
}
