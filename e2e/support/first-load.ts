import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The built web client (what `npm run build` writes and the server sends). */
export const clientDir = join(import.meta.dirname, '..', '..', 'apps', 'web', 'build', 'client');

export type FileSize = { file: string; raw: number; gzip: number; brotli: number };

type ManifestEntry = {
  module: string;
  imports?: string[];
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
};
type Manifest = {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry & { parentId?: string }>;
};

/** React Router writes its browser manifest as `window.__reactRouterManifest={...}` in /assets/manifest-<hash>.js. */
function readManifest(dir: string): { file: string; manifest: Manifest } {
  const name = readdirSync(join(dir, 'assets')).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`no React Router manifest in ${dir}/assets`);
  const text = readFileSync(join(dir, 'assets', name), 'utf8');
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  return { file: `/assets/${name}`, manifest: JSON.parse(json) as Manifest };
}

/** Static imports of a built module (`import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`), not `import()`. */
function staticImports(code: string, from: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)(["'])([^"'\n]+\.js)\1/g)) {
    const spec = match[2] ?? '';
    if (spec.startsWith('.') || spec.startsWith('/')) {
      found.push(spec.startsWith('/') ? spec : posix.join(posix.dirname(from), spec));
    }
  }
  return found;
}

/**
 * Every JavaScript file the home page needs before it is interactive: the client entry and, for
 * each route of the home page's branch (root → shell → home), its module, the split client loader / middleware /
 * hydrate-fallback modules and their static imports, followed to the end; and the texts of the page's language
 * (`translations.<lang>-<hash>.js`, which apps/web/app/features/i18n/i18n.ts awaits before the first render, with a
 * dynamic import). Other lazy `import()`s are not counted. The route manifest file (`manifest-<hash>.js`) is read for
 * the route graph but not counted: with React Router's lazy route discovery (the default, react-router.config.ts sets
 * no other) the browser never downloads it — the server inlines the routes of the page in the HTML and the others are
 * fetched as the visitor follows links (checked in a browser: no `manifest-*.js` request on the home page).
 */
export function firstLoadFiles(dir: string, routeId = 'routes/home', language = 'en'): string[] {
  const { manifest } = readManifest(dir);
  const branch: ManifestEntry[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    branch.unshift(route);
  }
  const seen = new Set<string>();
  const texts = readdirSync(join(dir, 'assets')).find(
    (file) => file.startsWith(`translations.${language}-`) && file.endsWith('.js'),
  );
  if (!texts) throw new Error(`no ${language} translations chunk in ${dir}/assets`);
  const queue = [`/assets/${texts}`];
  for (const entry of [manifest.entry, ...branch]) {
    queue.push(entry.module, ...(entry.imports ?? []));
    for (const extra of [entry.clientLoaderModule, entry.clientMiddlewareModule, entry.hydrateFallbackModule]) {
      if (extra) queue.push(extra);
    }
  }
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(readFileSync(join(dir, file), 'utf8'), file));
  }
  return [...seen];
}

export function sizeOf(dir: string, file: string): FileSize {
  const bytes = readFileSync(join(dir, file));
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** A client build: its assets, and its server build beside it (server rendering) or a prerendered index.html. */
export function hasBuild(dir = clientDir): boolean {
  const page = existsSync(join(dir, '..', 'server', 'index.js')) || existsSync(join(dir, 'index.html'));
  return page && existsSync(join(dir, 'assets'));
}

export function firstLoadSizes(dir = clientDir, routeId = 'routes/home') {
  const files = firstLoadFiles(dir, routeId).map((file) => sizeOf(dir, file));
  const total = (key: 'raw' | 'gzip' | 'brotli') => files.reduce((sum, file) => sum + file[key], 0);
  return { files, raw: total('raw'), gzip: total('gzip'), brotli: total('brotli') };
}

/** The built file of the document runtime (apps/web/app/document/document-runtime.ts, decision 433). */
export function documentRuntimeFile(dir = clientDir): string {
  const name = readdirSync(join(dir, 'assets')).find((file) => /^document-runtime-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`no document runtime in ${dir}/assets`);
  return `/assets/${name}`;
}

/** The module the document runtime loads once the page is painted (decision 502), as the build named it. */
export const DOCUMENT_PAGE_MODULE = 'app/document/document-page.ts';

/**
 * Every JavaScript file a document page (issue 33) loads before a visitor acts: the module scripts its HTML names and
 * their static imports, then the page runtime the document runtime loads once the page is painted (decision 502) and
 * its imports, followed to the end. The islands are dynamic imports, loaded when used: not counted.
 */
export function documentFirstLoadFiles(entries: readonly string[], dir = clientDir): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  if (entries.includes(documentRuntimeFile(dir))) queue.push(`/${chunkOf(readChunkGraph(dir), DOCUMENT_PAGE_MODULE)}`);
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(readFileSync(join(dir, file), 'utf8'), file));
  }
  return [...seen];
}

export function documentFirstLoadSizes(entries: readonly string[] = [documentRuntimeFile()], dir = clientDir) {
  const files = documentFirstLoadFiles(entries, dir).map((file) => sizeOf(dir, file));
  const total = (key: 'raw' | 'gzip' | 'brotli') => files.reduce((sum, file) => sum + file[key], 0);
  return { files, raw: total('raw'), gzip: total('gzip'), brotli: total('brotli') };
}

/**
 * The client build's chunk graph, written beside the served files by the build (apps/web/document-runtime-plugin.mjs,
 * `CHUNK_GRAPH`): each JavaScript chunk's static and dynamic imports, the packages bundled in it and the module it is
 * the facade of. Paths are relative to the client folder (`assets/x.js`).
 */
export type ChunkGraph = Record<
  string,
  { facade: string | null; imports: string[]; dynamicImports: string[]; packages: string[] }
>;

export function readChunkGraph(dir = clientDir): ChunkGraph {
  return JSON.parse(readFileSync(join(dir, '..', 'client-chunks.json'), 'utf8')) as ChunkGraph;
}

/** The chunk a module of the web app (`app/…`, relative to apps/web) is the facade of. */
export function chunkOf(graph: ChunkGraph, module: string): string {
  const file = Object.keys(graph).find((name) => graph[name]?.facade === module);
  if (!file) throw new Error(`no chunk for ${module} in the client build's chunk graph`);
  return file;
}

/** The chunks `starts` load: their static imports to the end, and with `dynamic` what they may import later too. */
export function chunkClosure(graph: ChunkGraph, starts: readonly string[], dynamic: boolean): string[] {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = graph[file];
    if (!chunk) throw new Error(`${file} is not in the client build's chunk graph`);
    queue.push(...chunk.imports, ...(dynamic ? chunk.dynamicImports : []));
  }
  return [...seen];
}
