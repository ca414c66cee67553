import { useParams } from 'react-router';
import { DOCUMENT_HANDLE } from '../document/document';
import { certificateKeys } from '../features/certificates/api';
import { CertificateVerifyScreen } from '../features/certificates/CertificateVerifyScreen';
import { loadPublicPage } from '../features/ssr/public-page';
import { seoMeta } from '../features/ssr/seo';
import type { Route } from './+types/certificate-verify';

/** The verification, read on the server: the page a certificate's QR code opens shows its answer at once. */
export async function loader(args: Route.LoaderArgs) {
  const { number } = args.params;
  return loadPublicPage(args, async (page) => {
    await page.read(certificateKeys.verify(number), `/certificates/verify/${encodeURIComponent(number)}`);
    // A certificate concerns one holder: answered to whoever holds its number, never listed by search engines.
    return page.seo({
      title: page.t('certificates.verify.title'),
      description: page.t('certificates.verify.metaDescription'),
      noindex: true,
    });
  });
}

/** A document: sent rendered, never hydrated (issue 33, decision 433). */
export const handle = DOCUMENT_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/** Serves /certificates/verify/:number, the page a certificate's QR code opens. */
export default function CertificateVerifyPage() {
  const { number = '' } = useParams();
  return <CertificateVerifyScreen key={number} number={number} />;
}
