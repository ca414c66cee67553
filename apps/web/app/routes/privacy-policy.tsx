import { ContentScreen } from '../features/content/ContentScreen';
import { loadContentPage } from '../features/ssr/page-loaders';
import { seoMeta } from '../features/ssr/seo';
import type { Route } from './+types/privacy-policy';

export const loader = (args: Route.LoaderArgs) => loadContentPage(args, 'privacy-policy');

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function PrivacyPolicyPage() {
  return <ContentScreen type="privacy-policy" />;
}
