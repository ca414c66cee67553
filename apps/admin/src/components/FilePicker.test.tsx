import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../providers/i18n';
import { renderScreen, setUpScreenTests } from '../test/screen';
import { FilePicker } from './FilePicker';

setUpScreenTests();

function renderPicker(onChange = vi.fn()) {
  renderScreen(
    <>
      <label htmlFor="cover">Cover image</label>
      <FilePicker id="cover" accept="image/png" onChange={onChange} />
    </>,
    { path: '/', url: '/', resources: [] },
  );
  return onChange;
}

describe('FilePicker', () => {
  it("speaks the console's language, not the browser's, and names the chosen file", async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    const onChange = renderPicker();
    expect(await screen.findByText('Choisir un fichier')).toBeTruthy();
    expect(screen.getByText('Aucun fichier choisi')).toBeTruthy();
    const input = screen.getByLabelText('Cover image');
    const file = new File(['png'], 'harbour.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onChange).toHaveBeenCalledWith(file, expect.anything());
    expect(screen.getByText('harbour.png')).toBeTruthy();
  });

  it('keeps the native input, named by its field label alone, for the keyboard and assistive technologies', async () => {
    renderPicker();
    const input = (await screen.findByLabelText('Cover image')) as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/png');
    expect(screen.getByText('Choose a file').closest('label')?.getAttribute('aria-hidden')).toBe('true');
    input.focus();
    expect(document.activeElement).toBe(input);
  });
});
