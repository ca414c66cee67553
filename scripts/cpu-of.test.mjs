import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { descendants, kindOf, parseStat, totals } from './cpu-of.mjs';

describe('scripts/cpu-of.mjs: CPU seconds by kind of process', () => {
  it('reads the parent and the user + system ticks of a /proc stat line, a name with spaces and parentheses too', () => {
    const line = '4242 (Chrome_ChildIOT (x)) S 4200 4242 4242 0 -1 4194560 100 0 0 0 1234 56 7 8 20 0 12 0 99 0 0';
    expect(parseStat(line)).toEqual({ parent: 4200, ticks: 1290 });
    expect(parseStat('garbage')).toBeNull();
  });

  it('names the kinds the e2e phase is made of', () => {
    expect(kindOf('/usr/lib/chromium/chromium --type=renderer --lang=en-US')).toBe('chromium');
    expect(kindOf('/work/x/node_modules/node/bin/node apps/api/dist/server.js')).toBe('server');
    expect(kindOf('/tmp/pg/bin/postgres -D /tmp/parcelle-e2e-x/pg')).toBe('postgres');
    expect(kindOf('/work/x/node_modules/node/bin/node /work/x/node_modules/vitest/vitest.mjs run')).toBe('node');
    expect(kindOf('node scripts/e2e.mjs')).toBe('node');
    expect(kindOf('/bin/sh -c true')).toBe('other');
  });

  it('finds every process under the root, children of children included, and none beside it', () => {
    const parents = new Map([
      [10, 1],
      [11, 10],
      [12, 11],
      [13, 12],
      [20, 1],
      [21, 20],
    ]);
    expect([...descendants(10, parents)].sort()).toEqual([10, 11, 12, 13]);
  });

  it('adds the last reading of each process by kind, in seconds', () => {
    const readings = [
      { kind: 'chromium', ticks: 250 },
      { kind: 'chromium', ticks: 125 },
      { kind: 'server', ticks: 40 },
    ];
    expect(totals(readings, 100)).toEqual({ chromium: 3.8, server: 0.4, total: 4.2 });
  });

  it('counts the CPU of a command that works, in its children too', () => {
    // A third of a second of its own CPU, however loaded the machine is.
    const burn = 'while (process.cpuUsage().user < 330_000);';
    const script = `require('node:child_process').spawnSync(process.execPath, ['-e', ${JSON.stringify(burn)}]);`;
    const run = spawnSync(
      process.execPath,
      [join(import.meta.dirname, 'cpu-of.mjs'), '--', process.execPath, '-e', script],
      {
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1));
    expect(result.rc).toBe(0);
    expect(result.total).toBeGreaterThanOrEqual(0.3);
    expect(result.node).toBeGreaterThanOrEqual(0.3);
  }, 60_000);
});
