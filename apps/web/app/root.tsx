import documentRuntime, { documentPage } from 'virtual:parcelle-document-runtime';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { DocumentContext, useDocumentPageOnServer } from './document/document';
import './app.css';
// The theme's design tokens as CSS custom properties, for the components styled by CSS Modules (decision 493).
import './features/theme/tokens.css';
import { ToastProvider } from './features/feedback/toast';
import { initI18n } from './features/i18n/i18n';
import { RouterNavigation } from './features/layout/router-navigation';
import { createQueryClient, queryClient } from './features/session/query-client';
import { ssrRequestContext } from './features/ssr/context';
import { useNonce } from './features/ssr/nonce';
import { theme } from './features/theme/theme';
import cormorantLatin from './fonts/cormorant-garamond-latin-wght.woff2?url';
import interLatin from './fonts/inter-latin-wght-400-700.woff2?url';

initI18n();

/** The latin files of the two families are fetched at once, not when the CSS is parsed (issue 14). */
const fontPreloads = [interLatin, cormorantLatin].map((href) => ({
  rel: 'preload',
  href,
  as: 'font',
  type: 'font/woff2',
  crossOrigin: 'anonymous' as const,
}));

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  ...fontPreloads,
];

/** What every page needs from the server's configuration: whether (and where) the browser reports its errors. */
export function loader({ context }: Route.LoaderArgs) {
  return { browserErrors: context.get(ssrRequestContext).browserErrors };
}

/** The configuration does not change during a visit: navigations never ask for it again. */
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = () => [
  { title: 'Parcelle' },
  { name: 'description', content: 'Parcelle — fractional co-ownership of premium paintings.' },
];

export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const nonce = useNonce();
  // A document (issue 33, decision 433) is sent without React Router's scripts: it is never hydrated, and loads the
  // small document runtime instead (the member's header, the cookie banner, islands mounted when used).
  const inDocument = useDocumentPageOnServer();
  // A document's runtime starts the error reports itself when the server names a DSN (it has no loader data).
  const browserErrors = useRouteLoaderData<typeof loader>('root')?.browserErrors;
  // The server renders in the visitor's language (request-language.ts); the browser starts in the language of
  // the html tag it was given, so both agree.
  return (
    <html lang={i18n.resolvedLanguage ?? i18n.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#F5F1EA" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {inDocument ? (
          documentRuntime && (
            <script
              type="module"
              src={documentRuntime}
              // What the runtime starts once the page is painted (decision 502).
              data-document-page={documentPage ?? undefined}
              nonce={nonce}
              {...(browserErrors
                ? { 'data-errors-dsn': browserErrors.dsn, 'data-errors-environment': browserErrors.environment }
                : {})}
            />
          )
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // The browser keeps one client for the whole visit; the server one per request (no data shared between visitors).
  const [client] = useState(() =>
    typeof window === 'undefined' ? createQueryClient({ onServer: true }) : queryClient,
  );
  const { browserErrors } = useLoaderData<typeof loader>();
  const inDocument = useDocumentPageOnServer();
  useEffect(() => {
    // The module itself is fetched only when the server names a DSN (not a byte of it in the first load otherwise).
    if (browserErrors)
      void import('./features/observability/browser-errors').then((m) => m.startBrowserErrorReports(browserErrors));
  }, [browserErrors]);
  return (
    <DocumentContext.Provider value={inDocument}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={client}>
          <ToastProvider>
            <RouterNavigation>
              <Outlet />
            </RouterNavigation>
          </ToastProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </DocumentContext.Provider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const browserErrors = useRouteLoaderData<typeof loader>('root')?.browserErrors;
  useEffect(() => {
    if (browserErrors && !isRouteErrorResponse(error)) {
      void import('./features/observability/browser-errors').then((m) => m.reportCaughtError(browserErrors, error));
    }
  }, [browserErrors, error]);
  return (
    <main style={{ maxWidth: 640, margin: '0 auto', padding: '96px 24px', fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontFamily: 'Georgia, serif', fontWeight: 500, fontSize: 40 }}>
        {notFound ? t('pages.notFound') : t('msg:SomethingWentWrong')}
      </h1>
      <p>
        <a href="/">{t('common.backHome')}</a>
      </p>
    </main>
  );
}
