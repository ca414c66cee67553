// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { AccountMenu } from './AccountMenu';

afterEach(cleanup);

describe('header account menu (spec §2)', () => {
  it('opens on hover and stays open when the name is then clicked', () => {
    renderScreen(<AccountMenu firstName="Maximilienne-Charlotte" />);
    expect(screen.getByTestId('header-user-name').textContent).toBe('Maximilienne-Charlotte');
    expect(screen.queryByTestId('logout')).toBeNull();
    fireEvent.mouseEnter(screen.getByTestId('account-menu'));
    fireEvent.click(screen.getByTestId('header-user'));
    expect(screen.getByTestId('logout').textContent).toBe('Logout');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'Portfolio',
      'Finance',
      'History',
      'Logout',
    ]);
  });

  it('toggles on click alone and closes with Escape', () => {
    renderScreen(<AccountMenu firstName="Ada" />);
    fireEvent.click(screen.getByTestId('header-user'));
    expect(screen.getByTestId('logout')).toBeTruthy();
    fireEvent.click(screen.getByTestId('header-user'));
    expect(screen.queryByTestId('logout')).toBeNull();
    fireEvent.click(screen.getByTestId('header-user'));
    fireEvent.keyDown(screen.getByTestId('header-user'), { key: 'Escape' });
    expect(screen.queryByTestId('logout')).toBeNull();
  });
});
