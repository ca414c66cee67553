import { data } from 'react-router';
import { DOCUMENT_HANDLE } from '../document/document';
import { PlainContactScreen } from '../features/contact/PlainContactScreen';
import { type PlainContactState, plainContactForm, plainContactStep } from '../features/contact/plain-contact';
import { requestLanguage } from '../features/i18n/request-language';
import { ssrRequestContext } from '../features/ssr/context';
import { loadPublicPage } from '../features/ssr/public-page';
import { seoMeta } from '../features/ssr/seo';
import type { Route } from './+types/contact';

/**
 * /contact: the footer's contact form as a page of its own, read and sent without JavaScript (issue 33, decision
 * 476). A visit shows the form with a token signed for it now; its post's action sends the message or shows the form
 * again (features/contact/plain-contact.ts). With a script, the footer's link opens the dialog instead.
 */
export async function loader(args: Route.LoaderArgs) {
  const page = await loadPublicPage(args, async (page) =>
    page.seo({ title: page.t('content.contact.title'), description: page.t('content.contact.intro') }),
  );
  return data({ ...page.data, contact: plainContactForm(args.context.get(ssrRequestContext)) }, page.init ?? undefined);
}

export async function action({ request, context }: Route.ActionArgs): Promise<PlainContactState> {
  return plainContactStep(await request.formData(), requestLanguage(request), context.get(ssrRequestContext));
}

/** The page holds a token made for this visitor, and a post what they typed: never kept by a cache. */
export const headers: Route.HeadersFunction = () => ({ 'cache-control': 'no-store' });

/** A document: sent rendered, never hydrated (issue 33, decision 433). */
export const handle = DOCUMENT_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  return <PlainContactScreen page={actionData ?? loaderData.contact} />;
}
