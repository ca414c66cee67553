import { ContentScreen } from '../features/content/ContentScreen';
import { loadContentPage } from '../features/ssr/page-loaders';
import { seoMeta } from '../features/ssr/seo';
import type { Route } from './+types/presentation';

export const loader = (args: Route.LoaderArgs) => loadContentPage(args, 'presentation');

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function PresentationPage() {
  return <ContentScreen type="presentation" />;
}
