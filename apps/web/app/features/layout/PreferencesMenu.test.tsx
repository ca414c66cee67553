// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import { getCurrency } from '../preferences/currency';
import { PREFERENCES_ACTION, PreferencesMenu } from './PreferencesMenu';

afterEach(cleanup);
beforeEach(async () => {
  window.localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the test starts without the preference cookies.
  document.cookie = 'currency=; max-age=0; path=/';
  initI18n();
  await i18n.changeLanguage('en');
});

describe('language and currency chooser (spec §2, WCAG 2.2, issue 33)', () => {
  it('is named by its visible text first, then its purpose', () => {
    renderScreen(<PreferencesMenu />);
    const button = screen.getByTestId('preferences-button');
    expect(button.getAttribute('aria-label')).toBeNull();
    expect(button.textContent).toBe('EN · $ — Language and currency');
    // The name starts with what is seen (WCAG 2.5.3), then says what the button is for.
    expect(screen.getByRole('button', { name: /^EN · \$\s*— Language and currency$/ })).toBe(button);
  });

  it("opens the browser's own popover, a dialog named as the button says, without any script", () => {
    renderScreen(<PreferencesMenu />);
    const button = screen.getByTestId('preferences-button');
    const panel = screen.getByTestId('preferences-dialog');
    expect(button.getAttribute('popovertarget')).toBe(panel.id);
    expect(button.getAttribute('type')).toBe('button');
    expect(panel.getAttribute('popover')).toBe('auto');
    expect(panel.getAttribute('role')).toBe('dialog');
    expect(panel.getAttribute('aria-labelledby')).toBeTruthy();
    expect(document.getElementById(panel.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'Language and currency',
    );
  });

  it('is a form that posts each choice to /preferences and brings the visitor back to this page', () => {
    renderScreen(<PreferencesMenu />, '/artists?page=2');
    const form = screen.getByTestId('preferences-dialog').querySelector('form') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(PREFERENCES_ACTION);
    expect((form.querySelector('input[name="return"]') as HTMLInputElement).value).toBe('/artists?page=2');
    // Every choice is its own submit button, so Tab and Enter alone are enough; the current ones say so.
    for (const [id, name, value, pressed] of [
      ['language-en', 'language', 'en', 'true'],
      ['language-fr', 'language', 'fr', 'false'],
      ['currency-USD', 'currency', 'USD', 'true'],
      ['currency-EURO', 'currency', 'EURO', 'false'],
    ]) {
      const option = screen.getByTestId(id as string) as HTMLButtonElement;
      expect(option.type, id).toBe('submit');
      expect(option.name, id).toBe(name);
      expect(option.value, id).toBe(value);
      expect(option.getAttribute('aria-pressed'), id).toBe(pressed);
      expect(option.tabIndex, id).toBe(0);
    }
    expect(
      screen.getByRole('group', { name: 'Currency', hidden: true }).contains(screen.getByTestId('currency-EURO')),
    ).toBe(true);
    expect(screen.getByTestId('language-fr').getAttribute('lang')).toBe('fr');
  });

  it('with a script, applies the choice in place instead of posting it', async () => {
    renderScreen(<PreferencesMenu />);
    let posted = false;
    // Heard after React's own handler (on the root), as the browser would decide whether to post.
    const heard = (event: Event) => {
      posted = !event.defaultPrevented;
    };
    document.addEventListener('submit', heard);
    onTestFinished(() => document.removeEventListener('submit', heard));
    fireEvent.click(screen.getByTestId('currency-EURO'));
    expect(posted).toBe(false);
    expect(getCurrency()).toBe('EURO');
    expect(document.cookie).toContain('currency=EURO');
    await waitFor(() =>
      expect(screen.getByTestId('preferences-button').textContent).toBe('EN · € — Language and currency'),
    );
    fireEvent.click(screen.getByTestId('language-fr'));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(posted).toBe(false);
  });
});
