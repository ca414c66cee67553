// Installs dependencies when node_modules is missing or older than the lock file.
// Needs nothing but Node and npm, so it can run before anything else is installed.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'node_modules', '.parcelle-install-stamp');
const manifests = [
  'package.json',
  'package-lock.json',
  'apps/api/package.json',
  'apps/web/package.json',
  'packages/shared/package.json',
];

const hash = createHash('sha256');
for (const file of manifests) {
  const path = join(root, file);
  if (existsSync(path)) hash.update(readFileSync(path));
}
const wanted = hash.digest('hex');
const current = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';

if (current !== wanted) {
  // `npm install` honours package-lock.json. Not `npm ci`: npm 11 writes lock files without the other
  // platforms' optional binaries (biome, esbuild…) and then `npm ci` refuses them as out of sync.
  const command = 'npm install --no-audit --no-fund';
  console.log(`[parcelle] installing dependencies (${command})`);
  execSync(command, { cwd: root, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  writeFileSync(stamp, `${wanted}\n`);
}
