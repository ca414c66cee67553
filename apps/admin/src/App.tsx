import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import Link from '@mui/material/Link';
import { ThemeProvider } from '@mui/material/styles';
import type { TOperatorRole } from '@parcelle/shared/contracts/admin';
import { Authenticated, Refine, useIsAuthenticated, usePermissions, useTranslate } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Link as RouterLink, Routes } from 'react-router';
import { accessControlProvider, canSee, homeOf } from './access';
import { Layout, MENU } from './layout/Layout';
import { Notifications, notificationProvider } from './notifications';
import { SignIn } from './pages/auth/SignIn';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { i18n, i18nProvider } from './providers/i18n';
import { theme } from './theme';

// Each screen is its own chunk: the sign-in screen does not wait for the Data Grid, the QR code or the forms.
const Enrol = lazy(() => import('./pages/auth/Enrol').then((module) => ({ default: module.Enrol })));
const DeclareDividend = lazy(() =>
  import('./pages/dividends/DeclareDividend').then((module) => ({ default: module.DeclareDividend })),
);
// members and money
const ExitsList = lazy(() => import('./pages/exits/ExitsList').then((module) => ({ default: module.ExitsList })));
const RecordExitOffer = lazy(() =>
  import('./pages/exits/RecordExitOffer').then((module) => ({ default: module.RecordExitOffer })),
);
const ExitOfferPage = lazy(() =>
  import('./pages/exits/ExitOfferPage').then((module) => ({ default: module.ExitOfferPage })),
);
const DividendsList = lazy(() =>
  import('./pages/dividends/DividendsList').then((module) => ({ default: module.DividendsList })),
);
const DividendPage = lazy(() =>
  import('./pages/dividends/DividendPage').then((module) => ({ default: module.DividendPage })),
);
const MemberPage = lazy(() => import('./pages/members/MemberPage').then((module) => ({ default: module.MemberPage })));
const OperatorsList = lazy(() =>
  import('./pages/operators/OperatorsList').then((module) => ({ default: module.OperatorsList })),
);
const AuditLog = lazy(() => import('./pages/audit/AuditLog').then((module) => ({ default: module.AuditLog })));
const BalancesList = lazy(() =>
  import('./pages/ledger/BalancesList').then((module) => ({ default: module.BalancesList })),
);
const ReconciliationList = lazy(() =>
  import('./pages/ledger/ReconciliationList').then((module) => ({ default: module.ReconciliationList })),
);
const FxExposurePage = lazy(() =>
  import('./pages/fx/FxExposurePage').then((module) => ({ default: module.FxExposurePage })),
);
const LedgerList = lazy(() => import('./pages/ledger/LedgerList').then((module) => ({ default: module.LedgerList })));
const MembersList = lazy(() =>
  import('./pages/members/MembersList').then((module) => ({ default: module.MembersList })),
);
const WithdrawalsList = lazy(() =>
  import('./pages/withdrawals/WithdrawalsList').then((module) => ({ default: module.WithdrawalsList })),
);
const DepositsPage = lazy(() =>
  import('./pages/deposits/DepositsPage').then((module) => ({ default: module.DepositsPage })),
);
// Complaints (issue 30): the queue with the regulatory due days, and a case.
const ComplaintsList = lazy(() =>
  import('./pages/complaints/ComplaintsList').then((module) => ({ default: module.ComplaintsList })),
);
const ComplaintPage = lazy(() =>
  import('./pages/complaints/ComplaintPage').then((module) => ({ default: module.ComplaintPage })),
);
// Revocations in the reflection period (issue 30).
const RevocationsList = lazy(() =>
  import('./pages/revocations/RevocationsList').then((module) => ({ default: module.RevocationsList })),
);
// Identity verification and sanctions (issue 29): the compliance review queue and a case.
const VerificationsList = lazy(() =>
  import('./pages/verifications/VerificationsList').then((module) => ({ default: module.VerificationsList })),
);
const VerificationPage = lazy(() =>
  import('./pages/verifications/VerificationPage').then((module) => ({ default: module.VerificationPage })),
);
// Catalogue (issue 15): works, artists, exchange rates.
const WorksList = lazy(() => import('./pages/works/WorksList').then((module) => ({ default: module.WorksList })));
const WorkPage = lazy(() => import('./pages/works/WorkPage').then((module) => ({ default: module.WorkPage })));
const ArtistsList = lazy(() =>
  import('./pages/artists/ArtistsList').then((module) => ({ default: module.ArtistsList })),
);
const ArtistPage = lazy(() => import('./pages/artists/ArtistPage').then((module) => ({ default: module.ArtistPage })));
const RatesPage = lazy(() => import('./pages/rates/RatesPage').then((module) => ({ default: module.RatesPage })));
// Content (issue 15): editorial pages, galleries, footer settings.
const ContentPagesList = lazy(() =>
  import('./pages/content/ContentPagesList').then((module) => ({ default: module.ContentPagesList })),
);
const ContentPageEditor = lazy(() =>
  import('./pages/content/ContentPageEditor').then((module) => ({ default: module.ContentPageEditor })),
);
const GalleriesPage = lazy(() =>
  import('./pages/content/GalleriesPage').then((module) => ({ default: module.GalleriesPage })),
);
const FooterSettingsPage = lazy(() =>
  import('./pages/content/FooterSettingsPage').then((module) => ({ default: module.FooterSettingsPage })),
);
// Secondary market (issue 17): price bounds and the market mode.
const MarketSettingsPage = lazy(() =>
  import('./pages/market/MarketSettingsPage').then((module) => ({ default: module.MarketSettingsPage })),
);
// Investor protections (issue 30): sophistication requests and one member's consent log.
const InvestorsPage = lazy(() =>
  import('./pages/investors/InvestorsPage').then((module) => ({ default: module.InvestorsPage })),
);
const CATALOGUE_ROUTES = [
  { path: '/works', resource: 'works', element: <WorksList /> },
  { path: '/works/new', resource: 'works', element: <WorkPage /> },
  { path: '/works/:id', resource: 'works', element: <WorkPage /> },
  { path: '/artists', resource: 'artists', element: <ArtistsList /> },
  { path: '/artists/new', resource: 'artists', element: <ArtistPage /> },
  { path: '/artists/:id', resource: 'artists', element: <ArtistPage /> },
  { path: '/rates', resource: 'rates', element: <RatesPage /> },
  { path: '/content', resource: 'content', element: <ContentPagesList /> },
  { path: '/content/:type', resource: 'content', element: <ContentPageEditor /> },
  { path: '/galleries', resource: 'galleries', element: <GalleriesPage /> },
  { path: '/footer', resource: 'footer', element: <FooterSettingsPage /> },
  { path: '/market', resource: 'market', element: <MarketSettingsPage /> },
  { path: '/investors', resource: 'investors', element: <InvestorsPage /> },
  { path: '/revocations', resource: 'revocations', element: <RevocationsList /> },
];

