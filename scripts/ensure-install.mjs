// Installs dependencies when node_modules is missing, older than the manifests, or lacks the project's Node.
//
// The project brings its own runtime: the root devDependency `node` (the npm registry's package) puts the pinned
// Node 24 binary in node_modules/.bin, which npm puts first on PATH for every script. This file runs before that
// binary exists, on whatever Node the machine has (Node 20 here), so it needs nothing but Node and npm and uses
// nothing newer than Node 18. The install itself runs npm on the pinned Node, so the `engines` of every package
// (engine-strict) are checked against the Node that will run them, and install scripts run on it too.
import { execFileSync, execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'node_modules', '.parcelle-install-stamp');
const localBin = join(root, 'node_modules', '.bin');
const manifests = [
  'package.json',
  'package-lock.json',
  'apps/api/package.json',
  'apps/web/package.json',
  'apps/admin/package.json',
  'packages/shared/package.json',
];

/** The exact version of the `node` package pinned in the root package.json. */
function pinnedNode() {
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies?.node;
  if (!/^\d+\.\d+\.\d+$/.test(version ?? '')) {
    throw new Error('[parcelle] package.json must pin devDependencies.node to an exact version (e.g. 24.21.0)');
  }
  return version;
}

/** The version node_modules/.bin/node answers, or '' when it is missing or broken. */
function installedNode() {
  const binary = join(localBin, process.platform === 'win32' ? 'node.cmd' : 'node');
  if (!existsSync(binary)) return '';
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
  } catch {
    return '';
  }
}

function manifestsHash() {
  const hash = createHash('sha256');
  for (const file of manifests) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(readFileSync(path));
  }
  return hash.digest('hex');
}

/** PATH without this checkout's node_modules/.bin, so a stale or missing local Node cannot be picked up. */
function pathWithoutLocalBin() {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => entry && entry !== localBin)
    .join(delimiter);
}

function install(version) {
  // `npm install` honours package-lock.json. Not `npm ci`: npm 11 writes lock files without the other
  // platforms' optional binaries (biome, esbuild…) and then `npm ci` refuses them as out of sync.
  // npm's own script (npm_execpath, set when this runs from an npm script) is started with `node`, which is the
  // pinned runtime in both branches below; outside npm, `npm` from PATH starts on that same first `node` of PATH.
  const npmCli = process.env.npm_execpath?.match(/npm-cli\.[cm]?js$/) ? process.env.npm_execpath : '';
  const npmInstall = `${npmCli ? `node "${npmCli}"` : 'npm'} install --no-audit --no-fund`;
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  let command;
  if (installedNode() === version) {
    env.PATH = `${localBin}${delimiter}${pathWithoutLocalBin()}`;
    command = npmInstall;
  } else {
    // First install (or a new pin): borrow the pinned `node` package from npm's cache (`npm exec` puts its bin
    // first on PATH) for the time of the install, which then installs the same package into node_modules.
    env.PATH = pathWithoutLocalBin();
    command = `npm exec --yes --package=node@${version} -- ${npmInstall}`;
    console.log(`[parcelle] fetching Node ${version} (the npm package \`node\`) to install with it`);
  }
  console.log(`[parcelle] installing dependencies on Node ${version} (npm install)`);
  execSync(command, { cwd: root, stdio: 'inherit', env });
  const installed = installedNode();
  if (installed !== version) {
    throw new Error(`[parcelle] node_modules/.bin/node answers "${installed || 'nothing'}", expected ${version}`);
  }
}

const version = pinnedNode();
const wanted = manifestsHash();
const current = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (current !== wanted || installedNode() !== version) {
  install(version);
  writeFileSync(stamp, `${wanted}\n`);
}
