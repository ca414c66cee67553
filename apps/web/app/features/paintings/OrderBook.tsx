import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import type { TOrderBook } from '@parcelle/shared/contracts/orderbook';
import { formatDate } from '@parcelle/shared/dates';
import { MARKET } from '@parcelle/shared/market';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PAINTINGS_KEY } from '../catalogue/api';
import { PlainAlert } from '../feedback/PlainAlert';
import { PlainSmallButton } from '../forms/PlainSmallButton';
import { localized, useLanguage } from '../i18n/language';
import { BookAmount } from '../market-order/BookAmount';
import { useOrderBook } from '../market-order/book';
import { apiRequest } from '../session/api';
import { errorText } from '../session/api-error';
import { useSession } from '../session/use-session';
import { BulletinBoard } from './BulletinBoard';
import { ActionsHead, BookRate, HeadCell, PartsCell, PriceCell, PricePartsHeads } from './book-cells';
import { useMyOpenBids } from './my-orders';
import styles from './order-book.module.css';

/** Members only: fetched when a signed-in member's page shows it (a visitor's page loads no form). */
const OrderForm = lazy(() => import('./OrderForm').then((module) => ({ default: module.OrderForm })));

type Side = 'ask' | 'bid';

function LevelsTable({ side, book, caption }: { side: Side; book: TOrderBook; caption: string }) {
  const { t } = useTranslation();
  const levels = side === 'ask' ? book.asks : book.bids;
  return (
    <div>
      <h3 className={styles.subtitle}>{caption}</h3>
      {levels.length === 0 ? (
        <p className={styles.note} data-testid={`order-book-${side}s-empty`}>
          {t(side === 'ask' ? 'paintings.book.noAsks' : 'paintings.book.noBids')}
        </p>
      ) : (
        <table className={styles.table} data-testid={`order-book-${side}s`}>
          <thead>
            <tr>
              <PricePartsHeads />
            </tr>
          </thead>
          <tbody>
            {levels.map((level) => (
              <tr key={level.price_per_part_minor}>
                <PriceCell minor={level.price_per_part_minor} />
                <PartsCell quantity={level.quantity} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
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
    <div>
      <h3 className={styles.subtitle}>{t('paintings.book.myBids')}</h3>
      {cancel.isError && (
        <PlainAlert severity="error" className={styles.alertAbove}>
          {localized(errorText(cancel.error), language)}
        </PlainAlert>
      )}
      <table className={styles.table} data-testid="my-bids">
        <thead>
          <tr>
            <PricePartsHeads />
            <HeadCell>{t('paintings.book.expires')}</HeadCell>
            <ActionsHead />
          </tr>
        </thead>
        <tbody>
          {open.map((bid) => (
            <tr key={bid.reference} data-testid="my-bid" data-reference={bid.reference}>
              <PriceCell minor={bid.price_per_part_minor} />
              <PartsCell quantity={bid.remaining} />
              <td>{formatDate(bid.expires_at, language)}</td>
              <td className={styles.right}>
                <PlainSmallButton
                  type="button"
                  variant="text"
                  onClick={() => cancel.mutate(bid.reference)}
                  disabled={cancel.isPending}
                  data-testid="my-bid-cancel"
                >
                  {t('paintings.book.cancel')}
                </PlainSmallButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
      <section aria-labelledby="order-book-title" data-testid="order-book" className={styles.book}>
        <div>
          <h2 id="order-book-title" className={styles.title}>
            {t('paintings.book.title')}
          </h2>
          {data && (
            <p className={styles.reference} data-testid="order-book-reference">
              {t('paintings.book.referenceLabel')}{' '}
              <BookAmount minor={data.reference_price_minor} rate={data.eur_usd_rate} />
              {t('paintings.book.referenceNote')}
            </p>
          )}
          {data?.mode === 'bulletin_board' && <p className={styles.mode}>{t('paintings.book.bulletinBoard')}</p>}
        </div>
        {book.isError && <PlainAlert severity="error">{localized(errorText(book.error), language)}</PlainAlert>}
        {data && (
          <>
            {data.mode === 'bulletin_board' ? (
              <BulletinBoard book={data} signedIn={session.signedIn} />
            ) : (
              <div className={styles.sides}>
                <LevelsTable side="ask" book={data} caption={t('paintings.book.asks')} />
                <LevelsTable side="bid" book={data} caption={t('paintings.book.bids')} />
              </div>
            )}
            <div>
              <h3 className={styles.subtitle}>{t('paintings.book.lastTrades')}</h3>
              {data.last_trades.length === 0 ? (
                <p className={styles.note}>{t('paintings.book.noTrades')}</p>
              ) : (
                <table className={styles.table} data-testid="order-book-trades">
                  <thead>
                    <tr>
                      <HeadCell>{t('paintings.book.date')}</HeadCell>
                      <PricePartsHeads />
                    </tr>
                  </thead>
                  <tbody>
                    {data.last_trades.map((trade) => (
                      <tr key={trade.reference}>
                        <td>{formatDate(trade.t, language)}</td>
                        <PriceCell minor={trade.price_per_part_minor} />
                        <PartsCell quantity={trade.quantity} />
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
            {session.signedIn && <MyBids paintingId={painting.id} />}
            {session.signedIn && data.market === MARKET.secondary && (
              <Suspense fallback={null}>
                <OrderForm painting={painting} book={data} />
              </Suspense>
            )}
            {!session.signedIn && data.market === MARKET.secondary && data.mode !== 'bulletin_board' && (
              // The bulletin board says it in its own words; in matching mode a visitor would not know where to bid.
              <p className={styles.note} data-testid="order-book-sign-in">
                {t('paintings.book.signIn')}
              </p>
            )}
          </>
        )}
      </section>
    </BookRate.Provider>
  );
}
