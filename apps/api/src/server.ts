import { join } from 'node:path';
import { LocalDiskStorage } from './adapters/storage/local-disk';
import { buildApp } from './app';
import { loadConfigOrExit, startupWarnings } from './config';
import { createContext } from './create-context';
import { openDatabase } from './db/client';
import { seed } from './db/seed';
import { startReservationJob } from './modules/purchases/reservation-job';

/** Start-up: configuration, database (migrated and seeded), then web and API on one port. */
async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabase(config);
  await database.migrate();
  await seed(database.db, config, new LocalDiskStorage(join(config.dataDir, 'media')));
  const ctx = createContext(config, database);
  const app = await buildApp(ctx);
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  const stopReservationJob = startReservationJob(ctx, app.log);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    stopReservationJob();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Parcelle is serving on ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
