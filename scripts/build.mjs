// Builds the web app, the operator console and the API, each only when its sources changed since its last build.
//
// A build writes a stamp into its output (a SHA-256 of every input file's path and bytes, the Node version and the
// build-time environment); the next call rebuilds a workspace only when that fingerprint differs or an output is
// missing. Inputs are whole folders minus what builds and tools write there, so a new source file counts without
// anyone listing it; test files are left out because no build imports them.
//
// Usage: node scripts/build.mjs [--force] [apps/web] [apps/admin] [apps/api]   (no names: all; --force: ignore stamps)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Files shared by every build: root manifests, lock file and TypeScript base, and this script itself. */
const COMMON_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build.mjs',
  'packages/shared',
];
/** Folders that builds, tools or the server write into: never inputs. */
const SKIPPED_DIRECTORIES = new Set([
  'node_modules',
  'build',
  'dist',
  '.react-router',
  'coverage',
  'test-results',
  'data',
  '.vite',
]);
const SKIPPED_FILES = /(?:\.(?:test|spec|e2e)\.[cm]?[jt]sx?|\.tsbuildinfo|\.DS_Store)$/;

/** @type {{name: string, inputs: string[], env: RegExp, stamp: string, outputs: string[]}[]} */
export const TARGETS = [
  {
    name: 'apps/web',
    inputs: ['apps/web', ...COMMON_INPUTS],
    // Vite inlines VITE_* variables into the bundle, and NODE_ENV selects React's production build.
    env: /^(?:VITE_\w+|NODE_ENV)$/,
    stamp: 'apps/web/build/.parcelle-build-stamp',
    outputs: ['apps/web/build/server/index.js'],
  },
  {
    // The operator console (client-only Vite build, served at /admin).
    name: 'apps/admin',
    inputs: ['apps/admin', ...COMMON_INPUTS],
    env: /^(?:VITE_\w+|NODE_ENV)$/,
    stamp: 'apps/admin/dist/.parcelle-build-stamp',
    outputs: ['apps/admin/dist/index.html'],
  },
  {
    name: 'apps/api',
    inputs: ['apps/api', ...COMMON_INPUTS],
    env: /^NODE_ENV$/,
    stamp: 'apps/api/dist/.parcelle-build-stamp',
    outputs: ['apps/api/dist/server.js', 'apps/api/dist/admin-cli.js'],
  },
];

function* inputFiles(root, path) {
  const absolute = join(root, path);
  const entries = readdirSync(absolute, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const child = join(absolute, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) yield* inputFiles(root, relative(root, child));
    } else if (entry.isFile() && !SKIPPED_FILES.test(entry.name)) {
      yield relative(root, child);
    }
  }
}

function files(root, path) {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  return statSync(absolute).isDirectory() ? [...inputFiles(root, path)] : [path];
}

/** The fingerprint of one target's inputs: same sources, Node and build environment give the same string. */
export function fingerprint(target, { root = ROOT, env = process.env } = {}) {
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\n`);
  for (const name of Object.keys(env).sort()) {
    if (target.env.test(name)) hash.update(`env ${name}=${env[name]}\n`);
  }
  const paths = [...new Set(target.inputs.flatMap((input) => files(root, input)))].sort();
  for (const path of paths) {
    // Forward slashes, so the fingerprint of a checkout does not depend on the platform's separator.
    hash.update(`file ${path.split(sep).join('/')}\n`);
    hash.update(readFileSync(join(root, path)));
    hash.update('\n');
  }
  return hash.digest('hex');
}

/** Why the target must be built, or '' when its last build is still current. */
export function staleReason(target, wanted, root = ROOT) {
  const missing = target.outputs.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing`;
  const stampPath = join(root, target.stamp);
  if (!existsSync(stampPath)) return 'no stamp of a previous build';
  if (readFileSync(stampPath, 'utf8').trim() !== wanted) return 'sources changed since the last build';
  return '';
}

/** `npm run build -w <name>`, its output passed on; rejects when it fails. */
function npmBuild(name, root) {
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn('npm', ['run', 'build', '-w', name], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', rejectRun);
    child.on('close', (code, signal) =>
      code === 0 ? resolveRun() : rejectRun(new Error(`[build] ${name} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/**
 * Builds the named targets (all when none) whose last build is not current, side by side (decision 564: the web
 * app's build keeps one core busy for most of its time, the console's and the API's fit beside it on CI's second);
 * answers the names it built, in TARGETS' order. Rejects when any build fails, after all have ended; a failed
 * target keeps no stamp.
 */
export async function build(argv, root = ROOT) {
  const force = argv.includes('--force');
  const names = argv.filter((arg) => !arg.startsWith('--'));
  const unknown = names.filter((name) => !TARGETS.some((target) => target.name === name));
  if (unknown.length > 0) throw new Error(`[build] unknown target ${unknown.join(', ')}`);
  const due = [];
  for (const target of TARGETS) {
    if (names.length > 0 && !names.includes(target.name)) continue;
    const wanted = fingerprint(target, { root });
    const reason = force ? 'forced' : staleReason(target, wanted, root);
    if (!reason) {
      console.log(`[build] ${target.name}: unchanged since its last build, skipped (--force to rebuild)`);
      continue;
    }
    console.log(`[build] ${target.name}: building (${reason})`);
    // The stamp goes first, so a build that fails half-way is never taken for a finished one.
    rmSync(join(root, target.stamp), { force: true });
    due.push({ target, wanted });
  }
  const results = await Promise.allSettled(
    due.map(async ({ target, wanted }) => {
      await npmBuild(target.name, root);
      writeFileSync(join(root, target.stamp), `${wanted}\n`);
    }),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return due.map(({ target }) => target.name);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await build(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
