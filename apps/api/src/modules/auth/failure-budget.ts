import type { AppContext } from '../../context';

/**
 * Wrong second-factor codes per operator: at most `MAX_CODE_FAILURES` in 15 minutes, counted in the shared counters
 * (Redis with REDIS_URL), so guessing a 6-digit code from several processes or IPs is no faster. A success clears it.
 */
const WINDOW_MS = 15 * 60_000;
export const MAX_CODE_FAILURES = 10;

export async function failuresExhausted(ctx: AppContext, key: string): Promise<boolean> {
  return (await ctx.counters.add(key, 0, WINDOW_MS)) >= MAX_CODE_FAILURES;
}

export async function recordFailure(ctx: AppContext, key: string): Promise<void> {
  await ctx.counters.add(key, 1, WINDOW_MS);
}

export async function clearFailures(ctx: AppContext, key: string): Promise<void> {
  await ctx.counters.remove(key);
}
