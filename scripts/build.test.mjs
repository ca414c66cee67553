import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build, fingerprint, staleReason, TARGETS } from './build.mjs';

const web = TARGETS.find((target) => target.name === 'apps/web');
const api = TARGETS.find((target) => target.name === 'apps/api');

let root;

function write(path, text) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** Counts its runs in ../../runs-<log>.log (outside every input) and writes the outputs the target checks for. */
function fakeBuild(log, ...outputs) {
  const writes = outputs
    .map(
      (output) =>
        `fs.mkdirSync(require('path').dirname('${output}'),{recursive:true});fs.writeFileSync('${output}','built');`,
    )
    .join('');
  return `node -e "const fs=require('fs');fs.appendFileSync('../../runs-${log}.log','x');${writes}"`;
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'parcelle-build-'));
  write(
    'package.json',
    JSON.stringify({
      name: 'fixture',
      private: true,
      workspaces: ['packages/shared', 'apps/api', 'apps/web', 'apps/admin'],
    }),
  );
  write('package-lock.json', '{}');
  write('tsconfig.base.json', '{}');
  write('packages/shared/src/index.ts', 'export const shared = 1;\n');
  write(
    'apps/web/package.json',
    JSON.stringify({ name: 'web', scripts: { build: fakeBuild('web', 'build/server/index.js') } }),
  );
  write('apps/web/app/root.tsx', 'export default 1;\n');
  write(
    'apps/admin/package.json',
    JSON.stringify({ name: 'admin', scripts: { build: fakeBuild('admin', 'dist/index.html') } }),
  );
  write('apps/admin/src/main.tsx', 'export {};\n');
  write(
    'apps/api/package.json',
    JSON.stringify({ name: 'api', scripts: { build: fakeBuild('api', 'dist/server.js', 'dist/admin-cli.js') } }),
  );
  write('apps/api/src/server.ts', 'export {};\n');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('fingerprint', () => {
  it('changes when a source file changes, is added or is removed', () => {
    const first = fingerprint(web, { root, env: {} });
    expect(fingerprint(web, { root, env: {} })).toBe(first);
    write('apps/web/app/root.tsx', 'export default 2;\n');
    const edited = fingerprint(web, { root, env: {} });
    expect(edited).not.toBe(first);
    write('apps/web/app/new.tsx', 'export {};\n');
    const added = fingerprint(web, { root, env: {} });
    expect(added).not.toBe(edited);
    rmSync(join(root, 'apps/web/app/new.tsx'));
    expect(fingerprint(web, { root, env: {} })).toBe(edited);
  });

  it('changes with the shared package, the lock file and the build-time environment', () => {
    const first = fingerprint(web, { root, env: {} });
    expect(fingerprint(web, { root, env: { VITE_BLOG_URL: 'https://blog.example' } })).not.toBe(first);
    expect(fingerprint(web, { root, env: { UNRELATED: 'x' } })).toBe(first);
    write('package-lock.json', '{"lockfileVersion":3}');
    const locked = fingerprint(web, { root, env: {} });
    expect(locked).not.toBe(first);
    write('packages/shared/src/index.ts', 'export const shared = 2;\n');
    expect(fingerprint(web, { root, env: {} })).not.toBe(locked);
  });

  it('ignores tests, build outputs and installed packages', () => {
    const first = fingerprint(web, { root, env: {} });
    write('apps/web/app/root.test.tsx', 'it("x", () => {});\n');
    write('apps/web/build/server/index.js', 'export {};');
    write('apps/web/node_modules/x/index.js', '1');
    write('apps/web/.react-router/types/x.ts', '1');
    expect(fingerprint(web, { root, env: {} })).toBe(first);
  });

  it("keeps one workspace's fingerprint apart from the other's sources", () => {
    const first = fingerprint(web, { root, env: {} });
    write('apps/api/src/server.ts', 'export const changed = true;\n');
    expect(fingerprint(web, { root, env: {} })).toBe(first);
    expect(fingerprint(api, { root, env: {} })).not.toBe(fingerprint(api, { root, env: { NODE_ENV: 'production' } }));
  });
});

// Each build runs `npm run build -w …` for real (a few seconds each on a loaded 2-core machine).
describe('build', { timeout: 120_000 }, () => {
  const runs = (log) => readFileSync(join(root, `runs-${log}.log`), 'utf8').length;

  it('builds once, then again only for the workspace whose sources changed', async () => {
    expect(await build([], root)).toEqual(['apps/web', 'apps/admin', 'apps/api']);
    expect(await build([], root)).toEqual([]);
    write('apps/api/src/server.ts', 'export const changed = true;\n');
    expect(await build([], root)).toEqual(['apps/api']);
    write('apps/admin/src/main.tsx', 'export const changed = true;\n');
    expect(await build([], root)).toEqual(['apps/admin']);
    expect(await build([], root)).toEqual([]);
    expect([runs('web'), runs('admin'), runs('api')]).toEqual([1, 2, 2]);
  });

  it('rebuilds when an output is missing, and always with --force', async () => {
    await build([], root);
    rmSync(join(root, 'apps/web/build/server/index.js'));
    expect(staleReason(web, fingerprint(web, { root }), root)).toMatch(/missing/);
    expect(await build(['apps/web'], root)).toEqual(['apps/web']);
    expect(await build(['--force', 'apps/api'], root)).toEqual(['apps/api']);
    await expect(build(['apps/nothing'], root)).rejects.toThrow(/unknown target/);
  });

  it('leaves no stamp behind a failed build, so the next call builds again', async () => {
    await build([], root);
    write('apps/api/src/server.ts', 'export const changed = true;\n');
    write('apps/api/package.json', JSON.stringify({ name: 'api', scripts: { build: 'node -e "process.exit(3)"' } }));
    await expect(build(['apps/api'], root)).rejects.toThrow();
    expect(staleReason(api, fingerprint(api, { root }), root)).toBe('no stamp of a previous build');
  });
});
