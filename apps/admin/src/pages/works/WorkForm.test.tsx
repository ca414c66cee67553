import { messages } from '@parcelle/shared/i18n/messages';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../../api/storage';
import { dataProvider } from '../../providers/data-provider';
import { i18nProvider } from '../../providers/i18n';
import { WorkForm } from './WorkForm';
import { EMPTY_WORK } from './work-form';

const ARTIST = { id: '3f0b3c0e-8d2a-4c7e-9b1a-2f4d6e8a0c11', name: 'Nicolas de Staël' };

function renderForm(onSubmit: (body: unknown) => Promise<void>) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Refine
            dataProvider={dataProvider}
            i18nProvider={i18nProvider}
            routerProvider={routerProvider}
            resources={[{ name: 'artists' }]}
            options={{
              disableTelemetry: true,
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
            }}
          >
            <WorkForm defaultValues={EMPTY_WORK} initialArtist={null} submitLabel="Create" onSubmit={onSubmit} />
          </Refine>
        ),
      },
    ],
    { initialEntries: ['/works/new'] },
  );
  render(<RouterProvider router={router} />);
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  localStorage.clear();
  storeTokens('access', 'refresh');
  // The artist picker asks the catalogue for artists (searched by name).
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.startsWith('/api/admin/artists')) throw new Error(`unexpected ${url}`);
      return new Response(JSON.stringify({ status: 200, data: { artists: [ARTIST], total: 1 } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18nProvider.changeLocale('en'));
});

describe('the work form', () => {
  it('shows the total parts live as the dimensions are typed', async () => {
    renderForm(vi.fn());
    const live = await screen.findByTestId('live-parts');
    expect(live.textContent).toBe('Enter the width and height to see the parts.');
    type(/^Width \(cm\)/, '40');
    type(/^Height \(cm\)/, '30');
    await waitFor(() => expect(live.textContent).toBe('10,800 parts (9 per cm²)'));
  });

  it('refuses an incomplete work with the API’s messages under the fields, in French too', async () => {
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    await act(() => i18nProvider.changeLocale('fr'));
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    await screen.findAllByText(messages.RequiredField.fr);
    expect(screen.getByText(messages.ArtistNotFound.fr)).toBeTruthy();
    expect(screen.getAllByText(messages.InvalidDimensions.fr)).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the contract’s body: the chosen artist, minor units, basis points', async () => {
    const onSubmit = vi.fn(async (_body: unknown) => {});
    renderForm(onSubmit);
    const picker = await screen.findByRole('combobox', { name: /Artist/ });
    fireEvent.change(picker, { target: { value: 'Nic' } });
    fireEvent.click(await screen.findByRole('option', { name: ARTIST.name }));
    type(/^Title \(English\)/, 'Blue harbour');
    type(/^Title \(French\)/, 'Port bleu');
    type(/^Type \(English\)/, 'Oil on canvas');
    type(/^Type \(French\)/, 'Huile sur toile');
    type(/^Year/, '1962');
    type(/^Description \(English\)/, 'Oil.');
    type(/^Description \(French\)/, 'Huile.');
    type(/^Width \(cm\)/, '40');
    type(/^Height \(cm\)/, '30');
    type(/^Price per part/, '2.5');
    type(/^Entry fee/, '150');
    type(/^Exit share/, '2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      artist_id: ARTIST.id,
      title_en: 'Blue harbour',
      width_cm: 40,
      height_cm: 30,
      price_per_part_minor: 250,
      entry_fee_minor: 15_000,
      exit_share_bps: 250,
      storage_cost_yearly_minor: null,
    });
  });

  it('takes the texts members read in English and French tabs, and opens the tab a translation is missing from', async () => {
    const onSubmit = vi.fn(async (_body: unknown) => {});
    renderForm(onSubmit);
    const picker = await screen.findByRole('combobox', { name: /Artist/ });
    fireEvent.change(picker, { target: { value: 'Nic' } });
    fireEvent.click(await screen.findByRole('option', { name: ARTIST.name }));
    const tabs = screen.getByRole('tablist', { name: 'Language of the texts' });
    expect(within(tabs).getByRole('tab', { selected: true }).textContent).toBe('English');
    // Only the open language's fields show.
    expect(screen.getByRole('textbox', { name: /^Title \(English\)/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Title \(French\)/ })).toBeNull();
    type(/^Title \(English\)/, 'Blue harbour');
    type(/^Type \(English\)/, 'Oil on canvas');
    type(/^Description \(English\)/, 'Oil.');
    type(/^Place of custody \(English\)/, 'Geneva free port');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Français' }));
    type(/^Title \(French\)/, 'Port bleu');
    type(/^Type \(French\)/, 'Huile sur toile');
    type(/^Description \(French\)/, 'Huile.');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'English' }));
    type(/^Year/, '1962');
    type(/^Width \(cm\)/, '40');
    type(/^Height \(cm\)/, '30');
    type(/^Price per part/, '2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    // The place of custody is in English only: the French tab opens, says it holds an error, and names it.
    await waitFor(() =>
      expect(within(tabs).getByRole('tab', { selected: true }).textContent).toBe('Français (to correct)'),
    );
    expect(screen.getByText(messages.TranslationMissing.en)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    type(/^Place of custody \(French\)/, 'Port franc de Genève');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      title_fr: 'Port bleu',
      custody_place_en: 'Geneva free port',
      custody_place_fr: 'Port franc de Genève',
    });
  });
});
