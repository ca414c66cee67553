// Bundles the API into dist/server.js. Workspace packages (TypeScript source) are bundled in;
// JSON data is inlined; every other npm dependency stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@parcelle/') || args.path.endsWith('.json')
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
