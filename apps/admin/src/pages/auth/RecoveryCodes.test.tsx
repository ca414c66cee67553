import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { RECOVERY_FILE, RecoveryCodes } from './RecoveryCodes';

const codes = ['a1b2-c3d4', 'e5f6-a7b8', 'c9d0-e1f2'];

function renderCodes(onDone = vi.fn()) {
  renderScreen(<RecoveryCodes codes={codes} onDone={onDone} />, { path: '*', url: '/enrol', resources: [] });
  return onDone;
}

setUpScreenTests();

describe('the recovery codes at enrolment', () => {
  it('copies them to the clipboard, with what they are for', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderCodes();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByText('The codes are copied: paste them where you keep them.');
    const text = writeText.mock.calls[0]?.[0] ?? '';
    expect(text.startsWith('Parcelle operator console — recovery codes\n')).toBe(true);
    expect(text.trimEnd().split('\n').slice(-3)).toEqual(codes);
  });

  it('downloads them as a .txt file, and prints them, in French', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:codes';
      },
      revokeObjectURL: () => {},
    });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const onDone = renderCodes();
    fireEvent.click(screen.getByRole('button', { name: 'Télécharger (.txt)' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(names).toEqual([RECOVERY_FILE]);
    expect(blobs[0]?.type).toBe('text/plain;charset=utf-8');
    const text = await blobs[0]?.text();
    expect(text?.startsWith('Console des opérateurs Parcelle — codes de secours\n')).toBe(true);
    for (const code of codes) expect(text).toContain(`\n${code}\n`);
    fireEvent.click(screen.getByRole('button', { name: 'Imprimer' }));
    expect(print).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Je les ai conservés — ouvrir la console' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });
});
