import type { Plugin } from 'vite';

/** See catalogue-plugin.mjs. */
export function catalogueByLanguage(): Plugin;
