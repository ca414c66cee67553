// What the PostgreSQL benches share: the psql and pgbench commands, and a pgbench run read as transactions per
// second. Not part of `npm test`.
import { execFileSync, spawnSync } from 'node:child_process';

/** The server's address without a database (PG_URL, default the local trust-auth server). */
export const pgUrl = (process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');

/** Runs one SQL command through psql, stopping at the first error; its output, unaligned. */
export const psql = (url, command) =>
  execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-Atc', command], { encoding: 'utf8' });

/** Debian's pgbench (not always on PATH), or the one on PATH: looked for on import, so a bench stops before it starts. */
const pgbench = ['/usr/lib/postgresql/15/bin/pgbench', 'pgbench'].find(
  (candidate) => spawnSync(candidate, ['--version']).status === 0,
);
if (!pgbench) throw new Error('pgbench not found');

/** Transactions per second of `script` run by pgbench with `clients` clients for `seconds` on `databaseUrl`. */
export function pgbenchTps(databaseUrl, script, { clients, seconds }) {
  const out = execFileSync(
    pgbench,
    ['-n', '-f', script, '-c', String(clients), '-j', '2', '-T', String(seconds), databaseUrl],
    { encoding: 'utf8' },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`pgbench output not understood:\n${out}`);
  return tps;
}

/** The anchor of the hot-drop benches: pgbench's one hot row, its two tables and its transaction. */
export const HOT_ROW_TABLES =
  'CREATE TABLE bench_hot (id int PRIMARY KEY, n bigint NOT NULL); INSERT INTO bench_hot VALUES (1, 0); ' +
  'CREATE TABLE bench_log (id bigserial PRIMARY KEY, n bigint NOT NULL, at timestamptz NOT NULL DEFAULT now());';
export const HOT_ROW_SCRIPT =
  'BEGIN;\nUPDATE bench_hot SET n = n + 1 WHERE id = 1;\nINSERT INTO bench_log (n) VALUES (1);\nEND;\n';
