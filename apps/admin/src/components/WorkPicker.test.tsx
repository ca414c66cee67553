import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../providers/i18n';
import { ok, stubFetch } from '../test/fetch';
import { renderScreen, setUpScreenTests } from '../test/screen';
import { listedWork, listedWorks } from '../test/works';
import { type PickedWork, WorkPicker } from './WorkPicker';

let chosen: PickedWork | null = null;

function Harness() {
  const [work, setWork] = useState<PickedWork | null>(null);
  return (
    <WorkPicker
      label="Work"
      value={work}
      onChange={(picked) => {
        chosen = picked;
        setWork(picked);
      }}
    />
  );
}

setUpScreenTests();

describe('the work picker', () => {
  it('searches on the server as the operator types and lists cover, title, artist and market state', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    const calls = stubFetch([ok({ paintings: [], total: 0 }), ok(listedWorks)]);
    renderScreen(<Harness />, { path: '*', url: '/', resources: [] });
    const input = screen.getByRole('combobox', { name: /Work/ });
    // As the operator does: in the field, then typing.
    act(() => input.focus());
    fireEvent.change(input, { target: { value: 'nymph' } });
    const option = await screen.findByRole('option', { name: /Les Nymphéas/ }, { timeout: 5_000 });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/admin/paintings?limit=10&offset=0',
      '/api/admin/paintings?q=nymph&limit=10&offset=0',
    ]);
    expect(within(option).getByText(/Claude Monet/)).toBeTruthy();
    expect(within(option).getByText('Vente primaire')).toBeTruthy();
    expect(option.querySelector('img')?.getAttribute('src')).toBe('/media/paintings/nympheas.webp?w=320');
    fireEvent.click(option);
    await waitFor(() => expect(chosen?.id).toBe(listedWork.id));
    expect((input as HTMLInputElement).value).toBe('Les Nymphéas — Claude Monet');
  });
});