const resources = [
  { name: 'members', list: '/members', show: '/members/:id' },
  { name: 'withdrawals', list: '/withdrawals' },
  { name: 'deposits', list: '/deposits', meta: { path: 'deposits/transfers', listKey: 'transfers' } },
  { name: 'ledger', list: '/ledger', meta: { path: 'ledger/transactions' } },
  { name: 'balances', list: '/balances', meta: { path: 'ledger/balances' } },
  { name: 'reconciliation', list: '/reconciliation', meta: { path: 'reconciliation' } },
  { name: 'fx', list: '/fx', meta: { path: 'fx' } },
  { name: 'verifications', list: '/verifications', show: '/verifications/:id' },
  { name: 'complaints', list: '/complaints', show: '/complaints/:id' },
  { name: 'investors', list: '/investors' },
  { name: 'revocations', list: '/revocations' },
  { name: 'operators', list: '/operators' },
  { name: 'audit', list: '/audit' },
  { name: 'dividends', list: '/dividends', create: '/dividends/new', show: '/dividends/:id' },
  { name: 'exits', list: '/exits', create: '/exits/new', show: '/exits/:id' },
  // Catalogue (issue 15)
  { name: 'works', list: '/works', create: '/works/new', edit: '/works/:id', meta: { path: 'paintings' } },
  { name: 'artists', list: '/artists', create: '/artists/new', edit: '/artists/:id' },
  { name: 'rates', list: '/rates', meta: { path: 'exchange-rates' } },
  // Content (issue 15)
  { name: 'content', list: '/content', edit: '/content/:type' },
  { name: 'galleries', list: '/galleries' },
  { name: 'footer', list: '/footer' },
  { name: 'market', list: '/market', meta: { path: 'market-settings' } },
];

const roleOf = async () => ((await authProvider.getPermissions?.()) as TOperatorRole | null) ?? null;

function Loading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label="…" />
    </Box>
  );
}

/** The console's home: the first screen the operator's role opens. */
function Home() {
  const { data: role, isLoading } = usePermissions<TOperatorRole | null>({});
  if (isLoading) return <Loading />;
  const home = homeOf(
    role,
    MENU.map((entry) => entry.resource),
  );
  return home ? <Navigate to={`/${home}`} replace /> : <Forbidden />;
}

function Forbidden() {
  const translate = useTranslate();
  return <Alert severity="warning">{translate('errors.forbidden')}</Alert>;
}

/** A screen only for the roles that may use it (the API refuses the others anyway). */
function RoleGate({ resource, children }: { resource: string; children: ReactNode }) {
  const { data: role, isLoading } = usePermissions<TOperatorRole | null>({});
  if (isLoading) return <Loading />;
  return canSee(role, resource) ? children : <Forbidden />;
}

/**
 * /login: the sign-in screen, or home once signed in. The screen stays mounted while the auth check is refreshed (a
 * sign-in step invalidates it), so the code step keeps its challenge.
 */
function LoginRoute() {
  const { data, isLoading } = useIsAuthenticated();
  if (isLoading) return <Loading />;
  return data?.authenticated ? <Navigate to="/" replace /> : <SignIn />;
}

