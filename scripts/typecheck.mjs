// Type-checks every workspace in one `tsc -b` (the root tsconfig.json references each project; the apps and e2e
// reference packages/shared, checked once for all). Incremental: each project's .tsbuildinfo, and the declarations
// of packages/shared the others read, live in node_modules/.cache/tsc, so a second run re-checks only what changed.
// Fails on the first project with an error.
import { execSync } from 'node:child_process';

execSync('npm run typegen -w apps/web', { stdio: 'inherit' });
console.log('[typecheck] tsc -b: packages/shared, apps/api, apps/web, apps/admin, e2e');
execSync('npx tsc -b', { stdio: 'inherit' });
