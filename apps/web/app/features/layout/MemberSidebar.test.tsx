// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n } from '../i18n/i18n';
import { MemberSidebar } from './MemberSidebar';

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

const links = () =>
  within(screen.getByTestId('member-sidebar'))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('member sidebar (spec §2, issue 17)', () => {
  it('links every member page, My parts and Market included', () => {
    renderScreen(<MemberSidebar />);
    expect(links()).toEqual([
      ['Profile', '/user/profile'],
      ['Portfolio', '/user/portfolio'],
      ['Finance', '/user/finance'],
      ['History', '/user/history'],
      ['My parts', '/user/parts'],
      ['Market', '/user/market'],
      ['Notifications', '/user/notifications'],
      ['Watched works', '/user/watchlist'],
      ['Verification', '/user/verification'],
      ['Complaints', '/user/complaints'],
      ['Investor profile', '/user/investor-profile'],
    ]);
  });

  it('names them in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderScreen(<MemberSidebar />);
    expect(links().map(([label]) => label)).toEqual([
      'Profil',
      'Portefeuille',
      'Finance',
      'Historique',
      'Mes parts',
      'Marché',
      'Notifications',
      'Œuvres suivies',
      'Vérification',
      'Réclamations',
      'Profil investisseur',
    ]);
  });
});
