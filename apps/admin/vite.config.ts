import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.PARCELLE_API_URL ?? 'http://127.0.0.1:3000';

/**
 * The operator console: a client-only SPA served by the API at /admin (apps/api/src/http/admin-app.ts). The build
 * has no inline script (the console's CSP is `script-src 'self'`): Vite's module preload polyfill is left out.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, modulePreload: { polyfill: false }, sourcemap: false },
  server: {
    port: 5174,
    proxy: { '/api': { target: apiTarget, changeOrigin: true }, '/media': { target: apiTarget, changeOrigin: true } },
  },
});
