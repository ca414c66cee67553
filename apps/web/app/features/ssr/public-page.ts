import type { Currency } from '@parcelle/shared/constants';
import type { Language, Localized } from '@parcelle/shared/i18n/messages';
import { type DehydratedState, dehydrate, type QueryKey } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { data, type RouterContextProvider } from 'react-router';
import { mediaUrl } from '../catalogue/format';
import { i18n } from '../i18n/i18n';
import { requestLanguage, urlLanguage } from '../i18n/request-language';
import { requestCurrency } from '../preferences/request-currency';
import { isLocalized, NETWORK_ERROR } from '../session/api-error';
import { createQueryClient } from '../session/query-client';
import { ssrRequestContext } from './context';
import type { PageSeo } from './seo';

/**
 * A read the API refused (an unknown work, an artist removed…): the screen's query starts in that error, so the page
 * renders its "not found" or error state. A document has no script to read again with: without this it would show
 * its loading placeholders for ever.
 */
export type FailedRead = { queryKey: QueryKey; status: number; error: Localized };

/** What a public route's loader returns: the queries its page reads, ready for the browser's query cache. */
export type PublicPageData = { dehydrated: DehydratedState; failed?: FailedRead[]; seo?: PageSeo };

/** What a public page's description step gets: reads that fill the page's queries, and the page's language. */
export type PublicPage = {
  language: Language;
  /** The visitor's display currency (its cookie): the amounts the page is rendered with. */
  currency: Currency;
  t: TFunction;
  url: URL;
  /** PUBLIC_URL: absolute links for canonical, alternates and previews. */
  origin: string;
  /** Reads `/api<path>` into the query `queryKey`; undefined when the API refuses it (see `status`). */
  read<T>(queryKey: QueryKey, path: string, query?: Record<string, string | number>): Promise<T | undefined>;
  /** The status of the last read the API refused (404 for an unknown work…), else 200. */
  status: number;
  /** An absolute URL for a media key (Open Graph images must be absolute). */
  absoluteMedia(baseUrl: string, key: string | null | undefined): string | undefined;
  /** The base of every page's SEO block: the caller adds its title, description, images and data. */
  seo(fields: Pick<PageSeo, 'title' | 'description'> & Partial<PageSeo>): PageSeo;
};

type LoaderArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** The page's address as search engines should know it: the path, and `page` when it is not the first. */
function significantPath(url: URL): string {
  const page = Number(url.searchParams.get('page'));
  return Number.isInteger(page) && page > 1 ? `${url.pathname}?page=${page}` : url.pathname;
}

/**
 * Runs a public page's reads on the server (in the API process, through its in-process client and short shared
 * cache) and returns them dehydrated, with the page's SEO block and the reads the API refused; the status follows the
 * main read (a 404 work answers 404, and its page renders the screen's "not found" state from the refused read).
 */
export async function loadPublicPage(
  { request, context }: LoaderArgs,
  describe: (page: PublicPage) => Promise<PageSeo | undefined>,
) {
  const server = context.get(ssrRequestContext);
  const language = requestLanguage(request);
  const url = new URL(request.url);
  const client = createQueryClient();
  const failed: FailedRead[] = [];
  const siteName = i18n.getFixedT(language)('common.appName');
  const page: PublicPage = {
    language,
    currency: requestCurrency(request),
    t: i18n.getFixedT(language),
    url,
    origin: server.publicUrl,
    status: 200,
    async read<T>(queryKey: QueryKey, path: string, query: Record<string, string | number> = {}) {
      const answer = await server.get(path, query, language);
      if (answer.status >= 200 && answer.status < 300) {
        const value = (answer.body as { data: T }).data;
        client.setQueryData(queryKey, value);
        return value;
      }
      page.status = answer.status;
      const refusal = (answer.body as { error?: unknown } | undefined)?.error;
      failed.push({ queryKey, status: answer.status, error: isLocalized(refusal) ? refusal : NETWORK_ERROR });
      return undefined;
    },
    absoluteMedia(baseUrl, key) {
      const src = mediaUrl(baseUrl, key);
      return src ? new URL(src, server.publicUrl).toString() : undefined;
    },
    seo: (fields) => ({
      siteName,
      language,
      origin: server.publicUrl,
      path: significantPath(url),
      negotiated: urlLanguage(url) === undefined,
      type: 'website',
      ...fields,
    }),
  };
  const seo = await describe(page);
  const status = page.status >= 400 && page.status < 500 ? page.status : 200;
  const body: PublicPageData = {
    dehydrated: dehydrate(client),
    ...(failed.length > 0 ? { failed } : {}),
    seo: seo && { ...seo, noindex: seo.noindex || status !== 200 },
  };
  return data(body, { status });
}
