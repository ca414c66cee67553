// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { altchaChallengeData, isSolvedCaptcha } from '../captcha/testing';
import { failed, ok, stubApi } from '../content/testing';
import { i18n } from '../i18n/i18n';
import { Footer } from './Footer';

// The contact dialogs load when first opened and the newsletter's schema on the first submit (issue 14): loaded here
// first, so that each test waits on behaviour, not on the first transform of those modules.
beforeAll(async () => {
  await Promise.all([
    import('../contact/ContactDialog'),
    import('../contact/InfoDialogs'),
    import('@parcelle/shared/contracts/catalogue'),
  ]);
}, 120_000);

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const footerData = {
  base_url: 'http://localhost:3000/media/',
  weexDocs: {
    structure: 'http://localhost:3000/media/documents/weex/structure.pdf',
    controle: 'http://localhost:3000/media/documents/weex/controle.pdf',
    security: 'http://localhost:3000/media/documents/weex/security.pdf',
    coverage: 'http://localhost:3000/media/documents/weex/coverage.pdf',
    coverage_en: 'http://localhost:3000/media/documents/weex/coverage-en.pdf',
  },
  siteSettings: {
    social_media_links: {
      youtube: 'https://www.youtube.com/@parcelle-art',
      linkedin: 'https://www.linkedin.com/company/parcelle-art',
      instagram: 'https://www.instagram.com/parcelle.art',
      facebook: 'https://www.facebook.com/parcelle.art',
      twitter: '',
    },
    registration_number: 'AMF E2026-0417',
  },
};

