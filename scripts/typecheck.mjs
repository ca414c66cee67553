// Type-checks every workspace with `tsc -b` (the root tsconfig.json references each project; the apps and e2e
// reference packages/shared, checked once for all). Incremental: each project's .tsbuildinfo, and the declarations
// of packages/shared the others read, live in node_modules/.cache/tsc, so a second run re-checks only what changed.
//
// tsc -b checks its projects one after another on one core. Once packages/shared is checked (the others read its
// declarations), the projects depend on nothing but it, so they are checked in two lanes side by side, one per core
// of CI's machine (decision 564): the API in one, the web app, the console and e2e in the other (their cold checks
// take about as long). Each lane is its own `tsc -b`, which writes only its own projects' .tsbuildinfo. Fails when any
// project has an error, after both lanes have said theirs.
import { execSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
/** The lanes after packages/shared, about even in a cold check (docs/testing.md, 30 November). */
export const LANES = [['apps/api'], ['apps/web', 'apps/admin', 'e2e']];

function tscBuild(projects) {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [TSC, '-b', ...projects], { cwd: ROOT, stdio: 'inherit' });
    child.on('close', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  execSync('npm run typegen -w apps/web', { cwd: ROOT, stdio: 'inherit' });
  console.log('[typecheck] tsc -b packages/shared');
  if ((await tscBuild(['packages/shared'])) !== 0) process.exit(1);
  console.log(`[typecheck] tsc -b, side by side: ${LANES.map((lane) => lane.join(' ')).join(' | ')}`);
  const codes = await Promise.all(LANES.map(tscBuild));
  if (codes.some((code) => code !== 0)) process.exit(1);
}
