import { PAGE_SIZE } from '@parcelle/shared/constants';
import type { ContentType } from '@parcelle/shared/contracts/catalogue';
import { type ContentPage, catalogueKeys, type MarketType, type PaintingsData } from '../catalogue/api';
import { mediaUrl } from '../catalogue/format';
import { artworkImageSources, PAINTING_CARD_SIZES } from '../catalogue/image-sources';
import { pageFromSearch } from '../catalogue/paths';
import { GALLERY_PAGE_SIZE } from '../content/GalleryScreen';
import { CONTENT_PAGES } from '../content/pages';
import { localized } from '../i18n/language';
import { loadPublicPage } from './public-page';

/**
 * Loaders shared by several public routes (both markets, the editorial pages, the gallery): the same reads as the
 * screens' queries, on the server.
 */

type Args = Parameters<typeof loadPublicPage>[0];

export function loadMarketPage(args: Args, type: MarketType) {
  return loadPublicPage(args, async (page) => {
    const limit = PAGE_SIZE.market;
    const offset = (pageFromSearch(page.url.searchParams.get('page')) - 1) * limit;
    const list = await page.read<PaintingsData>(
      catalogueKeys.paintings(type, limit, offset, page.currency),
      '/paintings/',
      {
        type,
        limit,
        offset,
        currency: page.currency,
      },
    );
    // The first card's artwork is the page's largest paint on a phone (one column): fetched from the head, at once.
    const first = list?.paintings[0];
    const firstSrc = first && list ? mediaUrl(list.base_url, first.cover_img) : undefined;
    return page.seo({
      title: page.t(`paintings.market.${type}.title`),
      description: page.t(`paintings.market.${type}.metaDescription`),
      ...(firstSrc ? { preload: artworkImageSources(firstSrc, PAINTING_CARD_SIZES) } : {}),
    });
  });
}

export function loadContentPage(args: Args, type: ContentType) {
  return loadPublicPage(args, async (page) => {
    const content = await page.read<ContentPage>(catalogueKeys.page(type), '/content/', { type });
    const def = CONTENT_PAGES[type];
    return page.seo({
      title: content ? localized(content.title, page.language) : page.t(def.nameKey),
      description: page.t(def.descriptionKey),
      type: 'article',
    });
  });
}

export function loadGalleryPage(args: Args) {
  return loadPublicPage(args, async (page) => {
    const offset = (pageFromSearch(page.url.searchParams.get('page')) - 1) * GALLERY_PAGE_SIZE;
    await page.read(catalogueKeys.galleries(GALLERY_PAGE_SIZE, offset), '/content/galleries', {
      limit: GALLERY_PAGE_SIZE,
      offset,
    });
    return page.seo({ title: page.t('pages.gallery'), description: page.t('content.meta.gallery') });
  });
}
