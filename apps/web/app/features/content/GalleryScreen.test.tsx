// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { pageFromSearch } from '../catalogue/paths';
import { GalleryScreen } from './GalleryScreen';
import { ok, stubApi } from './testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function galleries(total: number, offset: number, count: number) {
  return {
    total,
    base_url: '/media/',
    galleries: Array.from({ length: count }, (_, index) => ({
      _id: `g${offset + index}`,
      title: { en: `Picture ${offset + index + 1}`, fr: `Image ${offset + index + 1}` },
      image: `gallery/${offset + index}.webp`,
      position: offset + index,
    })),
  };
}

function stubGalleries(total: number) {
  return stubApi({
    '/api/content/galleries': (url) => {
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      return ok(galleries(total, offset, Math.max(0, Math.min(limit, total - offset))));
    },
  });
}

describe('gallery', () => {
  it('reads the page from ?page=, 12 pictures per page', async () => {
    const fetch = stubGalleries(30);
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderScreen(<GalleryScreen />, '/gallery?page=2');
    await waitFor(() => expect(screen.getAllByTestId('gallery-item')).toHaveLength(12));
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/content/galleries?limit=12&offset=12');
    expect(screen.getAllByTestId('gallery-item')[0]?.textContent).toContain('Picture 13');
    const pagination = screen.getByTestId('gallery-pagination');
    expect(within(pagination).getByRole('button', { name: 'Page 2, current page' })).toBeTruthy();
    fireEvent.click(within(pagination).getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(screen.getAllByTestId('gallery-item')).toHaveLength(6));
    expect(String(fetch.mock.calls.at(-1)?.[0])).toBe('/api/content/galleries?limit=12&offset=24');
    expect(scroll).toHaveBeenCalled();
  });

  it('has no pagination when everything fits on one page', async () => {
    stubGalleries(5);
    renderScreen(<GalleryScreen />, '/gallery');
    await waitFor(() => expect(screen.getAllByTestId('gallery-item')).toHaveLength(5));
    expect(screen.queryByTestId('gallery-pagination')).toBeNull();
  });

  it('opens a picture in the lightbox; arrows move through the page, Esc closes', async () => {
    stubGalleries(3);
    renderScreen(<GalleryScreen />, '/gallery');
    await waitFor(() => expect(screen.getAllByTestId('gallery-item')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Enlarge “Picture 2”' }));
    const lightbox = await screen.findByTestId('lightbox');
    expect(within(lightbox).getByRole('heading').textContent).toBe('Picture 2');
    expect(screen.getByTestId('lightbox-counter').textContent).toBe('2 / 3');
    expect(screen.getByTestId('lightbox-image').getAttribute('src')).toBe('/media/gallery/1.webp');
    fireEvent.keyDown(lightbox, { key: 'ArrowRight' });
    expect(within(lightbox).getByRole('heading').textContent).toBe('Picture 3');
    fireEvent.keyDown(lightbox, { key: 'ArrowRight' });
    expect(within(lightbox).getByRole('heading').textContent).toBe('Picture 3');
    fireEvent.keyDown(lightbox, { key: 'ArrowLeft' });
    fireEvent.keyDown(lightbox, { key: 'ArrowLeft' });
    expect(within(lightbox).getByRole('heading').textContent).toBe('Picture 1');
    fireEvent.keyDown(lightbox, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('lightbox')).toBeNull());
  });

  it('treats a missing or invalid ?page= as page 1', () => {
    expect(pageFromSearch(null)).toBe(1);
    expect(pageFromSearch('abc')).toBe(1);
    expect(pageFromSearch('0')).toBe(1);
    expect(pageFromSearch('3')).toBe(3);
  });
});
