import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { ContentPageEditor } from './ContentPageEditor';
import { ContentPagesList } from './ContentPagesList';

const RESOURCES = [{ name: 'content', list: '/content', edit: '/content/:type' }];
const faq = {
  type: 'faqs',
  title: { en: 'Questions', fr: 'Questions fréquentes' },
  body: {
    en: [{ type: 'qa', question: 'What is a part?', answer: 'One square millimetre.' }],
    fr: [{ type: 'qa', question: 'Qu’est-ce qu’une part\u00a0?', answer: 'Un millimètre carré.' }],
  },
  updated_at: '2026-11-20T10:00:00.000Z',
};

setUpScreenTests();

describe('the content pages', () => {
  it('lists every editorial page with its titles, each opening its editor', async () => {
    stubFetch([
      ok({
        pages: [
          {
            type: 'faqs',
            title_en: 'Questions',
            title_fr: 'Questions fréquentes',
            blocks_en: 1,
            blocks_fr: 1,
            updated_at: faq.updated_at,
          },
        ],
      }),
    ]);
    renderScreen(<ContentPagesList />, { path: '/content', url: '/content', resources: RESOURCES });
    const link = await screen.findByRole('link', { name: 'FAQ' });
    expect(link.getAttribute('href')).toBe('/content/faqs');
    expect(screen.getByText('Questions fréquentes')).toBeTruthy();
    // Pages the store does not hold yet are still listed, to be written.
    expect(screen.getByRole('link', { name: 'Glossary' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Risk disclosure' }).getAttribute('href')).toBe('/content/risks');
    expect(screen.getAllByText('Not written yet').length).toBe(13);
  });
});

describe('the page editor', () => {
  it('edits blocks in both languages with a live preview, then saves the whole page', async () => {
    const calls = stubFetch([ok(faq), ok(faq)]);
    renderScreen(<ContentPageEditor />, { path: '/content/:type', url: '/content/faqs', resources: RESOURCES });
    const preview = await screen.findByRole('region', { name: 'Preview (English)' });
    expect(within(preview).getByRole('heading', { name: 'Questions' })).toBeTruthy();
    // The FAQ previews as an accordion, as on the site.
    expect(within(preview).getByRole('button', { name: 'What is a part?' })).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'New block' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Heading' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add the block' }));
    const [, block2] = screen.getAllByRole('group');
    fireEvent.change(within(block2 as HTMLElement).getByRole('textbox', { name: /Text/ }), {
      target: { value: 'Buying parts' },
    });
    expect(await within(preview).findByRole('heading', { name: 'Buying parts' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move block 2 up' }));
    await waitFor(() =>
      expect(
        within(preview)
          .getAllByRole('heading')
          .map((heading) => heading.textContent),
      ).toEqual([
        'Questions',
        'Buying parts',
        // MUI's accordion puts each question in a heading.
        'What is a part?',
      ]),
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Français' }));
    const french = await screen.findByRole('region', { name: 'Preview (Français)' });
    expect(within(french).getByRole('heading', { name: 'Questions fréquentes' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save the page' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'The page was saved.');
    expect(calls[1]).toMatchObject({
      method: 'PUT',
      url: '/api/admin/content/pages/faqs',
      body: {
        title: faq.title,
        body: { en: [{ type: 'heading', text: 'Buying parts' }, faq.body.en[0]], fr: faq.body.fr },
      },
    });
  });

  it('refuses a bad link before sending, opening the language that has it, in French', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    const calls = stubFetch([
      ok({ ...faq, body: { ...faq.body, fr: [{ type: 'link', label: 'Site', href: 'https://example.org' }] } }),
    ]);
    renderScreen(<ContentPageEditor />, { path: '/content/:type', url: '/content/faqs', resources: RESOURCES });
    fireEvent.click(await screen.findByRole('tab', { name: 'Français' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Adresse/ }), { target: { value: 'http://example.org' } });
    fireEvent.click(screen.getByRole('tab', { name: 'English' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la page' }));
    expect(
      await screen.findByText('Un lien est une page du site (/about), une adresse https:// ou une adresse mailto:.'),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Français (à corriger)' }).getAttribute('aria-selected')).toBe('true');
    expect(calls).toHaveLength(1);
  });

  it('removes a block; a page left empty is refused before sending', async () => {
    const calls = stubFetch([ok(faq)]);
    renderScreen(<ContentPageEditor />, { path: '/content/:type', url: '/content/faqs', resources: RESOURCES });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove block 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the page' }));
    expect(await screen.findByText('A page needs at least one block.')).toBeTruthy();
    expect(screen.queryAllByRole('group')).toHaveLength(0);
    expect(calls).toHaveLength(1);
  });
});
