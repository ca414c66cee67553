import { loadConfigOrExit } from '../config';
import { openDatabaseOrExit } from './client';
import { migrationStatus } from './migration-status';

/**
 * `npm run db:status`: how many committed migrations the configured database has applied; exit 1 unless all of them
 * (it never migrates: for the restore drill and for checking a database before an upgrade).
 */
const config = loadConfigOrExit();
const database = await openDatabaseOrExit(config);
try {
  const status = await migrationStatus(database.db).catch(() => null);
  if (!status) {
    console.error('[db:status] no migration applied (drizzle.__drizzle_migrations missing)');
    process.exitCode = 1;
  } else {
    console.log(
      `[db:status] ${database.kind}: ${status.applied}/${status.available} migrations applied (latest ${status.latest})`,
    );
    if (status.applied !== status.available) process.exitCode = 1;
  }
} finally {
  await database.close();
}
