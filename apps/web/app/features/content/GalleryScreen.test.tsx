// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
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
  it('reads the page from ?page=, 12 pictures per page; the pages are links (a document, decision 482)', async () => {
    const fetch = stubGalleries(30);
    renderScreen(<GalleryScreen />, '/gallery?page=2');
    await waitFor(() => expect(screen.getAllByTestId('gallery-item')).toHaveLength(12));
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/content/galleries?limit=12&offset=12');
    expect(screen.getAllByTestId('gallery-item')[0]?.textContent).toContain('Picture 13');
    const pagination = within(screen.getByTestId('gallery-pagination'));
    expect(pagination.getByRole('link', { name: 'Page 2, current page' }).getAttribute('aria-current')).toBe('page');
    expect(pagination.getByRole('link', { name: 'Go to page 3' }).getAttribute('href')).toBe('/gallery?page=3');
    expect(pagination.getByRole('link', { name: 'Go to page 1' }).getAttribute('href')).toBe('/gallery');
    expect(pagination.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/gallery?page=3');
  });

  it('has no pagination when everything fits on one page', async () => {
    stubGalleries(5);
    renderScreen(<GalleryScreen />, '/gallery');
    await waitFor(() => expect(screen.getAllByTestId('gallery-item')).toHaveLength(5));
    expect(screen.queryByTestId('gallery-pagination')).toBeNull();
  });

  it('links each picture to its view, which links to its neighbours and back to its place', async () => {
    stubGalleries(3);
    renderScreen(<GalleryScreen />, '/gallery');
    await waitFor(() => expect(screen.getAllByTestId('gallery-item')).toHaveLength(3));
    const second = screen.getByRole('link', { name: 'Enlarge “Picture 2”' });
    expect(second.getAttribute('href')).toBe('#gallery-view-g1');
    expect(second.id).toBe('gallery-item-g1');
    const views = screen.getAllByTestId('lightbox', { exact: true });
    expect(views).toHaveLength(3);
    const view = document.getElementById('gallery-view-g1') as HTMLElement;
    expect(view.getAttribute('role')).toBe('dialog');
    expect(within(view).getByRole('heading', { hidden: true }).textContent).toBe('Picture 2');
    expect(within(view).getByTestId('lightbox-counter').textContent).toBe('2 / 3');
    expect(within(view).getByTestId('lightbox-image').getAttribute('src')).toBe('/media/gallery/1.webp');
    expect(within(view).getByTestId('lightbox-close').getAttribute('href')).toBe('#gallery-item-g1');
    expect(within(view).getByTestId('lightbox-previous').getAttribute('href')).toBe('#gallery-view-g0');
    expect(within(view).getByTestId('lightbox-next').getAttribute('href')).toBe('#gallery-view-g2');
    // The first has no previous picture and the last no next one: no link where there is nowhere to go.
    const first = document.getElementById('gallery-view-g0') as HTMLElement;
    const last = document.getElementById('gallery-view-g2') as HTMLElement;
    expect(within(first).queryByTestId('lightbox-previous')).toBeNull();
    expect(within(last).queryByTestId('lightbox-next')).toBeNull();
  });

  it('treats a missing or invalid ?page= as page 1', () => {
    expect(pageFromSearch(null)).toBe(1);
    expect(pageFromSearch('abc')).toBe(1);
    expect(pageFromSearch('0')).toBe(1);
    expect(pageFromSearch('3')).toBe(3);
  });
});
