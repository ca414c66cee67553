// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { AccountMenu } from './AccountMenu';

afterEach(cleanup);

const button = () => screen.getByTestId('header-user');
const focused = () => document.activeElement?.getAttribute('data-testid');
/** A click with a pointer (`detail` 1); Enter or Space on a button is a click with `detail` 0. */
const pointerClick = (element: HTMLElement) => fireEvent.click(element, { detail: 1 });
const key = (name: string) => fireEvent.keyDown(document.activeElement as Element, { key: name });

describe('header account menu (spec §2)', () => {
  it('opens on hover and stays open when the name is then clicked', () => {
    renderScreen(<AccountMenu firstName="Maximilienne-Charlotte" />);
    expect(screen.getByTestId('header-user-name').textContent).toBe('Maximilienne-Charlotte');
    expect(screen.queryByTestId('logout')).toBeNull();
    fireEvent.mouseEnter(screen.getByTestId('account-menu'));
    pointerClick(button());
    expect(screen.getByTestId('logout').textContent).toBe('Logout');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'Portfolio',
      'Finance',
      'History',
      'Logout',
    ]);
    fireEvent.mouseLeave(screen.getByTestId('account-menu'));
    expect(screen.queryByTestId('logout')).toBeNull();
  });

  it('is a menu button: named by the name first, says whether it is open and which menu it opens', () => {
    renderScreen(<AccountMenu firstName="Ada" />);
    expect(button().getAttribute('aria-haspopup')).toBe('menu');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: /^Ada\s*Ada\s*— My account$/ })).toBe(button());
    pointerClick(button());
    expect(button().getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'My account' });
    expect(button().getAttribute('aria-controls')).toBe(menu.id);
    // One item in the tab order (the first), the others reached by the arrows.
    expect(screen.getAllByRole('menuitem').map((item) => item.tabIndex)).toEqual([0, -1, -1, -1, -1]);
  });

  it('toggles on a pointer click, without moving the focus, and closes on a press elsewhere', () => {
    renderScreen(<AccountMenu firstName="Ada" />);
    pointerClick(button());
    expect(screen.getByTestId('logout')).toBeTruthy();
    expect(focused()).not.toBe('account-profile');
    pointerClick(button());
    expect(screen.queryByTestId('logout')).toBeNull();
    pointerClick(button());
    fireEvent.pointerDown(document.body);
    expect(screen.queryByTestId('logout')).toBeNull();
  });

  it('opens from the keyboard on its first item; the arrows move and wrap, Home, End and a letter jump', () => {
    renderScreen(<AccountMenu firstName="Ada" />);
    button().focus();
    fireEvent.click(button()); // Enter or Space
    expect(focused()).toBe('account-profile');
    key('ArrowDown');
    expect(focused()).toBe('account-portfolio');
    key('ArrowUp');
    key('ArrowUp');
    expect(focused()).toBe('logout');
    key('ArrowDown');
    expect(focused()).toBe('account-profile');
    key('End');
    expect(focused()).toBe('logout');
    key('Home');
    expect(focused()).toBe('account-profile');
    key('f');
    expect(focused()).toBe('account-finance');
    key('h');
    expect(focused()).toBe('account-history');
  });

  it('closes with Escape and gives the focus back to its button', () => {
    renderScreen(<AccountMenu firstName="Ada" />);
    button().focus();
    key('ArrowDown');
    expect(focused()).toBe('account-profile');
    key('ArrowDown');
    key('Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(focused()).toBe('header-user');
    expect(button().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on its last item with ↑, and closes when Tab leaves it', () => {
    renderScreen(<AccountMenu firstName="Ada" />);
    button().focus();
    key('ArrowUp');
    expect(focused()).toBe('logout');
    key('Tab');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
