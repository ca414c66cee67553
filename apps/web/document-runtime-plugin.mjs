import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The script a document page loads (issue 33), relative to the web app's root. */
export const RUNTIME_ENTRY = 'app/document/document-runtime.ts';
/** What the runtime starts once the page is painted (decision 502): an entry of its own, loaded by a script element. */
export const PAGE_ENTRY = 'app/document/document-page.ts';
const VIRTUAL = 'virtual:parcelle-document-runtime';
/** The client build's chunk graph with the packages in each chunk, beside (not in) the served files. */
export const CHUNK_GRAPH = 'build/client-chunks.json';

/** `@scope/name` or `name` of a module inside node_modules; null for the app's own modules. */
function packageOf(moduleId) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId.replaceAll('\\', '/'));
  return match ? match[1] : null;
}
const RESOLVED = `\0${VIRTUAL}`;

/**
 * Builds the runtime of document pages as one more entry of the client build and tells the server build its address
 * (and that of the page runtime it starts once the page is painted, an entry too: decision 502).
 *
 * A document page (a route with `handle.document`) is sent without React Router's scripts; it loads this one small
 * module instead. The client build (first) gets it as an extra input, so it shares chunks with the app (the islands
 * it imports when a visitor acts are the app's own components); the server build (second) reads its hashed file name
 * from the client build's Vite manifest (React Router enables the manifest for every build) through
 * `virtual:parcelle-document-runtime`. In dev, the source file itself is served. The browser's copy of the module is
 * `null`: documents are never hydrated, so no browser ever renders the script tag.
 */
export function documentRuntime() {
  let command = 'serve';
  let root = process.cwd();
  return [
    {
      name: 'parcelle:document-runtime-entry',
      apply: 'build',
      applyToEnvironment: (environment) => environment.name === 'client',
      configResolved(config) {
        root = config.root;
      },
      options(options) {
        const entries = { 'document-runtime': join(root, RUNTIME_ENTRY), 'document-page': join(root, PAGE_ENTRY) };
        const input = options.input;
        if (Array.isArray(input)) return { ...options, input: [...input, ...Object.values(entries)] };
        if (input && typeof input === 'object') return { ...options, input: { ...input, ...entries } };
        return { ...options, input: [...(input ? [input] : []), ...Object.values(entries)] };
      },
      /**
       * Writes the chunk graph (each JavaScript chunk's static and dynamic imports, the packages bundled in it and the
       * module it is the facade of), so that a test can tell what an island loads without building again: the
       * public islands must carry no MUI (decision 495, e2e/budget.e2e.ts). Vite's manifest names no packages, and
       * React Router deletes it after the build.
       */
      writeBundle(_options, bundle) {
        const chunks = {};
        for (const [file, chunk] of Object.entries(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const packages = [...new Set(chunk.moduleIds.map(packageOf).filter(Boolean))].sort();
          chunks[file] = {
            facade: chunk.facadeModuleId ? relative(root, chunk.facadeModuleId).replaceAll('\\', '/') : null,
            imports: chunk.imports,
            dynamicImports: chunk.dynamicImports,
            packages,
          };
        }
        writeFileSync(join(root, CHUNK_GRAPH), `${JSON.stringify(chunks)}\n`);
      },
    },
    {
      name: 'parcelle:document-runtime-address',
      configResolved(config) {
        command = config.command;
        root = config.root;
      },
      resolveId(id) {
        return id === VIRTUAL ? RESOLVED : null;
      },
      load(id) {
        if (id !== RESOLVED) return null;
        if (this.environment?.name === 'client') return 'export default null;\nexport const documentPage = null;';
        const exports = (runtime, page) =>
          `export default ${JSON.stringify(runtime)};\nexport const documentPage = ${JSON.stringify(page)};`;
        if (command === 'serve') return exports(`/${RUNTIME_ENTRY}`, `/${PAGE_ENTRY}`);
        const manifestPath = join(root, 'build', 'client', '.vite', 'manifest.json');
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
        const fileOf = (name) => {
          const entry = manifest[name];
          if (!entry?.file) throw new Error(`${name} is not in the client build's manifest (${manifestPath})`);
          return `/${entry.file}`;
        };
        return exports(fileOf(RUNTIME_ENTRY), fileOf(PAGE_ENTRY));
      },
    },
  ];
}
