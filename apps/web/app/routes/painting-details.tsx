import { MARKET } from '@parcelle/shared/market';
import { redirect, useParams } from 'react-router';
import { DOCUMENT_HANDLE } from '../document/document';
import { catalogueKeys, type PaintingDetailData } from '../features/catalogue/api';
import { mediaUrl } from '../features/catalogue/format';
import { artworkImageSources, PAINTING_MAIN_SIZES } from '../features/catalogue/image-sources';
import { marketOf, marketOfPath, paintingPath } from '../features/catalogue/paths';
import { localized } from '../features/i18n/language';
import { orderBookKey } from '../features/market-order/book';
import { PaintingScreen } from '../features/paintings/PaintingScreen';
import { loadPublicPage } from '../features/ssr/public-page';
import { seoMeta } from '../features/ssr/seo';
import { visualArtworkData } from '../features/ssr/structured-data';
import type { Route } from './+types/painting-details';

/** The work, its parts and its documents, read on the server; its page is a VisualArtwork for search engines. */
export async function loader(args: Route.LoaderArgs) {
  const { paintingId } = args.params;
  return loadPublicPage(args, async (page) => {
    const found = await page.read<PaintingDetailData>(
      catalogueKeys.painting(paintingId, page.currency),
      '/paintings/detail',
      { painting_id: paintingId, currency: page.currency },
    );
    const painting = found?.paintings;
    if (!found || !painting) return page.seo({ title: page.t('pages.paintingDetails'), description: '' });
    // A work lives under the list of its market (the screen does the same on a client-side navigation).
    if (marketOf(painting.market) !== marketOfPath(page.url.pathname)) {
      throw redirect(`${paintingPath(painting)}${page.url.search}`, 301);
    }
    // The book is part of a secondary work's page (decision 453): read here, as a document is never hydrated to read it.
    if (painting.market === MARKET.secondary && painting.market_state !== 'sold') {
      await page.read(orderBookKey(painting.id), '/paintings/order-book', { painting_id: painting.id });
    }
    const title = localized(painting.title, page.language);
    const description = localized(painting.description, page.language).slice(0, 160);
    const mainKey = painting.images[0] ?? painting.cover_img;
    const mainSrc = mediaUrl(found.base_url, mainKey);
    const image = page.absoluteMedia(found.base_url, painting.cover_img);
    return page.seo({
      title: `${title} — ${painting.artist.name}`,
      description,
      type: 'article',
      ...(image ? { image: { url: image, alt: `${title}, ${painting.artist.name}, ${painting.year}` } } : {}),
      ...(mainSrc ? { preload: artworkImageSources(mainSrc, PAINTING_MAIN_SIZES) } : {}),
      structuredData: [
        visualArtworkData(
          painting,
          {
            title,
            description: localized(painting.description, page.language),
            artform: page.language === 'fr' ? painting.painting_type_fr : painting.painting_type_en,
          },
          page,
          image,
        ),
      ],
    });
  });
}

/**
 * A document: sent rendered, never hydrated (issue 33, decisions 433 and 453); its buy panel, order book and watch
 * toggle are islands.
 */
export const handle = DOCUMENT_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/** Serves /primary-market/details/:paintingId and /secondary-market/details/:paintingId. */
export default function PaintingDetailsPage() {
  const { paintingId = '' } = useParams();
  // Keyed by id: a new painting starts with a fresh gallery and closed dialogs.
  return <PaintingScreen key={paintingId} paintingId={paintingId} />;
}
