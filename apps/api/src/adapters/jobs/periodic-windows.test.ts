import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context';
import { startInvestorCategoryExpiry } from '../../modules/investor/jobs';
import { startAnnualStatements } from '../../modules/member/annual-statement-jobs';
import { startStatementSweep } from '../../modules/member/statement-jobs';
import { startVerificationRetention } from '../../modules/verification/retention';

/** pg-boss's archive interval (its default, which pg-boss-queue.ts keeps): no throttling window may exceed it. */
const PG_BOSS_ARCHIVE_SECONDS = 12 * 3600;

describe('periodic jobs', () => {
  it('ask for windows pg-boss accepts (a daily window was refused at every start, and the job never ran)', () => {
    const windows: [string, number][] = [];
    const ctx = {
      jobs: {
        sendOncePer: vi.fn(async (name: string, seconds: number) => {
          windows.push([name, seconds]);
          return null;
        }),
      },
    } as unknown as AppContext;
    const log = { error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
    const stops = [
      startVerificationRetention,
      startInvestorCategoryExpiry,
      startAnnualStatements,
      startStatementSweep,
    ].map((start) => start(ctx, log));
    for (const stop of stops) stop();
    expect(windows).toHaveLength(4);
    for (const [name, seconds] of windows) expect(seconds, name).toBeLessThanOrEqual(PG_BOSS_ARCHIVE_SECONDS);
  });
});
