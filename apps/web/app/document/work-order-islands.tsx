/**
 * A work's order islands for a member (decision 557): the order book with its form and accept dialog, woken on load
 * for a stored session, and the secondary market's "Buy now", woken by the member's action. A chunk of its own,
 * loaded by plain-member-islands.tsx when a page has one: the watch toggle and the key information confirmation do
 * not load it.
 */
import { buyPath, MEMBER_MARKET_PATH } from '@parcelle/shared/buy-now';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { paintingDetailQuery } from '../features/catalogue/api';
import { orderBookQuery } from '../features/market-order/book';
import { getCurrency, useCurrency } from '../features/preferences/currency';
import { queryClient } from '../features/session/query-client';
import { PlainMemberProviders } from './plain-member-islands';

const SecondaryOfferDialog = lazy(() =>
  import('../features/paintings/SecondaryOfferDialog').then((module) => ({ default: module.SecondaryOfferDialog })),
);

/**
 * A member's "Buy now" on the secondary market: the dialog of the member's offer (spec §4), opened by the page's form
 * (its submit, by the page's button or the pinned bar's), which stays where it is.
 */
function BuyIsland({
  form,
  paintingId,
  openAtOnce,
}: {
  form: HTMLFormElement;
  paintingId: string;
  openAtOnce: boolean;
}) {
  const currency = useCurrency();
  const detail = useQuery(paintingDetailQuery(paintingId, currency));
  const [open, setOpen] = useState(openAtOnce);
  useLayoutEffect(() => {
    const show = (event: Event) => {
      event.preventDefault();
      setOpen(true);
    };
    form.addEventListener('submit', show);
    return () => form.removeEventListener('submit', show);
  }, [form]);
  if (!detail.data) return null;
  return (
    <Suspense fallback={null}>
      <SecondaryOfferDialog
        open={open}
        onClose={() => setOpen(false)}
        painting={detail.data.paintings}
        baseUrl={detail.data.base_url}
        currency={currency}
        buyTo={buyPath(paintingId, currency, 'secondary')}
        marketTo={MEMBER_MARKET_PATH}
      />
    </Suspense>
  );
}

/**
 * A work's order book for a member (their open bids, the order form, the board's accept buttons): read before it is
 * drawn, so that React draws it again in place of the server's guest view without a blank in between.
 */
export async function mountOrderBook(element: HTMLElement) {
  const paintingId = element.dataset.paintingId ?? '';
  const [{ OrderBook }, detail] = await Promise.all([
    import('../features/paintings/OrderBook'),
    queryClient.fetchQuery(paintingDetailQuery(paintingId, getCurrency())),
    queryClient.fetchQuery(orderBookQuery(paintingId)),
  ]);
  flushSync(() =>
    createRoot(element).render(
      <PlainMemberProviders>
        <OrderBook painting={detail.paintings} />
      </PlainMemberProviders>,
    ),
  );
}

/** Mounts a member's "Buy now" on its form: the dialog opens on the form's submit, at once when that woke it. */
export function mountBuy(form: HTMLFormElement, openAtOnce: boolean): void {
  const container = document.createElement('div');
  document.body.append(container);
  flushSync(() =>
    createRoot(container).render(
      <PlainMemberProviders>
        <BuyIsland form={form} paintingId={form.dataset.paintingId ?? ''} openAtOnce={openAtOnce} />
      </PlainMemberProviders>,
    ),
  );
}
