import { DOCUMENT_HANDLE } from '../document/document';
import { requestLanguage } from '../features/i18n/request-language';
import { PlainSignupScreen } from '../features/newsletter/PlainSignupScreen';
import { type PlainSignupStep, plainSignupStep } from '../features/newsletter/plain-signup';
import { ssrRequestContext } from '../features/ssr/context';
import { loadPublicPage } from '../features/ssr/public-page';
import { seoMeta } from '../features/ssr/seo';
import type { Route } from './+types/newsletter-subscribe';

/**
 * /newsletter/subscribe: the footer's sign-up as plain forms, for a page read without JavaScript (decision 465). A
 * visit shows the address step; each post's action decides the next step (features/newsletter/plain-signup.ts).
 */
export async function loader(args: Route.LoaderArgs) {
  return loadPublicPage(args, async (page) =>
    page.seo({
      title: page.t('content.newsletter.subscribeTitle'),
      description: page.t('content.footer.newsletterText'),
      noindex: true,
    }),
  );
}

export async function action({ request, context }: Route.ActionArgs): Promise<PlainSignupStep> {
  return plainSignupStep(await request.formData(), requestLanguage(request), context.get(ssrRequestContext));
}

/** Each step holds a token or an address: never kept by a cache. */
export const headers: Route.HeadersFunction = () => ({ 'cache-control': 'no-store' });

/** A document: sent rendered, never hydrated (issue 33, decision 433). */
export const handle = DOCUMENT_HANDLE;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function NewsletterSubscribePage({ actionData }: Route.ComponentProps) {
  return <PlainSignupScreen step={actionData ?? { step: 'address', email: '', back: '/' }} />;
}
