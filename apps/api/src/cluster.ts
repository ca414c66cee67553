import cluster, { type Worker } from 'node:cluster';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clusterConfigProblem, processCount } from './cluster-options';

/**
 * `npm run start:cluster`: N server processes (node:cluster) sharing one port, one PostgreSQL and one Redis. Each
 * process is the ordinary server (src/server.ts): stateless, its sessions, limits, idempotency keys, codes and jobs
 * in the shared stores. The primary only forks, replaces a process that dies, and passes SIGTERM/SIGINT on, waiting
 * for every process's graceful shutdown.
 */

function runPrimary(): void {
  const problem = clusterConfigProblem(process.env);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
  let count: number;
  try {
    count = processCount(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  // The server beside this file: dist/server.js from the build, src/server.ts under tsx.
  const here = fileURLToPath(import.meta.url);
  cluster.setupPrimary({ exec: join(dirname(here), `server${extname(here)}`) });
  let stopping = false;
  const recentDeaths: number[] = [];
  const fork = () => cluster.fork();
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`[cluster] process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    // A process that dies at start-up (bad configuration, database down) would be restarted forever: give up when
    // five die within a minute, and let the supervisor (systemd, the orchestrator) see the failure.
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length > 0 && (recentDeaths[0] ?? now) < now - 60_000) recentDeaths.shift();
    if (recentDeaths.length >= 5) {
      console.error('[cluster] five processes died within a minute; stopping');
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      return;
    }
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.error(`[cluster] ${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} processes gracefully`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  console.error(`[cluster] starting ${count} processes`);
  for (let i = 0; i < count; i++) fork();
}

if (cluster.isPrimary) runPrimary();
