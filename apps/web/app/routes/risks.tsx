import { ContentScreen } from '../features/content/ContentScreen';
import { loadContentPage } from '../features/ssr/page-loaders';
import { seoMeta } from '../features/ssr/seo';
import type { Route } from './+types/risks';

/** Issue 17: the risk disclosure, an editorial page of its own (edited in the console like the others). */
export const loader = (args: Route.LoaderArgs) => loadContentPage(args, 'risks');

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function RisksPage() {
  return <ContentScreen type="risks" />;
}
