// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { followGalleryViews } from './gallery-views';

/** Three pictures as the gallery renders them: links in the grid, and each one's view with its own links. */
function gallery() {
  const ids = ['a', 'b', 'c'];
  document.body.innerHTML = `
    <ul>${ids.map((id) => `<li><a id="gallery-item-${id}" data-gallery-item href="#gallery-view-${id}">${id}</a></li>`).join('')}</ul>
    ${ids
      .map((id, index) => {
        const previous = ids[index - 1];
        const next = ids[index + 1];
        return `<div id="gallery-view-${id}" data-gallery-view tabindex="-1">
          <a data-gallery-close href="#gallery-item-${id}">close</a>
          ${previous ? `<a data-gallery-previous href="#gallery-view-${previous}">previous</a>` : ''}
          ${next ? `<a data-gallery-next href="#gallery-view-${next}">next</a>` : ''}
        </div>`;
      })
      .join('')}`;
}

const hashChanged = () => new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));
const press = (key: string) =>
  document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

let stop = () => {};
afterEach(async () => {
  stop();
  // The reset's own hashchange is awaited here: left pending, it would answer the next test's first wait.
  if (window.location.hash) {
    const reset = hashChanged();
    window.location.hash = '';
    await reset;
  }
  document.body.innerHTML = '';
});

describe("the gallery's views (decision 482)", () => {
  it('moves with ← and →, closes with Esc to the picture in the grid, and focus follows', async () => {
    gallery();
    stop = followGalleryViews(document);
    window.location.hash = '#gallery-view-b';
    await hashChanged();
    expect(document.activeElement?.id).toBe('gallery-view-b');
    press('ArrowRight');
    await hashChanged();
    expect(window.location.hash).toBe('#gallery-view-c');
    expect(document.activeElement?.id).toBe('gallery-view-c');
    // The last picture has no next one: the key does nothing.
    expect(press('ArrowRight')).toBe(true);
    expect(window.location.hash).toBe('#gallery-view-c');
    press('ArrowLeft');
    await hashChanged();
    press('Escape');
    await hashChanged();
    expect(window.location.hash).toBe('#gallery-item-b');
    expect(document.activeElement?.id).toBe('gallery-item-b');
  });

  it('leaves the keys alone when no view is open (Esc, arrows in the rest of the page)', () => {
    gallery();
    stop = followGalleryViews(document);
    expect(press('Escape')).toBe(true);
    expect(press('ArrowLeft')).toBe(true);
    expect(window.location.hash).toBe('');
  });

  it('says on the page when its keys are on, and no longer once stopped', () => {
    gallery();
    expect(document.documentElement.dataset.galleryKeys).toBeUndefined();
    stop = followGalleryViews(document);
    expect(document.documentElement.dataset.galleryKeys).toBe('on');
    stop();
    stop = () => {};
    expect(document.documentElement.dataset.galleryKeys).toBeUndefined();
  });

  it('starts in the view a shared address names', async () => {
    gallery();
    const changed = hashChanged();
    window.location.hash = '#gallery-view-a';
    stop = followGalleryViews(document);
    expect(document.activeElement?.id).toBe('gallery-view-a');
    // Its hashchange is taken here, not by whichever test waits for one next.
    await changed;
  });
});
