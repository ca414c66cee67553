import './runtime/check-node';
import { join } from 'node:path';
import { LocalDiskStorage } from './adapters/storage/local-disk';
import { buildApp } from './app';
import { loadConfigOrExit, startupWarnings } from './config';
import { createContext } from './create-context';
import { openDatabase } from './db/client';
import { seed } from './db/seed';
import { startJobWorkers } from './jobs';

/** Start-up: configuration, database (migrated and seeded), then web and API on one port, then the job workers. */
async function main() {
  const config = loadConfigOrExit();
  // Without DATABASE_URL: the project's own PostgreSQL under DATA_DIR, started here and stopped on exit.
  const database = await openDatabase({ ...config, role: 'server', log: (line) => console.log(line) });
  // Processes started together on one PostgreSQL (npm run start:cluster) migrate and seed one after the other.
  await database.exclusively(async () => {
    await database.migrate();
    await seed(database.db, config, new LocalDiskStorage(join(config.dataDir, 'media')));
  });
  const ctx = createContext(config, database);
  const app = await buildApp(ctx);
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  let stopPeriodicJobs = () => {};
  let closing = false;
  /**
   * Graceful shutdown: no new periodic job is asked for; the server stops accepting connections and answers the
   * requests in progress (new requests on kept-alive connections get 503); the job queue stops fetching and waits for
   * the jobs being run; then the database closes. Past SHUTDOWN_TIMEOUT_SECONDS the process exits anyway: a job
   * still running is then failed (or, if the process is killed, expires) and is retried by another process.
   */
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing the requests and jobs in progress');
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 2_000);
    deadline.unref();
    stopPeriodicJobs();
    app
      .close()
      .then(() => database.close())
      .then(
        () => {
          app.log.info('shut down');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Parcelle is serving on ${config.publicUrl} (database: ${database.kind}, pid ${process.pid})`);
  if (config.jobs.workers && !closing) stopPeriodicJobs = await startJobWorkers(ctx, app.log);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
