// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n } from '../i18n/i18n';
import { MemberNav } from './MemberNav';

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

const links = () =>
  within(screen.getByTestId('member-sidebar'))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('member area navigation (spec §2, issues 17 and 31)', () => {
  it('links every member page, Withdrawals and Notifications included', () => {
    renderScreen(<MemberNav />, '/user/profile');
    expect(links()).toEqual([
      ['Profile', '/user/profile'],
      ['Portfolio', '/user/portfolio'],
      ['Finance', '/user/finance'],
      ['Withdrawals', '/user/withdraw'],
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
    renderScreen(<MemberNav />, '/user/profile');
    expect(links().map(([label]) => label)).toEqual([
      'Profil',
      'Portefeuille',
      'Finance',
      'Retraits',
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

  it('on a phone, names the page one is on and opens the whole list, which closes once a page is chosen', () => {
    renderScreen(<MemberNav />, '/user/market/primary-market');
    const toggle = screen.getByTestId('member-nav-toggle');
    // The page under Market is named by its entry; the button says what it opens and whether it is open.
    expect(toggle.textContent).toBe('Member areaMarket');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list?.tagName).toBe('UL');
    expect(list?.getAttribute('data-open')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list?.getAttribute('data-open')).toBe('true');
    expect(within(list as HTMLElement).getAllByRole('link')).toHaveLength(12);

    fireEvent.click(screen.getByTestId('sidebar-account-withdrawals'));
    expect(screen.getByTestId('member-nav-toggle').getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('member-nav-toggle').textContent).toBe('Member areaWithdrawals');
  });
});
