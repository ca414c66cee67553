// Bundles the API into dist/server.js, dist/cluster.js (npm run start:cluster), its telemetry preload
// dist/instrument.js and the operators' command line dist/admin-cli.js (the e2e run makes its operators with it). Workspace packages (TypeScript source) are bundled in;
// JSON data is inlined; every other npm dependency stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';

await build({
  // cluster.js is the primary that forks server.js workers (npm run start:cluster); instrument.js is the preload
  // (`node --import`) that starts tracing and error reporting before the app loads.
  entryPoints: {
    server: 'src/server.ts',
    cluster: 'src/cluster.ts',
    instrument: 'src/observability/instrument.ts',
    'admin-cli': 'src/db/admin-cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
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
