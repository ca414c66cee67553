import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { ToastProvider } from './features/feedback/toast';
import { initI18n } from './features/i18n/i18n';
import { queryClient } from './features/session/query-client';
import { theme } from './features/theme/theme';

initI18n();

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  // The prerendered index.html carries no lang: the language detector reads the html tag before the
  // browser's languages, and a fixed "en" there would hide them. The client sets it at start-up.
  const language = typeof document === 'undefined' ? undefined : i18n.resolvedLanguage;
  return (
    <html lang={language} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#F5F1EA" />
        <meta name="description" content="Parcelle — fractional co-ownership of premium paintings." />
        <title>Parcelle</title>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The app starts on the client only (SPA): nothing to load, but this lets the build prerender a splash. */
export async function clientLoader() {
  return null;
}

export function HydrateFallback() {
  return (
    <div className="splash" aria-busy="true">
      Parcelle
    </div>
  );
}

export default function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <Outlet />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
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
