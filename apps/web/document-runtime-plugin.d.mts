import type { Plugin } from 'vite';

/** See document-runtime-plugin.mjs. */
export const RUNTIME_ENTRY: string;
export function documentRuntime(): Plugin[];
