import { DOCUMENT_HANDLE } from '../document/document';
import { ArtistDetailScreen } from '../features/artists/ArtistDetailScreen';
import { type ArtistDetailData, catalogueKeys } from '../features/catalogue/api';
import { mediaUrl } from '../features/catalogue/format';
import { ARTIST_PORTRAIT_SIZES, artworkImageSources } from '../features/catalogue/image-sources';
import { localized } from '../features/i18n/language';
import { loadPublicPage } from '../features/ssr/public-page';
import { seoMeta } from '../features/ssr/seo';
import { personData } from '../features/ssr/structured-data';
import type { Route } from './+types/artist-details';

/** The artist, their figures and works, read on the server; the page is a Person for search engines. */
export async function loader(args: Route.LoaderArgs) {
  const { artistId } = args.params;
  return loadPublicPage(args, async (page) => {
    const found = await page.read<ArtistDetailData>(catalogueKeys.artist(artistId, page.currency), '/artists/detail', {
      artistId,
      currency: page.currency,
    });
    if (!found) return page.seo({ title: page.t('artists.detail.notFoundTitle'), description: '' });
    const { artist } = found;
    const portrait = mediaUrl(found.base_url, artist.img);
    const image = page.absoluteMedia(found.base_url, artist.img);
    return page.seo({
      title: artist.name,
      description: page.t('artists.detail.metaDescription', { name: artist.name }),
      type: 'profile',
      ...(image ? { image: { url: image, alt: artist.name } } : {}),
      ...(portrait ? { preload: artworkImageSources(portrait, ARTIST_PORTRAIT_SIZES) } : {}),
      structuredData: [personData(artist, page, image, localized(artist.bio, page.language).slice(0, 300))],
    });
  });
}

/** A document: sent rendered, never hydrated (issue 33, decision 433); its charts and table need no script. */
export const handle = DOCUMENT_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function ArtistDetailsPage() {
  return <ArtistDetailScreen />;
}
