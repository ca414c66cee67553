import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { LegacyDataError, openDatabase } from './client';
import { startEmbeddedPostgres } from './embedded-postgres';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A DATA_DIR as `mktemp -d` makes it: mode 700. */
function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'parcelle-embedded-'));
  chmodSync(folder, 0o700);
  folders.push(folder);
  return folder;
}

const quiet = { log: () => undefined };

describe('the project’s own PostgreSQL (no DATABASE_URL)', () => {
  it('starts under DATA_DIR, keeps the data across a restart, and stops when its starter closes', async () => {
    const dataDir = dataFolder();
    const first = await openDatabase({ dataDir, role: 'server', ...quiet });
    expect(first.kind).toBe('embedded');
    await first.migrate();
    await first.executeSql("CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')");
    const pidFile = join(dataDir, 'postgres', 'cluster', 'postmaster.pid');
    expect(existsSync(pidFile)).toBe(true);
    await first.close();
    expect(existsSync(pidFile)).toBe(false);

    const second = await openDatabase({ dataDir, role: 'server', ...quiet });
    const { rows } = await second.executeSql('SELECT note FROM kept');
    expect(rows).toEqual([{ note: 'still here' }]);
    await second.close();
  }, 120_000);

  it('is reused, not duplicated, by a tool while the server runs, and left running when the tool is done', async () => {
    const dataDir = dataFolder();
    const server = await openDatabase({ dataDir, role: 'server', ...quiet });
    const pidFile = join(dataDir, 'postgres', 'cluster', 'postmaster.pid');
    const pid = readFileSync(pidFile, 'utf8').split('\n')[0];
    const tool = await openDatabase({ dataDir, role: 'tool', ...quiet });
    expect(readFileSync(pidFile, 'utf8').split('\n')[0]).toBe(pid);
    await tool.executeSql('SELECT 1');
    await tool.close();
    expect((await server.executeSql('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await server.close();
  }, 120_000);

  it('a server left running by a process killed with -9 is adopted by the next start, which stops it on exit', async () => {
    const dataDir = dataFolder();
    const folder = join(dataDir, 'postgres');
    // The owner recorded in postgres.json is a process that no longer exists.
    const left = await startEmbeddedPostgres(folder, { role: 'server', ...quiet });
    const meta = join(folder, 'postgres.json');
    writeFileSync(meta, JSON.stringify({ ...JSON.parse(readFileSync(meta, 'utf8')), ownerPid: 2 ** 22 + 1 }));
    const next = await startEmbeddedPostgres(folder, { role: 'server', ...quiet });
    expect(next.owned).toBe(true);
    expect(next.port).toBe(left.port);
    await next.release();
    expect(existsSync(join(folder, 'cluster', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('stops with one line on a data folder made by the retired PGlite engine', async () => {
    const dataDir = dataFolder();
    mkdirSync(join(dataDir, 'pglite'));
    writeFileSync(join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    await expect(openDatabase({ dataDir, ...quiet })).rejects.toBeInstanceOf(LegacyDataError);
  });

  it('is the repository’s ./data whichever workspace a script runs in', () => {
    const repository = resolve(import.meta.dirname, '../../../..');
    const base = { NODE_ENV: 'test' } as NodeJS.ProcessEnv;
    expect(loadConfig(base).dataDir).toBe(join(repository, 'data'));
    expect(loadConfig({ ...base, DATA_DIR: 'elsewhere/db' }).dataDir).toBe(join(repository, 'elsewhere/db'));
    expect(loadConfig({ ...base, DATA_DIR: '/srv/parcelle' }).dataDir).toBe('/srv/parcelle');
  });
});
