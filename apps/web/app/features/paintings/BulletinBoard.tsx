import type { TOpenOrder, TOrderBook } from '@parcelle/shared/contracts/orderbook';
import { formatDate } from '@parcelle/shared/dates';
import { partsLabel } from '@parcelle/shared/parts';
import { lazy, Suspense, useContext, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../feedback/PlainAlert';
import { PlainSmallButton } from '../forms/PlainSmallButton';
import { useLanguage } from '../i18n/language';
import { bookMoneyText, useBookMoney } from '../market-order/BookAmount';
import { ActionsHead, BookRate, cx, HeadCell, PartsCell, PriceCell, PricePartsHeads } from './book-cells';
import { useMyOpenAsks, useMyOpenBids } from './my-orders';
import styles from './order-book.module.css';

/** Fetched when a member chooses an order (a visitor's page loads no dialog and no text field). */
const AcceptDialog = lazy(() => import('./AcceptDialog').then((module) => ({ default: module.AcceptDialog })));

type Side = 'ask' | 'bid';

export type Chosen = { side: Side; order: TOpenOrder };

/**
 * The references of the signed-in member's own open asks and bids on this work: the public book does not say whose
 * an order is, and a member cannot accept their own (the API refuses it). Up to one page of each, far more than
 * anyone keeps open on one work (my-orders.ts); beyond it the server's refusal still explains.
 */
function useOwnOrders(paintingId: string, signedIn: boolean): Set<string> {
  const bids = useMyOpenBids(paintingId, signedIn);
  const asks = useMyOpenAsks(paintingId, signedIn);
  return new Set([
    ...(bids.data?.bids ?? []).map((bid) => bid.reference),
    ...(asks.data?.listings ?? []).map((listing) => listing.reference),
  ]);
}

/**
 * Bulletin-board mode (EU 2020/1503 art. 25; decision "bulletin board"): orders do not meet by themselves, so each
 * open ask and bid is listed on its own and a signed-in member accepts one, for all or part of its parts, at its
 * price. Buying is paid from the member's wallet, selling paid into it (exchanged at the day's rate when the wallet is
 * in dollars: the book is in euros).
 */
export function BulletinBoard({ book, signedIn }: { book: TOrderBook; signedIn: boolean }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const own = useOwnOrders(book.painting_id, signedIn);
  return (
    <div data-testid="bulletin-board" className={styles.board}>
      <p className={styles.note}>{t(signedIn ? 'paintings.board.intro' : 'paintings.board.signIn')}</p>
      {done && (
        <PlainAlert severity="success" role="status" testId="board-done">
          {done}
        </PlainAlert>
      )}
      <div className={styles.boardTables}>
        <OrdersTable side="ask" orders={book.open_asks} signedIn={signedIn} own={own} onChoose={setChosen} />
        <OrdersTable side="bid" orders={book.open_bids} signedIn={signedIn} own={own} onChoose={setChosen} />
      </div>
      {chosen && (
        <Suspense fallback={null}>
          <AcceptDialog
            chosen={chosen}
            onClose={() => setChosen(null)}
            onDone={(message) => {
              setChosen(null);
              setDone(message);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function OrdersTable({
  side,
  orders,
  signedIn,
  own,
  onChoose,
}: {
  side: Side;
  orders: TOpenOrder[];
  signedIn: boolean;
  /** The member's own orders: marked as theirs, without the accept action. */
  own: Set<string>;
  onChoose: (chosen: Chosen) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const captionId = useId();
  // Issue 31: the accept button's name says the price as its cell shows it (display currency, the book's euros).
  const money = useBookMoney(useContext(BookRate));
  const inBook = (amount: string) => t('marketOrder.inBook', { amount });
  return (
    <div>
      <h3 id={captionId} className={styles.subtitle}>
        {t(side === 'ask' ? 'paintings.book.asks' : 'paintings.book.bids')}
      </h3>
      {orders.length === 0 ? (
        <p className={styles.note}>{t(side === 'ask' ? 'paintings.book.noAsks' : 'paintings.book.noBids')}</p>
      ) : (
        <table className={styles.table} aria-labelledby={captionId} data-testid={`board-${side}s`}>
          <thead>
            <tr>
              <PricePartsHeads />
              <HeadCell className={styles.placed}>{t('paintings.board.placed')}</HeadCell>
              {signedIn && <ActionsHead />}
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => {
              const price = bookMoneyText(money(order.price_per_part_minor), inBook);
              const parts = partsLabel(order.quantity, language);
              return (
                <tr key={order.reference} data-testid={`board-${side}`} data-reference={order.reference}>
                  <PriceCell minor={order.price_per_part_minor} compact />
                  <PartsCell quantity={order.quantity} compact />
                  <td className={styles.placed}>{formatDate(order.placed_at, language)}</td>
                  {signedIn && own.has(order.reference) && (
                    <td className={cx(styles.right, styles.muted)} data-testid={`board-${side}-own`}>
                      {t('paintings.board.yours')}
                    </td>
                  )}
                  {signedIn && !own.has(order.reference) && (
                    <td className={styles.right}>
                      <PlainSmallButton
                        type="button"
                        variant="outlined"
                        onClick={() => onChoose({ side, order })}
                        aria-label={t(side === 'ask' ? 'paintings.board.buyLabel' : 'paintings.board.sellLabel', {
                          parts,
                          price,
                        })}
                        data-testid={`board-${side}-accept`}
                      >
                        {t(side === 'ask' ? 'paintings.board.buy' : 'paintings.board.sell')}
                      </PlainSmallButton>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
