import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';

/** Why a cluster needs the two shared stores, in one line (printed, then exit 1). */
export function clusterConfigProblem(env: NodeJS.ProcessEnv): string | null {
  const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !env[name]);
  if (missing.length === 0) return null;
  return (
    `start:cluster needs ${missing.join(' and ')}: several processes must share one PostgreSQL server and one Redis ` +
    '(the embedded database and in-memory limits belong to one process; use `npm start` for one process).'
  );
}

/** --processes N, else WEB_CONCURRENCY, else one per core. */
export function processCount(argv: string[], env: NodeJS.ProcessEnv): number {
  const { values } = parseArgs({ args: argv, options: { processes: { type: 'string' } }, strict: false });
  const raw = (values.processes as string | undefined) ?? env.WEB_CONCURRENCY;
  if (raw === undefined || raw === '') return availableParallelism();
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 256) {
    throw new Error(`--processes / WEB_CONCURRENCY must be a whole number from 1 to 256 (got "${raw}")`);
  }
  return count;
}
