/**
 * The header's account island (decisions 433, 506): a verified member's bell and menu, mounted by the runtime on a
 * document when localStorage holds a session. A module of its own, loaded from public-islands.tsx for this island only
 * (the newsletter sign-up and the contact form carry none of it), with no MUI: the components are plain elements
 * styled by CSS Modules, under the session's query client; with no client router either, its links are ordinary links and
 * the sign-out's way to /login a page load (decision 519).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { AccountMenu } from '../features/layout/AccountMenu';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { queryClient } from '../features/session/query-client';
import { useSession } from '../features/session/use-session';
import { ready } from './island-mount';

function MemberHeader() {
  const session = useSession();
  if (!session.verified) return null;
  return (
    <>
      <NotificationBell />
      <AccountMenu firstName={session.user?.first_name ?? ''} user={session.user} />
    </>
  );
}

/**
 * Draws the bell and the menu in the header's slot (`element`) under public-islands.tsx's providers (`provide`: the
 * page's texts, the toasts drawn without MUI); the runtime shows the slot once they are there.
 */
export function mountAccount(element: HTMLElement, provide: (member: ReactNode) => ReactNode): void {
  flushSync(() =>
    createRoot(element).render(
      provide(
        <QueryClientProvider client={queryClient}>
          <MemberHeader />
        </QueryClientProvider>,
      ),
    ),
  );
  ready(element);
}
