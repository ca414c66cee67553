/**
 * A work's member islands (issue 33, decisions 537, 538, 557): the watch toggle, the confirmation of a key
 * information document (decision 484), the order book with its form and accept dialog, and a member's "Buy now" on
 * the secondary market. A module of its own, as public-islands.tsx is, so that what it loads carries no MUI, no
 * emotion and no theme: React, the page's texts, the query client and the toasts drawn without MUI. No router either:
 * a link followed from an island (the identity or investor step, the offer's way to buy) is an ordinary link and
 * loads the next page (layout/navigation.tsx, decision 519). budget.e2e.ts fails if its chunks ever import @mui,
 * @emotion or React Router.
 */
import { buyPath, MEMBER_MARKET_PATH } from '@parcelle/shared/buy-now';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { paintingDetailQuery } from '../features/catalogue/api';
import { PlainToastProvider } from '../features/feedback/plain-toast';
import { initI18n } from '../features/i18n/i18n';
import { orderBookQuery } from '../features/market-order/book';
import { getCurrency, useCurrency } from '../features/preferences/currency';
import { queryClient } from '../features/session/query-client';
import { isMounted, markMounted, ready, replay } from './island-mount';
import type { PlainMemberIslandName } from './island-names';

const i18n = initI18n();

function PlainMemberProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <PlainToastProvider>{children}</PlainToastProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

const KeyInformationAcknowledgement = lazy(() =>
  import('../features/key-information/KeyInformationAcknowledgement').then((module) => ({
    default: module.KeyInformationAcknowledgement,
  })),
);
const WatchToggle = lazy(() =>
  import('../features/notifications/WatchToggle').then((module) => ({ default: module.WatchToggle })),
);
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
async function mountOrderBook(element: HTMLElement) {
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

/**
 * Mounts the island `name` on `element` once. `trigger` is the action the runtime held back until now ("submit" of a
 * member's "Buy now"), replayed here; "wake" is a load or a press that only prepares it. The watch toggle, the key
 * information confirmation and the order book wake on load, for a stored session.
 */
export function mountPlainMemberIsland(name: PlainMemberIslandName, element: HTMLElement, trigger: string): void {
  if (isMounted(element)) {
    replay(element, trigger);
    return;
  }
  if (name === 'order-book') {
    markMounted(element);
    // Ready once drawn; a failed read leaves the guest's book as the server drew it (a reload tries again).
    void mountOrderBook(element).then(
      () => ready(element),
      () => undefined,
    );
    return;
  }
  if (name === 'buy') {
    if (!(element instanceof HTMLFormElement)) return;
    const container = document.createElement('div');
    document.body.append(container);
    flushSync(() =>
      createRoot(container).render(
        <PlainMemberProviders>
          <BuyIsland form={element} paintingId={element.dataset.paintingId ?? ''} openAtOnce={trigger === 'submit'} />
        </PlainMemberProviders>,
      ),
    );
    ready(element);
    return;
  }
  const paintingId = element.dataset.paintingId ?? '';
  createRoot(element).render(
    <PlainMemberProviders>
      <Suspense fallback={null}>
        {name === 'watch' ? (
          <WatchToggle paintingId={paintingId} />
        ) : (
          // The member confirms this version of the work's document here (decision 484), in the page's slot.
          <KeyInformationAcknowledgement paintingId={paintingId} spaced={false} />
        )}
      </Suspense>
    </PlainMemberProviders>,
  );
  ready(element);
  element.hidden = false;
}
