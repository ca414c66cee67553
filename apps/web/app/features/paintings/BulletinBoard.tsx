import { Alert, Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { TOpenOrder, TOrderBook } from '@parcelle/shared/contracts/orderbook';
import { formatDate } from '@parcelle/shared/dates';
import { partsLabel } from '@parcelle/shared/parts';
import { lazy, Suspense, useContext, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/language';
import { bookMoneyText, useBookMoney } from '../market-order/BookAmount';
import { palette } from '../theme/theme';
import { ActionsHead, BookRate, HeadCell, PartsCell, PriceCell, PricePartsHeads } from './book-cells';
import { useMyOpenAsks, useMyOpenBids } from './my-orders';

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

/** When an order was placed: left out on a phone, where price, parts and the action need the width. */
const PLACED = { display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' } as const;

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
    <Box data-testid="bulletin-board" sx={{ display: 'grid', gap: 4 }}>
      <Typography variant="body2" sx={{ color: palette.muted }}>
        {t(signedIn ? 'paintings.board.intro' : 'paintings.board.signIn')}
      </Typography>
      {done && (
        <Alert severity="success" variant="outlined" role="status" data-testid="board-done">
          {done}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 4 }}>
        <OrdersTable side="ask" orders={book.open_asks} signedIn={signedIn} own={own} onChoose={setChosen} />
        <OrdersTable side="bid" orders={book.open_bids} signedIn={signedIn} own={own} onChoose={setChosen} />
      </Box>
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
    </Box>
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
    <Box>
      <Typography id={captionId} variant="h4" component="h3" sx={{ mb: 1.5 }}>
        {t(side === 'ask' ? 'paintings.book.asks' : 'paintings.book.bids')}
      </Typography>
      {orders.length === 0 ? (
        <Typography variant="body2" sx={{ color: palette.muted }}>
          {t(side === 'ask' ? 'paintings.book.noAsks' : 'paintings.book.noBids')}
        </Typography>
      ) : (
        <Table size="small" aria-labelledby={captionId} data-testid={`board-${side}s`}>
          <TableHead>
            <TableRow>
              <PricePartsHeads />
              <HeadCell sx={PLACED}>{t('paintings.board.placed')}</HeadCell>
              {signedIn && <ActionsHead />}
            </TableRow>
          </TableHead>
          <TableBody>
            {orders.map((order) => {
              const price = bookMoneyText(money(order.price_per_part_minor), inBook);
              const parts = partsLabel(order.quantity, language);
              return (
                <TableRow key={order.reference} data-testid={`board-${side}`} data-reference={order.reference}>
                  <PriceCell minor={order.price_per_part_minor} compact />
                  <PartsCell quantity={order.quantity} compact />
                  <TableCell sx={PLACED}>{formatDate(order.placed_at, language)}</TableCell>
                  {signedIn && own.has(order.reference) && (
                    <TableCell align="right" sx={{ color: palette.muted }} data-testid={`board-${side}-own`}>
                      {t('paintings.board.yours')}
                    </TableCell>
                  )}
                  {signedIn && !own.has(order.reference) && (
                    <TableCell align="right">
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => onChoose({ side, order })}
                        aria-label={t(side === 'ask' ? 'paintings.board.buyLabel' : 'paintings.board.sellLabel', {
                          parts,
                          price,
                        })}
                        data-testid={`board-${side}-accept`}
                      >
                        {t(side === 'ask' ? 'paintings.board.buy' : 'paintings.board.sell')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
