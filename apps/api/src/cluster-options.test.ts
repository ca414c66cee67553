import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { clusterConfigProblem, processCount } from './cluster-options';

describe('start:cluster options', () => {
  it('refuses to start without both shared stores, naming what is missing in one line', () => {
    expect(clusterConfigProblem({})).toMatch(/^start:cluster needs DATABASE_URL and REDIS_URL: .*npm start/);
    expect(clusterConfigProblem({ DATABASE_URL: 'postgres://db/parcelle' })).toMatch(/^start:cluster needs REDIS_URL:/);
    expect(clusterConfigProblem({ REDIS_URL: 'redis://cache:6379' })).toMatch(/^start:cluster needs DATABASE_URL:/);
    expect(clusterConfigProblem({ DATABASE_URL: 'postgres://db/parcelle', REDIS_URL: 'redis://cache:6379' })).toBe(
      null,
    );
    expect(clusterConfigProblem({ DATABASE_URL: '', REDIS_URL: 'redis://cache:6379' })).not.toBe(null);
  });

  it('runs --processes N, else WEB_CONCURRENCY, else one per core', () => {
    expect(processCount(['--processes', '3'], { WEB_CONCURRENCY: '5' })).toBe(3);
    expect(processCount(['--processes=2'], {})).toBe(2);
    expect(processCount([], { WEB_CONCURRENCY: '5' })).toBe(5);
    expect(processCount([], {})).toBe(availableParallelism());
    for (const wrong of ['0', '-1', '1.5', 'many', '1000']) {
      expect(() => processCount(['--processes', wrong], {})).toThrow(/whole number from 1 to 256/);
    }
  });
});
