import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The script a document page loads (issue 33), relative to the web app's root. */
export const RUNTIME_ENTRY = 'app/document/document-runtime.ts';
const VIRTUAL = 'virtual:parcelle-document-runtime';
const RESOLVED = `\0${VIRTUAL}`;

/**
 * Builds the runtime of document pages as one more entry of the client build and tells the server build its address.
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
        const entry = join(root, RUNTIME_ENTRY);
        const input = options.input;
        if (Array.isArray(input)) return { ...options, input: [...input, entry] };
        if (input && typeof input === 'object') return { ...options, input: { ...input, 'document-runtime': entry } };
        return { ...options, input: input ? [input, entry] : [entry] };
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
        if (this.environment?.name === 'client') return 'export default null;';
        if (command === 'serve') return `export default ${JSON.stringify(`/${RUNTIME_ENTRY}`)};`;
        const manifestPath = join(root, 'build', 'client', '.vite', 'manifest.json');
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
        const entry = manifest[RUNTIME_ENTRY];
        if (!entry?.file) throw new Error(`${RUNTIME_ENTRY} is not in the client build's manifest (${manifestPath})`);
        return `export default ${JSON.stringify(`/${entry.file}`)};`;
      },
    },
  ];
}
