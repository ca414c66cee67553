// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n } from '../i18n/i18n';
import { ContentScreen } from './ContentScreen';
import { failed, ok, stubApi } from './testing';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const terms = {
  type: 'terms',
  title: { en: 'Terms of use', fr: 'Conditions générales d’utilisation' },
  body: {
    en: [
      { type: 'heading', text: 'Purpose' },
      { type: 'paragraph', text: 'These terms govern the use of Parcelle.' },
      { type: 'heading', text: 'Parts' },
      { type: 'heading', text: 'Liability' },
    ],
    fr: [
      { type: 'heading', text: 'Objet' },
      { type: 'paragraph', text: 'Les présentes conditions régissent Parcelle.' },
    ],
  },
  updated_at: '2026-03-05T10:00:00.000Z',
};

const faqs = {
  type: 'faqs',
  title: { en: 'Frequently asked questions', fr: 'Questions fréquentes' },
  body: { en: [{ type: 'qa', question: 'What is a part?', answer: 'One mm².' }], fr: [] },
  updated_at: '2026-03-05T10:00:00.000Z',
};

describe('content screen', () => {
  it('asks the API for its type and shows the title, blocks and last update of a legal page', async () => {
    const fetch = stubApi({ '/api/content/': ok(terms) });
    renderScreen(<ContentScreen type="terms" />, '/terms');
    expect(screen.getByTestId('content-screen').getAttribute('data-type')).toBe('terms');
    await waitFor(() => expect(screen.getByTestId('content-title').textContent).toBe('Terms of use'));
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/content/?type=terms');
    expect(screen.getAllByTestId('content-block')).toHaveLength(4);
    expect(screen.getByTestId('content-updated').textContent).toBe('Last updated 05 Mar 2026');
    expect(document.title).toBe('Terms of use · Parcelle');
    // Three headings or more: a table of contents.
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#purpose', '#parts', '#liability']);
  });

  it('follows the language: French title, body and date', async () => {
    await act(() => i18n.changeLanguage('fr'));
    stubApi({ '/api/content/': ok(terms) });
    renderScreen(<ContentScreen type="terms" />, '/terms');
    await waitFor(() =>
      expect(screen.getByTestId('content-title').textContent).toBe('Conditions générales d’utilisation'),
    );
    expect(screen.getAllByTestId('content-block')).toHaveLength(2);
    expect(screen.getByTestId('content-updated').textContent).toBe('Dernière mise à jour\u00a0: 05 mars 2026');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('conditions');
  });

  it('shows no update date on a page that is not a legal text, and the FAQ as an accordion', async () => {
    stubApi({ '/api/content/': ok(faqs) });
    renderScreen(<ContentScreen type="faqs" />, '/faqs');
    await screen.findByTestId('faq-item');
    expect(screen.queryByTestId('content-updated')).toBeNull();
  });

  it('shows a skeleton while loading, then the server error in the current language', async () => {
    await act(() => i18n.changeLanguage('fr'));
    stubApi({ '/api/content/': failed(404, { en: 'Content not found', fr: 'Contenu introuvable' }) });
    renderScreen(<ContentScreen type="press" />, '/press');
    expect(screen.getByTestId('content-loading')).toBeTruthy();
    expect((await screen.findByTestId('content-error')).textContent).toContain('Contenu introuvable');
    // The page keeps a title (its name) even without content.
    expect(screen.getByTestId('content-title').textContent).toBe('Presse');
  });
});
