/**
 * The islands every visitor may wake on any public page (issue 33, decision 495): the footer's newsletter sign-up and
 * its contact form; and the header's account island, a member's bell and menu (decision 506), in a module of its own
 * loaded from here. A module of its own, loaded by the document runtime on a visitor's first action on either: it
 * carries no MUI, no emotion and no theme (the components are plain elements styled by CSS Modules, decision 494),
 * no query client and no router; only React, the page's texts (i18next) and the toasts drawn without MUI. The
 * member's other islands (buy, order book, watch, key information) stay in islands.tsx under the app's providers.
 * budget.e2e.ts fails if this module's chunks ever import @mui or @emotion.
 */
import { type ReactNode, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { opensElsewhere } from '../features/contact/contact-link';
import { PlainToastProvider } from '../features/feedback/plain-toast';
import { initI18n } from '../features/i18n/i18n';
import { mountOnce, ready } from './island-mount';
import type { PublicIslandName } from './island-names';

const i18n = initI18n();

function PublicIslandProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <PlainToastProvider>{children}</PlainToastProvider>
    </I18nextProvider>
  );
}

/**
 * The footer's contact form, opened in place by the page's own link to /contact (which stays where it is, and still
 * leads there for a new tab or window).
 */
function ContactIsland({
  ContactDialog,
  opener,
  openAtOnce,
}: {
  ContactDialog: typeof import('../features/contact/ContactDialog').ContactDialog;
  opener: HTMLElement;
  openAtOnce: boolean;
}) {
  const [open, setOpen] = useState(openAtOnce);
  useLayoutEffect(() => {
    const show = (event: MouseEvent) => {
      if (opensElsewhere(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    opener.addEventListener('click', show);
    return () => opener.removeEventListener('click', show);
  }, [opener]);
  return <ContactDialog open={open} onClose={() => setOpen(false)} />;
}

/**
 * Mounts the island `name` on `element` once. `trigger` is the action the runtime held back until now ("click" on the
 * contact link, "submit" of the sign-up), replayed here; "wake" is a focus or a press that only prepares it.
 */
export function mountPublicIsland(name: PublicIslandName, element: HTMLElement, trigger: string): Promise<void> {
  return mountOnce(element, trigger, () => {
    if (name === 'account')
      return import('./account-island').then((island) =>
        island.mountAccount(element, (member) => <PublicIslandProviders>{member}</PublicIslandProviders>),
      );
    return name === 'contact' ? mountContact(element, trigger) : mountSignup(element, trigger);
  });
}

async function mountContact(element: HTMLElement, trigger: string) {
  // The form, its schema (zod, the phone numbers' rules) and its dialog: loaded by the contact island only.
  const { ContactDialog } = await import('../features/contact/ContactDialog');
  const container = document.createElement('div');
  (element.closest('footer') ?? document.body).append(container);
  flushSync(() =>
    createRoot(container).render(
      <PublicIslandProviders>
        <ContactIsland ContactDialog={ContactDialog} opener={element} openAtOnce={trigger === 'click'} />
      </PublicIslandProviders>,
    ),
  );
  ready(element);
}

async function mountSignup(element: HTMLElement, trigger: string) {
  const { NewsletterForm } = await import('../features/newsletter/NewsletterForm');
  // The sign-up is drawn again by React in place of the server's markup, keeping what was typed and the focus.
  const email = () => element.querySelector<HTMLInputElement>('input[name="email"]');
  const typed = email()?.value ?? '';
  const focused = document.activeElement instanceof HTMLElement && element.contains(document.activeElement);
  const focusedInput = focused && document.activeElement?.tagName === 'INPUT';
  const { pathname, search } = window.location;
  flushSync(() =>
    createRoot(element).render(
      <PublicIslandProviders>
        <NewsletterForm back={`${pathname}${search}`} initialEmail={typed} />
      </PublicIslandProviders>,
    ),
  );
  ready(element);
  if (focused) (focusedInput ? email() : element.querySelector<HTMLElement>('button[type="submit"]'))?.focus();
  if (trigger === 'submit') element.querySelector('form')?.requestSubmit();
}
