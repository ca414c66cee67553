import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { Currency } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router';
import { isDocumentPage } from './document/document';
import { i18n, initI18n } from './features/i18n/i18n';
import { setServerLanguageSource } from './features/i18n/language';
import { requestLanguage } from './features/i18n/request-language';
import { setServerCurrencySource } from './features/preferences/currency';
import { requestCurrency } from './features/preferences/request-currency';
import { ssrRequestContext } from './features/ssr/context';
import { lowPriorityModules } from './features/ssr/module-priority';
import { NonceContext } from './features/ssr/nonce';
import { createStyleCache } from './features/ssr/style-cache';

export { createLoadContext } from './features/ssr/context';
/** Read by the API process's cache of rendered documents (decision 471). */
export { pageChangesAt, pageVariant } from './features/ssr/page-cache';

export const streamTimeout = 5_000;

initI18n();
/** The language and the display currency of the page being rendered (the visitor's, per request). */
const rendering = new AsyncLocalStorage<{ language: Language; currency: Currency }>();
setServerLanguageSource(() => rendering.getStore()?.language);
setServerCurrencySource(() => rendering.getStore()?.currency);

/** The whole document, once every part is rendered (no streamed fallbacks: crawlers and no-JS readers see it all). */
function renderDocument(element: React.ReactNode, nonce: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown;
    const { pipe, abort } = renderToPipeableStream(element, {
      // React's own inline scripts (a lazy part of the page revealed once loaded) carry the nonce as well.
      nonce,
      // The document is sent whole (onAllReady), so nothing is gained by React "outlining" a large finished part:
      // above ~12 KB it would send a fallback in place and the part at the end of the page, moved in by an inline
      // script. Readers without JavaScript then saw the home's statistics as an empty skeleton, and every browser paid
      // a second layout after the move (issue 14).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => (failed ? reject(failed) : resolve(Buffer.concat(chunks).toString('utf8'))));
        pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed ??= error;
      },
    });
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

/**
 * Renders a page on the server (decision "server rendering"): in the visitor's language, with the critical CSS
 * of every MUI component on the page in the head (emotion extracts it per request, so the first paint is styled
 * and hydration inserts nothing), and the CSP nonce on React Router's inline scripts (a hydrated page's only).
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  headers.set('Content-Type', 'text/html; charset=utf-8');
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  // A document has no inline script (decision 433): its one script, the runtime, is the site's own ('self'), so it
  // carries no nonce and is the same for every visitor, which lets the server keep it (decision 471).
  const { matches } = routerContext.staticHandlerContext;
  const inDocument = isDocumentPage(
    matches.map(({ route }) => ({ handle: routerContext.routeModules[route.id]?.handle })),
  );
  const nonce = inDocument ? undefined : loadContext.get(ssrRequestContext).nonce;
  const language = requestLanguage(request);
  const translator = i18n.cloneInstance({ lng: language, initAsync: false });
  const cache = createStyleCache();
  const emotion = createEmotionServer(cache);
  const html = await rendering.run({ language, currency: requestCurrency(request) }, () =>
    renderDocument(
      <NonceContext.Provider value={nonce}>
        <CacheProvider value={cache}>
          <I18nextProvider i18n={translator}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </I18nextProvider>
        </CacheProvider>
      </NonceContext.Provider>,
      nonce,
    ),
  );
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return new Response(
    `<!DOCTYPE html>${lowPriorityModules(html.replace(/^<!DOCTYPE html>/i, '').replace('</head>', `${styles}</head>`))}`,
    {
      status,
      headers,
    },
  );
}