describe('footer (spec §2)', () => {
  it('shows the social links, registration number and exchange documents from the footer call', async () => {
    stubApi({ '/api/content/footer': ok(footerData) });
    renderScreen(<Footer />);
    expect((await screen.findByTestId('footer-registration')).textContent).toContain('AMF E2026-0417');
    const youtube = screen.getByTestId('footer-social-youtube');
    expect(youtube.getAttribute('href')).toBe('https://www.youtube.com/@parcelle-art');
    expect(youtube.getAttribute('target')).toBe('_blank');
    expect(youtube.getAttribute('rel')).toContain('noopener');
    expect(youtube.getAttribute('aria-label')).toBe('Parcelle on YouTube (opens in a new window)');
    for (const network of ['linkedin', 'instagram', 'facebook']) {
      expect(screen.getByTestId(`footer-social-${network}`)).toBeTruthy();
    }
    // A network without a link is left out.
    expect(screen.queryByTestId('footer-social-twitter')).toBeNull();
    expect(screen.getByTestId('footer-doc-structure').getAttribute('href')).toBe(footerData.weexDocs.structure);
    expect(screen.getByTestId('footer-doc-control').getAttribute('href')).toBe(footerData.weexDocs.controle);
    expect(screen.getByTestId('footer-doc-security').getAttribute('href')).toBe(footerData.weexDocs.security);
    expect(screen.getByTestId('footer-doc-coverage').getAttribute('href')).toBe(footerData.weexDocs.coverage_en);
  });

  it('links the French coverage document in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    stubApi({ '/api/content/footer': ok(footerData) });
    renderScreen(<Footer />);
    expect((await screen.findByTestId('footer-doc-coverage')).getAttribute('href')).toBe(footerData.weexDocs.coverage);
    expect(screen.getByTestId('footer-registration').textContent).toContain('n° d’enregistrement');
  });

  it('still renders its links, newsletter and contact buttons when the footer call fails (only logged)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ '/api/content/footer': failed(500, { en: 'Internal server error', fr: 'Erreur interne du serveur' }) });
    renderScreen(<Footer />);
    // The footer call is retried once before it fails.
    await waitFor(() => expect(log).toHaveBeenCalled(), { timeout: 10_000 });
    const footer = screen.getByTestId('footer');
    expect(within(footer).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
    // Issue 17: the risk disclosure is its own page, no longer the legal notice.
    expect(within(footer).getByRole('link', { name: 'Risk disclosure' }).getAttribute('href')).toBe('/risks');
    expect(within(footer).getByRole('link', { name: 'Legal notice' }).getAttribute('href')).toBe('/devigulation');
    expect(screen.getByTestId('newsletter-email')).toBeTruthy();
    expect(screen.getByTestId('footer-contact')).toBeTruthy();
    expect(screen.queryByTestId('footer-registration')).toBeNull();
    expect(screen.queryByTestId('footer-social-youtube')).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('opens the contact form in place of its page, and names the dialogs its three other buttons open with no script', async () => {
    stubApi({ '/api/content/footer': ok(footerData) });
    renderScreen(<Footer />);
    // A link to the form's own page (decision 476), which a plain click opens as a dialog with a script.
    const link = screen.getByTestId('footer-contact');
    expect(link.getAttribute('href')).toBe('/contact');
    expect(link.getAttribute('aria-haspopup')).toBe('dialog');
    expect(fireEvent.click(link)).toBe(false);
    const contact = await screen.findByTestId('contact-dialog');
    await waitFor(() => expect(contact.hasAttribute('open')).toBe(true));
    expect(within(contact).getByRole('heading', { level: 2 })).toBeTruthy();
    // What the close button's command does in a browser: the page's state follows the dialog.
    (contact as HTMLDialogElement).close();
    await waitFor(() => expect(contact.hasAttribute('open')).toBe(false));
    // Closed by the browser with its `close` event still queued (Escape, then Enter at once on the link): the state
    // follows the element itself, so the next press opens the form again.
    fireEvent.click(link);
    await waitFor(() => expect(contact.hasAttribute('open')).toBe(true));
    contact.removeAttribute('open');
    await Promise.resolve();
    fireEvent.click(link);
    await waitFor(() => expect(contact.hasAttribute('open')).toBe(true));
    (contact as HTMLDialogElement).close();
    // Issue 33: the browser opens these by the button's invoker command (driven in e2e/public-site.e2e.ts).
    for (const [button, dialog] of [
      ['footer-address', 'address-dialog'],
      ['footer-join', 'join-dialog'],
      ['footer-work', 'work-dialog'],
    ] as const) {
      const opener = screen.getByTestId(button);
      expect(opener.getAttribute('command'), button).toBe('show-modal');
      const target = document.getElementById(opener.getAttribute('commandfor') ?? '');
      expect(target?.tagName, button).toBe('DIALOG');
      expect(target?.getAttribute('data-testid'), button).toBe(dialog);
      expect(target?.getAttribute('closedby'), button).toBe('any');
      const close = screen.getByTestId(`${dialog}-close`);
      expect([close.getAttribute('command'), close.getAttribute('commandfor')], button).toEqual(['close', target?.id]);
      expect(within(target as HTMLElement).getByRole('heading', { level: 2, hidden: true })).toBeTruthy();
    }
  });

  it('subscribes to the newsletter in the current language and toasts the server message', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const fetch = stubApi({
      '/api/content/footer': ok(footerData),
      '/api/captcha/challenge': ok(await altchaChallengeData()),
      '/api/newsletter/subscribe': ok(null, {
        en: 'Please check your email to confirm your subscription.',
        fr: 'Veuillez consulter votre messagerie pour confirmer votre inscription.',
      }),
    });
    renderScreen(<Footer />);
    fireEvent.click(screen.getByTestId('newsletter-submit'));
    expect((await screen.findByTestId('newsletter-email-error')).textContent).toBe('*Champ obligatoire');
    fireEvent.change(screen.getByTestId('newsletter-email'), { target: { value: 'reader@example.com' } });
    fireEvent.click(screen.getByTestId('newsletter-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'Veuillez consulter votre messagerie pour confirmer votre inscription.',
    );
    const call = fetch.mock.calls.find(([url]) => String(url) === '/api/newsletter/subscribe');
    const { captcha, ...subscription } = JSON.parse(String(call?.[1]?.body));
    expect(subscription).toEqual({ email: 'reader@example.com', lang: 'fr' });
    expect(await isSolvedCaptcha(captcha)).toBe(true);
  });
});
