// Type-checks every workspace (tsc --noEmit per project) and fails on the first error.
import { execSync } from 'node:child_process';

const projects = ['packages/shared', 'apps/api', 'apps/web', 'apps/admin', 'e2e'];
execSync('npm run typegen -w apps/web', { stdio: 'inherit' });
for (const project of projects) {
  console.log(`[typecheck] ${project}`);
  execSync(`npx tsc -p ${project}/tsconfig.json`, { stdio: 'inherit' });
}
