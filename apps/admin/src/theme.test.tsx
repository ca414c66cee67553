import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fonts, palette } from '@parcelle/shared/brand';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Brand } from './components/Brand';
import { i18nProvider } from './providers/i18n';
import { renderScreen, setUpScreenTests } from './test/screen';
import { theme } from './theme';

const admin = resolve(import.meta.dirname, '..');

setUpScreenTests();

describe('the console’s look is Parcelle’s', () => {
  it('uses the site’s typography and colours', () => {
    expect(theme.typography.fontFamily).toBe(fonts.text);
    expect(theme.typography.h1.fontFamily).toBe(fonts.display);
    expect(theme.palette.primary.main).toBe(palette.ink);
    expect(theme.palette.secondary.main).toBe(palette.accent);
    expect(theme.palette.background.default).toBe(palette.wall);
    // The faces are bundled, not left to the system.
    const main = readFileSync(resolve(admin, 'src/main.tsx'), 'utf8');
    expect(main).toContain("import '@fontsource-variable/inter/wght.css';");
    expect(main).toContain("import '@fontsource-variable/cormorant-garamond/wght.css';");
  });

  it('carries the site’s favicon', () => {
    const html = readFileSync(resolve(admin, 'index.html'), 'utf8');
    expect(html).toContain('<link rel="icon" href="/admin/favicon.svg" type="image/svg+xml" />');
    expect(readFileSync(resolve(admin, 'public/favicon.svg'), 'utf8')).toBe(
      readFileSync(resolve(admin, '../web/public/favicon.svg'), 'utf8'),
    );
  });

  it('names itself Parcelle, with its mark, in both languages', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    renderScreen(<Brand />, { path: '*', url: '/', resources: [] });
    const brand = screen.getByTestId('brand');
    expect(brand.textContent).toBe('ParcelleConsole des opérateurs');
    expect(getComputedStyle(screen.getByText('Parcelle')).fontFamily).toBe(fonts.display);
    expect(brand.querySelector('svg[aria-hidden="true"] rect[fill="#7D5E3B"]')).not.toBeNull();
  });
});
