import { DOCUMENT_HANDLE } from '../document/document';
import { MarketScreen } from '../features/paintings/MarketScreen';
import { loadMarketPage } from '../features/ssr/page-loaders';
import { seoMeta } from '../features/ssr/seo';
import type { Route } from './+types/primary-market';

export const loader = (args: Route.LoaderArgs) => loadMarketPage(args, 'primary');

/** A document: sent rendered, never hydrated (issue 33, decision 433). */
export const handle = DOCUMENT_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function PrimaryMarketPage() {
  return <MarketScreen type="primary" />;
}
