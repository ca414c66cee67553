/**
 * A work's member islands drawn without MUI (issue 33, decisions 537, 538): the watch toggle and the confirmation of a
 * key information document (decision 484). A module of its own, as
 * public-islands.tsx is, so that what it loads carries no MUI, no emotion and no theme: React, the page's texts, the
 * query client (the same one islands.tsx's islands read: one module) and the toasts drawn without MUI. No router
 * either: nothing here links. budget.e2e.ts fails if its chunks ever import @mui or @emotion.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { PlainToastProvider } from '../features/feedback/plain-toast';
import { initI18n } from '../features/i18n/i18n';
import { queryClient } from '../features/session/query-client';
import { isMounted, ready } from './island-mount';
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

/** Mounts the island `name` on `element` once, for a stored session (nothing is held back: it wakes on load). */
export function mountPlainMemberIsland(name: PlainMemberIslandName, element: HTMLElement): void {
  if (isMounted(element)) return;
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
