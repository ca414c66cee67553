// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { getCurrency } from '../preferences/currency';
import { PreferencesMenu } from './PreferencesMenu';

afterEach(cleanup);
beforeEach(() => window.localStorage.clear());

/** What a browser does for Enter on a focused button: a click on the focused element. */
function pressEnter() {
  const target = document.activeElement as HTMLElement;
  fireEvent.keyDown(target, { key: 'Enter' });
  fireEvent.click(target);
}

describe('language and currency chooser (spec §2, WCAG 2.2)', () => {
  it('is named by its visible text first, then its purpose', () => {
    renderScreen(<PreferencesMenu />);
    const button = screen.getByTestId('preferences-button');
    expect(button.getAttribute('aria-label')).toBeNull();
    expect(button.textContent).toBe('EN · $ — Language and currency');
    // The name starts with what is seen (WCAG 2.5.3), then says what the button is for.
    expect(screen.getByRole('button', { name: /^EN · \$\s*— Language and currency$/ })).toBe(button);
  });

  it('works with Tab and Enter alone: every choice is a tab stop and Tab keeps the chooser open', async () => {
    renderScreen(<PreferencesMenu />);
    screen.getByTestId('preferences-button').focus();
    pressEnter();
    const dialog = await screen.findByRole('dialog', { name: 'Language and currency' });
    // Focus lands on the current language.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('language-en')));
    expect(screen.getByTestId('language-en').getAttribute('aria-pressed')).toBe('true');
    // Each choice can be reached with Tab (no roving tabindex that only arrow keys move).
    for (const id of ['language-en', 'language-fr', 'currency-USD', 'currency-EURO']) {
      expect(screen.getByTestId(id).tabIndex).toBe(0);
    }
    expect(screen.getByRole('group', { name: 'Currency' }).contains(screen.getByTestId('currency-EURO'))).toBe(true);
    // Tab inside the chooser does not close it (a MUI Menu closes on Tab).
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Tab' });
    act(() => screen.getByTestId('currency-EURO').focus());
    expect(screen.getByRole('dialog')).toBe(dialog);
    pressEnter();
    expect(getCurrency()).toBe('EURO');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Focus returns to the button, which now reads the new currency.
    expect(document.activeElement).toBe(screen.getByTestId('preferences-button'));
    expect(screen.getByTestId('preferences-button').textContent).toBe('EN · € — Language and currency');
  });

  it('closes with Escape and gives focus back to the button', async () => {
    renderScreen(<PreferencesMenu />);
    screen.getByTestId('preferences-button').focus();
    pressEnter();
    await screen.findByRole('dialog');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('preferences-button'));
    expect(screen.getByTestId('preferences-button').getAttribute('aria-expanded')).toBe('false');
  });
});
