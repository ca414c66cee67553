import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { DatabaseInUseError, openPglite } from './client';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the embedded database folder', () => {
  it('is opened by one process at a time, and free again once closed', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'parcelle-lock-'));
    folders.push(folder);
    const first = await openPglite(join(folder, 'pglite'));
    await expect(openPglite(join(folder, 'pglite'))).rejects.toBeInstanceOf(DatabaseInUseError);
    await first.close();
    const second = await openPglite(join(folder, 'pglite'));
    await second.close();
  }, 60_000);

  it('is the repository’s ./data whichever workspace a script runs in', () => {
    const repository = resolve(import.meta.dirname, '../../../..');
    const base = { NODE_ENV: 'test' } as NodeJS.ProcessEnv;
    expect(loadConfig(base).dataDir).toBe(join(repository, 'data'));
    expect(loadConfig({ ...base, DATA_DIR: 'elsewhere/db' }).dataDir).toBe(join(repository, 'elsewhere/db'));
    expect(loadConfig({ ...base, DATA_DIR: '/srv/parcelle' }).dataDir).toBe('/srv/parcelle');
  });
});
