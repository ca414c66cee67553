import { DOCUMENT_HANDLE } from '../document/document';
import { ContentScreen } from '../features/content/ContentScreen';
import { loadContentPage } from '../features/ssr/page-loaders';
import { seoMeta } from '../features/ssr/seo';
import type { Route } from './+types/coverage';

export const loader = (args: Route.LoaderArgs) => loadContentPage(args, 'coverage');

/** A document: sent rendered, never hydrated (issue 33, decision 433). */
export const handle = DOCUMENT_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function CoveragePage() {
  return <ContentScreen type="coverage" />;
}
