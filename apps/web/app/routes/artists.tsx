import { DOCUMENT_HANDLE } from '../document/document';
import { ArtistsScreen } from '../features/artists/ArtistsScreen';
import { ARTISTS_PAGE_SIZE } from '../features/artists/figures';
import { catalogueKeys } from '../features/catalogue/api';
import { pageFromSearch } from '../features/catalogue/paths';
import { loadPublicPage } from '../features/ssr/public-page';
import { seoMeta } from '../features/ssr/seo';
import type { Route } from './+types/artists';

export async function loader(args: Route.LoaderArgs) {
  return loadPublicPage(args, async (page) => {
    const offset = (pageFromSearch(page.url.searchParams.get('page')) - 1) * ARTISTS_PAGE_SIZE;
    await page.read(catalogueKeys.artists(ARTISTS_PAGE_SIZE, offset, page.currency), '/artists/', {
      limit: ARTISTS_PAGE_SIZE,
      offset,
      currency: page.currency,
    });
    return page.seo({ title: page.t('artists.list.title'), description: page.t('artists.list.metaDescription') });
  });
}

/** A document: sent rendered, never hydrated (issue 33, decision 433). */
export const handle = DOCUMENT_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function ArtistsPage() {
  return <ArtistsScreen />;
}
