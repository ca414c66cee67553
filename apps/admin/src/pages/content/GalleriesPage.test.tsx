import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failure, ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { GalleriesPage } from './GalleriesPage';

const RESOURCES = [{ name: 'galleries', list: '/galleries' }];
const picture = (id: string, title: string, position: number) => ({
  id,
  slug: title.toLowerCase(),
  title_en: title,
  title_fr: `${title} (fr)`,
  image: `galleries/${id}.webp`,
  position,
});
const dawn = picture('11111111-1111-4111-8111-111111111111', 'Dawn', 1);
const dusk = picture('22222222-2222-4222-8222-222222222222', 'Dusk', 2);

setUpScreenTests();

describe('the gallery screen', () => {
  it('shows the pictures in order with their thumbnails, and moves one by sending the whole order', async () => {
    const calls = stubFetch([
      ok({ galleries: [dawn, dusk] }),
      ok({ galleries: [dusk, dawn] }),
      ok({ galleries: [dusk, dawn] }),
    ]);
    renderScreen(<GalleriesPage />, { path: '/galleries', url: '/galleries', resources: RESOURCES });
    const image = await screen.findByRole('img', { name: 'Dawn' });
    expect(image.getAttribute('src')).toBe(`/media/${dawn.image}?w=320`);
    expect(screen.getByRole('button', { name: 'Move Dawn earlier' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Dusk earlier' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'The gallery’s order was saved.');
    expect(calls[1]).toMatchObject({
      method: 'PUT',
      url: '/api/admin/galleries/order',
      body: { ids: [dusk.id, dawn.id] },
    });
    await waitFor(() =>
      expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Dusk', 'Dawn']),
    );
  });

  it('saves a picture’s titles, checked by the shared rule first', async () => {
    const calls = stubFetch([
      ok({ galleries: [dawn] }),
      ok({ ...dawn, title_fr: 'Aurore' }),
      ok({ galleries: [dawn] }),
    ]);
    renderScreen(<GalleriesPage />, { path: '/galleries', url: '/galleries', resources: RESOURCES });
    const card = await screen.findByRole('form', { name: 'Titles of Dawn' });
    const french = within(card).getByRole('textbox', { name: /Title \(French\)/ });
    fireEvent.change(french, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the titles of Dawn' }));
    expect(await within(card).findByText('*Required field')).toBeTruthy();
    expect(calls).toHaveLength(1);
    fireEvent.change(french, { target: { value: 'Aurore' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the titles of Dawn' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'The picture’s titles were saved.');
    expect(calls[1]).toMatchObject({
      method: 'PATCH',
      url: `/api/admin/galleries/${dawn.id}`,
      body: { title_en: 'Dawn', title_fr: 'Aurore' },
    });
  });

  it('asks for an image before adding a picture, and shows the API’s refusal of a removal', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubFetch([ok({ galleries: [dawn] }), failure(404, { en: 'Gallery picture not found.', fr: 'x' })]);
    renderScreen(<GalleriesPage />, { path: '/galleries', url: '/galleries', resources: RESOURCES });
    await screen.findByRole('img', { name: 'Dawn' });
    const [english] = screen.getAllByRole('textbox', { name: /Title \(English\)/ });
    const [french] = screen.getAllByRole('textbox', { name: /Title \(French\)/ });
    fireEvent.change(english as HTMLElement, { target: { value: 'Noon' } });
    fireEvent.change(french as HTMLElement, { target: { value: 'Midi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the picture' }));
    expect(await screen.findByText('Please choose an image')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Dawn' }));
    expect(await screen.findByText('Gallery picture not found.')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
