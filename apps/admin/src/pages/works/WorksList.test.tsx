import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mediaUrl } from '../../components/Thumbnail';
import { i18nProvider } from '../../providers/i18n';
import { ok, stubFetch } from '../../test/fetch';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { ArtistsList } from '../artists/ArtistsList';
import { WorksList } from './WorksList';

const work = {
  id: '0b5c6f1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  slug: 'les-nympheas',
  artist_id: 'a1',
  artist_name: 'Claude Monet',
  title_en: 'Water Lilies',
  title_fr: 'Les Nymphéas',
  year: 1906,
  market: 'primary',
  total_parts: 90,
  sold_parts: 9,
  price_per_part_minor: 25_000,
  cover_img: 'artworks/les-nympheas/cover.webp',
  created_at: '2026-11-20T10:00:00.000Z',
};

setUpScreenTests();

describe('thumbnails in the catalogue grids', () => {
  it('shows each work’s cover as a small rendition, described in the interface language', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    stubFetch([ok({ paintings: [work, { ...work, id: 'w2', title_fr: 'Sans image', cover_img: null }], total: 2 })]);
    renderScreen(<WorksList />, { path: '*', url: '/works', resources: [{ name: 'works', list: '/works' }] });
    const cover = await screen.findByRole('img', { name: 'Couverture de Les Nymphéas' });
    expect(cover.getAttribute('src')).toBe('/media/artworks/les-nympheas/cover.webp?w=320');
    // A work without a cover has no picture (and no empty one).
    const row = (await screen.findByText('Sans image')).closest('[role="row"]') as HTMLElement;
    expect(within(row).queryByRole('img')).toBeNull();
  });

  it('shows each artist’s portrait, described in English', async () => {
    stubFetch([
      ok({
        artists: [
          {
            id: 'a1',
            slug: 'claude-monet',
            name: 'Claude Monet',
            date_of_birth: '1840-11-14',
            date_of_death: '1926-12-05',
            bio_en: '',
            bio_fr: '',
            img: 'artists/claude-monet.webp',
            record_price_minor: null,
            paintings_count: 3,
            created_at: '2026-11-20T10:00:00.000Z',
          },
        ],
        total: 1,
      }),
    ]);
    renderScreen(<ArtistsList />, { path: '*', url: '/artists', resources: [{ name: 'artists', list: '/artists' }] });
    const portrait = await screen.findByRole('img', { name: 'Portrait of Claude Monet' });
    expect(portrait.getAttribute('src')).toBe('/media/artists/claude-monet.webp?w=320');
  });

  it('encodes each part of a key, keeping its folders', () => {
    expect(mediaUrl('artworks/a b/cover#1.webp', 640)).toBe('/media/artworks/a%20b/cover%231.webp?w=640');
  });
});
