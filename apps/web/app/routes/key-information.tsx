import type { TKeyInformationVersion } from '@parcelle/shared/contracts/key-information';
import { useParams } from 'react-router';
import { DOCUMENT_HANDLE } from '../document/document';
import { keyInformationKeys } from '../features/key-information/api';
import { KeyInformationScreen } from '../features/key-information/KeyInformationScreen';
import { loadPublicPage } from '../features/ssr/public-page';
import { seoMeta } from '../features/ssr/seo';
import type { Route } from './+types/key-information';

/** The work's current key information document, read on the server: the page reads without a script (decision 484). */
export async function loader(args: Route.LoaderArgs) {
  const { paintingId } = args.params;
  return loadPublicPage(args, async (page) => {
    const version = await page.read<TKeyInformationVersion>(
      keyInformationKeys.document(paintingId),
      `/paintings/${encodeURIComponent(paintingId)}/key-information`,
    );
    const text = version?.[page.language];
    return page.seo({
      title: text?.title ?? page.t('keyInformation.page.missingTitle'),
      description: text?.subtitle ?? '',
      type: 'article',
    });
  });
}

/** A document: sent rendered, never hydrated (issue 33, decisions 433 and 484); the member's confirmation is an island. */
export const handle = DOCUMENT_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/** Serves /key-information/:paintingId: a work's key information document (issue 30), public, read by members. */
export default function KeyInformationPage() {
  const { paintingId = '' } = useParams();
  return <KeyInformationScreen key={paintingId} paintingId={paintingId} />;
}
