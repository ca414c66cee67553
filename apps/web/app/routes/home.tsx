import { DOCUMENT_HANDLE } from '../document/document';
// The home's statistics are a lazy part of the page (features/home/Home.tsx), drawn on the server with the others: a
// lazy chunk's stylesheet is not linked by the server's HTML, so the route links the chart's (issue 33).
import '../features/charts/year-chart.css';
import { catalogueKeys, type HomeData } from '../features/catalogue/api';
import { mediaUrl } from '../features/catalogue/format';
import { artworkImageSources, HOME_HERO_SIZES } from '../features/catalogue/image-sources';
import { Home, heroWork } from '../features/home/Home';
import { localized } from '../features/i18n/language';
import { loadPublicPage } from '../features/ssr/public-page';
import { seoMeta } from '../features/ssr/seo';
import { organizationData } from '../features/ssr/structured-data';
import type { Route } from './+types/home';

export async function loader(args: Route.LoaderArgs) {
  return loadPublicPage(args, async (page) => {
    const home = await page.read<HomeData>(catalogueKeys.home(page.currency), '/content/home', {
      currency: page.currency,
    });
    const hero = heroWork(home?.featured);
    const heroSrc = hero && home ? mediaUrl(home.base_url, hero.cover_img) : undefined;
    const description = page.t('home.metaDescription');
    const siteName = page.t('common.appName');
    return page.seo({
      title: page.t('common.tagline'),
      description,
      ...(hero && heroSrc && home
        ? {
            image: {
              url: page.absoluteMedia(home.base_url, hero.cover_img) ?? heroSrc,
              alt: localized(hero.title, page.language),
            },
            preload: artworkImageSources(heroSrc, HOME_HERO_SIZES),
          }
        : {}),
      structuredData: [organizationData(page.origin, siteName, description)],
    });
  });
}

/** A document: sent rendered, never hydrated (issue 33, decision 433); its join invitations are guest-only. */
export const handle = DOCUMENT_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function HomePage() {
  return <Home />;
}
