import { DOCUMENT_HANDLE } from '../document/document';
import { GalleryScreen } from '../features/content/GalleryScreen';
import { loadGalleryPage } from '../features/ssr/page-loaders';
import { seoMeta } from '../features/ssr/seo';
import type { Route } from './+types/gallery';

export const loader = (args: Route.LoaderArgs) => loadGalleryPage(args);

/** A document: sent rendered, never hydrated (issue 33, decisions 433 and 482). */
export const handle = DOCUMENT_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function GalleryPage() {
  return <GalleryScreen />;
}
