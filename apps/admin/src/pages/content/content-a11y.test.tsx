import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { ContentPageEditor } from './ContentPageEditor';
import { FooterSettingsPage } from './FooterSettingsPage';
import { GalleriesPage } from './GalleriesPage';

/** axe's WCAG 2.2 A/AA rules on each Content screen as rendered (contrast needs a browser: the e2e run checks it). */
async function violations() {
  const results = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

const page = {
  type: 'collaborators',
  title: { en: 'Team', fr: 'Équipe' },
  body: {
    en: [
      { type: 'heading', text: 'Founders' },
      { type: 'paragraph', text: 'We are few.' },
      { type: 'list', items: ['One', 'Two'] },
      { type: 'qa', question: 'Who?', answer: 'Us.' },
      { type: 'person', name: 'Ada Lune', role: 'Curator', text: 'Twenty years at auction.' },
      { type: 'link', label: 'Write to us', href: 'mailto:hello@example.org' },
    ],
    fr: [{ type: 'heading', text: 'Fondateurs' }],
  },
  updated_at: '2026-11-20T10:00:00.000Z',
};

setUpScreenTests();

describe('the Content screens pass axe', () => {
  it('the page editor with every kind of block', async () => {
    stubFetch([ok(page)]);
    renderScreen(<ContentPageEditor />, { path: '/content/:type', url: '/content/collaborators', resources: [] });
    await screen.findByRole('region', { name: 'Preview (English)' });
    expect(await violations()).toEqual([]);
  });

  it('the gallery', async () => {
    stubFetch([
      ok({
        galleries: [
          {
            id: '11111111-1111-4111-8111-111111111111',
            slug: 'd',
            title_en: 'Dawn',
            title_fr: 'Aube',
            image: 'galleries/d.webp',
            position: 1,
          },
        ],
      }),
    ]);
    renderScreen(<GalleriesPage />, { path: '/galleries', url: '/galleries', resources: [] });
    await screen.findByRole('img', { name: 'Dawn' });
    expect(await violations()).toEqual([]);
  });

  it('the footer settings', async () => {
    stubFetch([
      ok({
        social_media_links: { youtube: '', linkedin: '', instagram: '', facebook: '', twitter: '' },
        registration_number: 'AMF',
        documents: { structure: null, controle: null, security: null, coverage: null, coverage_en: 'documents/x.pdf' },
      }),
    ]);
    renderScreen(<FooterSettingsPage />, { path: '/footer', url: '/footer', resources: [] });
    await screen.findByRole('textbox', { name: 'YouTube' });
    expect(await violations()).toEqual([]);
  });
});
