import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { catalogueByLanguage } from './catalogue-plugin.mjs';
import { documentRuntime } from './document-runtime-plugin.mjs';

const apiTarget = process.env.PARCELLE_API_URL ?? 'http://127.0.0.1:3000';

/**
 * The server's render must name MUI's styles as the browser's production build does. MUI names each style after its
 * component (`css-1ab2c3-MuiButton-root`) unless NODE_ENV is "production", read at run time where MUI is an external
 * package, so a server started without NODE_ENV=production (npm start, the benches) sent class names the browser
 * never computes: hydration then inserted every style a second time (368 server rules → 717) and restyled the page.
 * The server build bundles MUI and emotion with NODE_ENV fixed to "production", whatever the API process runs as.
 * React stays external: the router and the renderer must share one React with the API process's React Router.
 */
/**
 * React Router's package.json points every condition at its development build (remix-run/react-router#14102):
 * its dev warnings and checks ran in visitors' browsers. The browser build takes the production files the package
 * ships beside them (same version, same API). The server keeps the package's own resolution: the API process and the
 * server build must share one React Router.
 */
function reactRouterProductionInBrowser(): Plugin {
  const dist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
  const files: Record<string, string> = { 'react-router': 'index.mjs', 'react-router/dom': 'dom-export.mjs' };
  return {
    name: 'parcelle:react-router-production-in-browser',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(id) {
      const file = files[id];
      return file ? join(dist, file) : null;
    },
  };
}

/**
 * The CSS Modules of the plain components every page's header and footer render (decisions 494–497: the sign-up, its
 * button, the dialogs' frames, the footer and its three information dialogs; decision 506: the header, its logo,
 * icons, phone menu, language chooser and the artists' quotes above it) in one chunk: one linked stylesheet, gzipped as one, instead of twelve
 * files or a second one for the header (0.7 KB more CSS on every page, measured). Only the modules' class maps are
 * grouped (they import nothing); the components stay in their own chunks. The member's menu and bell bring theirs
 * when they load. Decision 517 adds `Shell`, the artwork's frame, the parts bar and the home's works (0.33 KB on every
 * page; the home needs no third stylesheet). A market's cards, a work's change and an artist's works stay with their
 * routes: all of them here made this stylesheet 1 KB heavier on every page and the islands' class maps over their
 * ceilings. Decision 528 adds the cookie banner, which every page sends (hidden until its runtime shows it).
 */
const FRAME_STYLES =
  /app\/features\/(?:newsletter\/newsletter-signup|forms\/plain-button|contact\/(?:footer-dialog|info-dialogs)|ticker\/ticker|layout\/(?:modal-dialog|dialog-close-button|footer|header|logo|icon|mobile-menu|preferences-menu|shell|visually-hidden|cookie-banner)|catalogue\/(?:artwork-image|parts-bar)|home\/featured-works)\.module\.css$/;

/**
 * The CSS Modules only a work's page draws, in one chunk: its frame, header, facts, chart's frame, documents and
 * investment case (decision 530), and its order book's tables, alerts, small buttons and the euros beside a price
 * (decision 536). Rolldown split them by importer into five stylesheets, each with its own copy of the type variants
 * they compose (decision 529) and its own gzip frame; one stylesheet links one copy, in four requests fewer. Its
 * gallery, "Read more" dialog and exit vote notice joined them when they left MUI (decisions 540, 541), the "Buy now"
 * button and its pinned bar too (decision 543).
 */
const WORK_STYLES =
  /app\/features\/(?:paintings\/(?:painting-screen|investment-case|order-book|gallery|read-more-dialog|exit-vote-notice|buy-now)|market-order\/book-amount|feedback\/plain-alert|forms\/plain-small-button)\.module\.css$/;

const productionStylesOnServer = {
  ssr: { noExternal: [/^@mui\//, /^@emotion\//] },
  environments: { ssr: { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } },
};

export default defineConfig(({ command }) => ({
  plugins: [reactRouter(), catalogueByLanguage(), reactRouterProductionInBrowser(), documentRuntime()],
  build: {
    sourcemap: process.env.SHELL_MAPS === '1',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'frame-styles', test: FRAME_STYLES },
            { name: 'work-styles', test: WORK_STYLES },
          ],
        },
      },
    },
  },
  ...(command === 'build' ? productionStylesOnServer : {}),
  // Pre-bundled in dev up front, so that a first visit is not reloaded when Vite discovers them late.
  optimizeDeps: {
    include: [
      '@emotion/react',
      '@emotion/styled',
      '@hookform/resolvers/zod',
      '@mui/icons-material/AccountBalanceOutlined',
      '@mui/icons-material/AccountBalanceWalletOutlined',
      '@mui/icons-material/ArrowBack',
      '@mui/icons-material/ArrowDropDown',
      '@mui/icons-material/ArrowDropUp',
      '@mui/icons-material/Check',
      '@mui/icons-material/ChevronLeft',
      '@mui/icons-material/ChevronRight',
      '@mui/icons-material/Facebook',
      '@mui/icons-material/HourglassEmptyOutlined',
      '@mui/icons-material/Instagram',
      '@mui/icons-material/LinkedIn',
      '@mui/icons-material/X',
      '@mui/icons-material/YouTube',
      '@mui/icons-material/CheckCircleOutlineOutlined',
      '@mui/icons-material/CreditCardOutlined',
      '@mui/icons-material/CurrencyExchangeOutlined',
      '@mui/icons-material/DownloadOutlined',
      '@mui/icons-material/LockOutlined',
      '@mui/icons-material/Close',
      '@mui/icons-material/ExpandMore',
      '@mui/icons-material/LanguageOutlined',
      '@mui/icons-material/Menu',
      '@mui/icons-material/RadioButtonUnchecked',
      '@mui/icons-material/SearchOff',
      '@mui/icons-material/VerifiedOutlined',
      '@mui/icons-material/VisibilityOffOutlined',
      '@mui/icons-material/VisibilityOutlined',
      '@mui/material',
      '@mui/material/styles',
      // The real payment providers' forms: lazy chunks in the build, pre-bundled here so that opening one in dev
      // does not reload the page in the middle of a payment.
      '@paypal/react-paypal-js',
      '@stripe/react-stripe-js',
      '@stripe/stripe-js',
      '@tanstack/react-query',
      'altcha/lib',
      'countries-list',
      'i18n-iso-countries',
      'i18next',
      'libphonenumber-js/min',
      'react-hook-form',
      'react-i18next',
      // Charts' scales and curves (painting detail, /user/market/primary-market): a dev re-optimisation reloads the
      // page, which would lose the navigation state the member market's detail page is opened with.
      'd3-array',
      'd3-shape',
      'zod',
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
}));
