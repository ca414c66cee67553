import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { catalogueByLanguage } from './catalogue-plugin.mjs';

const apiTarget = process.env.PARCELLE_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [reactRouter(), catalogueByLanguage()],
  build: { sourcemap: process.env.SHELL_MAPS === '1' },
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
      // Charts (painting detail, /user/market/primary-market): a dev re-optimisation reloads the page, which
      // would lose the navigation state the member market's detail page is opened with.
      'recharts',
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
});
