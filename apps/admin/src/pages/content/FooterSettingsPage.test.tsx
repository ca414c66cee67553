import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { FooterSettingsPage } from './FooterSettingsPage';

const RESOURCES = [{ name: 'footer', list: '/footer' }];
const settings = {
  social_media_links: {
    youtube: 'https://www.youtube.com/@parcelle',
    linkedin: 'https://www.linkedin.com/company/parcelle',
    instagram: '',
    facebook: 'https://www.facebook.com/parcelle',
    twitter: 'https://x.com/parcelle',
  },
  registration_number: 'AMF E2026-0417',
  documents: {
    structure: 'documents/weex/structure.pdf',
    controle: null,
    security: 'documents/weex/security.pdf',
    coverage: 'documents/weex/coverage.pdf',
    coverage_en: 'documents/weex/coverage-en.pdf',
  },
};

setUpScreenTests();

describe('the footer screen', () => {
  it('refuses a plain http link before sending, then saves the links and the registration number', async () => {
    const calls = stubFetch([ok(settings), ok({ ...settings, registration_number: 'AMF E2027-0001' })]);
    renderScreen(<FooterSettingsPage />, { path: '/footer', url: '/footer', resources: RESOURCES });
    const instagram = await screen.findByRole('textbox', { name: 'Instagram' });
    fireEvent.change(instagram, { target: { value: 'http://instagram.com/parcelle' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the footer' }));
    expect(await screen.findByText('Please enter an https:// address, or leave it empty.')).toBeTruthy();
    expect(calls).toHaveLength(1);

    fireEvent.change(instagram, { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Registration number/ }), {
      target: { value: 'AMF E2027-0001' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the footer' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'The footer settings were saved.');
    expect(calls[1]).toMatchObject({
      method: 'PATCH',
      url: '/api/admin/site-settings',
      body: { social_media_links: settings.social_media_links, registration_number: 'AMF E2027-0001' },
    });
  });

  it('lists the footer documents, each with its current file and an upload, in French', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    stubFetch([ok(settings)]);
    renderScreen(<FooterSettingsPage />, { path: '/footer', url: '/footer', resources: RESOURCES });
    const open = await screen.findByRole('link', { name: 'Ouvrir Structure (PDF, nouvel onglet)' });
    expect(open.getAttribute('href')).toBe('/media/documents/weex/structure.pdf');
    expect(screen.getByRole('row', { name: /Contrôle/ }).textContent).toContain('Aucun');
    expect(screen.getByLabelText('Nouveau PDF pour Couverture (anglais)')).toHaveProperty('type', 'file');
  });
});
