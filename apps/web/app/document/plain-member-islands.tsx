/**
 * A work's member islands (issue 33, decisions 537, 538, 557): the watch toggle, the confirmation of a key
 * information document (decision 484), and the order islands (the order book with its form and accept dialog, a
 * member's "Buy now" on the secondary market: work-order-islands.tsx, a chunk loaded when the page has them). A
 * module of its own, as public-islands.tsx is, so that what it loads carries no MUI, no emotion and no theme: React,
 * the page's texts, the query client and the toasts drawn without MUI. No router either: a link
 * followed from an island (the identity or investor step, the offer's way to buy) is an ordinary link and loads the
 * next page (layout/navigation.tsx, decision 519). budget.e2e.ts fails if its chunks ever import @mui, @emotion or
 * React Router.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { PlainToastProvider } from '../features/feedback/plain-toast';
import { initI18n } from '../features/i18n/i18n';
import { queryClient } from '../features/session/query-client';
import { isMounted, markMounted, mountOnce, ready, replay } from './island-mount';
import type { PlainMemberIslandName } from './island-names';

const i18n = initI18n();

/** The page's texts, the query client (one cache for all of them) and the toasts drawn without MUI. */
export function PlainMemberProviders({ children }: { children: ReactNode }) {
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
const loadOrderIslands = () => import('./work-order-islands');

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
    void loadOrderIslands()
      .then(({ mountOrderBook }) => mountOrderBook(element))
      .then(
        () => ready(element),
        () => undefined,
      );
    return;
  }
  if (name === 'buy') {
    if (!(element instanceof HTMLFormElement)) return;
    // Each action before it is ready (a focus, a press, the submit) comes here: mounted once, the submit replayed.
    void mountOnce(element, trigger, () =>
      loadOrderIslands().then(({ mountBuy }) => {
        mountBuy(element, trigger === 'submit');
        ready(element);
      }),
    );
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