function NotFound() {
  const translate = useTranslate();
  return (
    <Box component="main" sx={{ p: 4 }}>
      <Alert
        severity="info"
        action={
          <Link component={RouterLink} to="/">
            {translate('errors.home')}
          </Link>
        }
      >
        {translate('errors.notFound')}
      </Alert>
    </Box>
  );
}

/** The page title follows the language. */
function DocumentTitle() {
  const translate = useTranslate();
  const title = translate('app.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

export function App() {
  // Refine re-renders its screens when its i18nProvider changes: a new one per language (react-i18next tells when).
  const { i18n: instance } = useTranslation(undefined, { i18n });
  const language = instance.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is the reason for a new provider object.
  const translations = useMemo(() => ({ ...i18nProvider }), [language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Refine
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={translations}
        routerProvider={routerProvider}
        notificationProvider={notificationProvider}
        accessControlProvider={accessControlProvider(roleOf)}
        resources={resources}
        options={{
          disableTelemetry: true,
          syncWithLocation: true,
          warnWhenUnsavedChanges: false,
          reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } },
        }}
      >
        <DocumentTitle />
        <Routes>
          <Route
            element={
              <Authenticated key="console" loading={<Loading />}>
                <Layout>
                  <Suspense fallback={<Loading />}>
                    <Outlet />
                  </Suspense>
                </Layout>
              </Authenticated>
            }
          >
            <Route index element={<Home />} />
            <Route
              path="/members"
              element={
                <RoleGate resource="members">
                  <MembersList />
                </RoleGate>
              }
            />
            <Route
              path="/verifications"
              element={
                <RoleGate resource="verifications">
                  <VerificationsList />
                </RoleGate>
              }
            />
            <Route
              path="/verifications/:id"
              element={
                <RoleGate resource="verifications">
                  <VerificationPage />
                </RoleGate>
              }
            />
            <Route
              path="/complaints"
              element={
                <RoleGate resource="complaints">
                  <ComplaintsList />
                </RoleGate>
              }
            />
            <Route
              path="/complaints/:id"
              element={
                <RoleGate resource="complaints">
                  <ComplaintPage />
                </RoleGate>
              }
            />
            <Route
              path="/members/:id"
              element={
                <RoleGate resource="members">
                  <MemberPage />
                </RoleGate>
              }
            />
            <Route
              path="/withdrawals"
              element={
                <RoleGate resource="withdrawals">
                  <WithdrawalsList />
                </RoleGate>
              }
            />
            <Route
              path="/deposits"
              element={
                <RoleGate resource="deposits">
                  <DepositsPage />
                </RoleGate>
              }
            />
            <Route
              path="/ledger"
              element={
                <RoleGate resource="ledger">
                  <LedgerList />
                </RoleGate>
              }
            />
            <Route
              path="/balances"
              element={
                <RoleGate resource="balances">
                  <BalancesList />
                </RoleGate>
              }
            />
            <Route
              path="/reconciliation"
              element={
                <RoleGate resource="reconciliation">
                  <ReconciliationList />
                </RoleGate>
              }
            />
            <Route
              path="/fx"
              element={
                <RoleGate resource="fx">
                  <FxExposurePage />
                </RoleGate>
              }
            />
            <Route
              path="/dividends"
              element={
                <RoleGate resource="dividends">
                  <DividendsList />
                </RoleGate>
              }
            />
            <Route
              path="/dividends/new"
              element={
                <RoleGate resource="dividends">
                  <DeclareDividend />
                </RoleGate>
              }
            />
            <Route
              path="/dividends/:id"
              element={
                <RoleGate resource="dividends">
                  <DividendPage />
                </RoleGate>
              }
            />
            <Route
              path="/exits"
              element={
                <RoleGate resource="exits">
                  <ExitsList />
                </RoleGate>
              }
            />
            <Route
              path="/exits/new"
              element={
                <RoleGate resource="exits">
                  <RecordExitOffer />
                </RoleGate>
              }
            />
            <Route
              path="/exits/:id"
              element={
                <RoleGate resource="exits">
                  <ExitOfferPage />
                </RoleGate>
              }
            />
            <Route
              path="/operators"
              element={
                <RoleGate resource="operators">
                  <OperatorsList />
                </RoleGate>
              }
            />
            <Route
              path="/audit"
              element={
                <RoleGate resource="audit">
                  <AuditLog />
                </RoleGate>
              }
            />
            {CATALOGUE_ROUTES.map((route) => (
              <Route
                key={route.path}
                path={route.path}
                element={<RoleGate resource={route.resource}>{route.element}</RoleGate>}
              />
            ))}
          </Route>
          <Route path="/login" element={<LoginRoute />} />
          <Route
            path="/enrol"
            element={
              <Suspense fallback={<Loading />}>
                <Enrol />
              </Suspense>
            }
          />
          <Route path="*" element={<NotFound />} />
        </Routes>
        <Notifications />
      </Refine>
    </ThemeProvider>
  );
}
