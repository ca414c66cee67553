import { DOCUMENT_HANDLE } from '../document/document';
import { exitKeys } from '../features/exits/api';
import { PastExitsScreen } from '../features/exits/PastExitsScreen';
import { loadPublicPage } from '../features/ssr/public-page';
import { seoMeta } from '../features/ssr/seo';
import type { Route } from './+types/exits';

/** Issue 17: the public record of past exits, rendered on the server. */
export async function loader(args: Route.LoaderArgs) {
  return loadPublicPage(args, async (page) => {
    await page.read(exitKeys.past(), '/exits');
    return page.seo({ title: page.t('exits.past.title'), description: page.t('exits.past.metaDescription') });
  });
}

/** A document: sent rendered, never hydrated (issue 33, decision 433). */
export const handle = DOCUMENT_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function ExitsPage() {
  return <PastExitsScreen />;
}
