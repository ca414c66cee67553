import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The folder of a database made by the retired embedded engine (PGlite, `DATA_DIR/pglite`), when one is there:
 * its files are not a PostgreSQL server's, so the start stops with one line pointing at docs/operations.md.
 */
export function legacyPgliteFolder(dataDir: string): string | null {
  const folder = join(dataDir, 'pglite');
  return existsSync(join(folder, 'PG_VERSION')) ? folder : null;
}
