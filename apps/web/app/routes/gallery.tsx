import { GalleryScreen } from '../features/content/GalleryScreen';
import { loadGalleryPage } from '../features/ssr/page-loaders';
import { seoMeta } from '../features/ssr/seo';
import type { Route } from './+types/gallery';

export const loader = (args: Route.LoaderArgs) => loadGalleryPage(args);

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function GalleryPage() {
  return <GalleryScreen />;
}
