/**
 * The member's React parts of a document page (issue 33, decision 433), loaded by the document runtime when the
 * browser holds a session (a work's order book) or a
 * member acts ("Buy now" on the secondary market). Each island is the app's own component under the app's providers
 * (theme, texts in the page's language, queries, toasts) and a router whose navigations are page loads: a document
 * has no client router, so a link followed from an island loads the next page as any link. A work's islands
 * (decisions 453–455) are modules of their own, loaded with the island that needs them. The islands any visitor
 * wakes, the newsletter sign-up and the contact form, are public-islands.tsx's, without MUI (decision 495), and so is
 * the header's account menu and bell (decision 506), and a work's watch toggle and key information
 * acknowledgement are plain-member-islands.tsx's (decisions 537, 538).
 */
import { ThemeProvider } from '@mui/material';
import { buyPath, MEMBER_MARKET_PATH } from '@parcelle/shared/buy-now';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'react-router';
import { paintingDetailQuery } from '../features/catalogue/api';
import { ToastProvider } from '../features/feedback/toast';
import { initI18n } from '../features/i18n/i18n';
import { orderBookQuery } from '../features/market-order/book';
import { getCurrency, useCurrency } from '../features/preferences/currency';
import { queryClient } from '../features/session/query-client';
import { theme } from '../features/theme/theme';
import { isMounted, markMounted, ready, replay } from './island-mount';
import type { MemberIslandName } from './island-names';
import { pageLoads } from './page-loads';

const i18n = initI18n();

function IslandProviders({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = window.location;
  return (
    <Router location={{ pathname, search, hash }} navigator={pageLoads}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>{children}</ToastProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </I18nextProvider>
    </Router>
  );
}

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
      <IslandProviders>
        <OrderBook painting={detail.paintings} />
      </IslandProviders>,
    ),
  );
}

/**
 * Mounts the island `name` on `element` once. `trigger` is the action the runtime held back until now ("submit" of a
 * member's "Buy now"), replayed here; "wake" is a load or a press that only prepares it.
 */
export function mountIsland(name: MemberIslandName, element: HTMLElement, trigger: string): void {
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
  if (name === 'buy' && element instanceof HTMLFormElement) {
    const container = document.createElement('div');
    document.body.append(container);
    flushSync(() =>
      createRoot(container).render(
        <IslandProviders>
          <BuyIsland form={element} paintingId={element.dataset.paintingId ?? ''} openAtOnce={trigger === 'submit'} />
        </IslandProviders>,
      ),
    );
    ready(element);
    return;
  }
}
