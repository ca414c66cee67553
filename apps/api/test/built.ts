import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The API's bundle, built by the suite's global set-up (`scripts/build.mjs apps/api`, skipped when current): the
 * files that start the API or its CLI as a process run what `npm start` and the e2e run start, without compiling the
 * sources through tsx at each start (decision 571).
 */
const dist = join(import.meta.dirname, '..', 'dist');

function built(file: string): string {
  const path = join(dist, file);
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: run the file through Vitest's api project, whose global set-up builds it`);
  }
  return path;
}

/** `node <builtAdminCli()> …` is `npm run admin -- …`. */
export const builtAdminCli = (): string => built('admin-cli.js');
/** `node <builtServer()>` is `npm start`'s server. */
export const builtServer = (): string => built('server.js');
