import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import { moveMarket } from './transitions';

/** A transaction that must never be reached: a step outside the table is refused before any statement. */
const untouched = new Proxy({} as Executor, {
  get: () => {
    throw new Error('the database was reached');
  },
});

describe('moveMarket takes only the steps of the table, for their causes', () => {
  it.each([
    ['primary', 'sold', 'exit'],
    ['shown', 'secondary', 'sell-out'],
    ['secondary', 'sold', 'sell-out'],
    ['primary', 'secondary', 'exit'],
    ['sold', 'secondary', 'operator'],
    ['secondary', 'primary', 'operator'],
  ] as const)('refuses %s → %s by %s', async (from, to, cause) => {
    await expect(moveMarket(untouched, { from, to, cause }, undefined)).rejects.toThrow(
      `market step ${from} → ${to} is not one a ${cause} may take`,
    );
  });
});
