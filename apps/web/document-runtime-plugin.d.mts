import type { Plugin } from 'vite';

/** See document-runtime-plugin.mjs. */
export const RUNTIME_ENTRY: string;
export const PAGE_ENTRY: string;
export function documentRuntime(): Plugin[];
/** The client build's chunk graph (file, written by the client build), relative to the web app's root. */
export const CHUNK_GRAPH: string;
