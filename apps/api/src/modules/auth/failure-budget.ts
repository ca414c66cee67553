import type { AppContext } from '../../context';
import { tooManyRequests } from '../../http/errors';

/**
 * Wrong second-factor codes per account: at most `MAX_CODE_FAILURES` in 15 minutes, counted in the shared counters
 * (Redis with REDIS_URL), so guessing a 6-digit code from several processes or IPs is no faster. A success clears it.
 *
 * Count, then check (issue 26): each attempt first takes one unit of the budget with one atomic increment, and only
 * an attempt that got one is checked at all. Checking first and counting the failure afterwards let every attempt
 * in flight at once through the check (12–40 of 40 parallel wrong codes were checked, the budget being 10).
 */
const WINDOW_MS = 15 * 60_000;
export const MAX_CODE_FAILURES = 10;

/**
 * Takes one attempt of the budget of `key` (429 when none is left, before anything is checked), runs `check`, and
 * answers its verdict: a right code clears the budget, a wrong one keeps the attempt spent. An attempt that could
 * not be checked (`check` threw) is given back.
 */
export async function attemptWithinBudget(
  ctx: AppContext,
  key: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  if ((await ctx.counters.add(key, 1, WINDOW_MS)) > MAX_CODE_FAILURES) throw tooManyRequests();
  let accepted: boolean;
  try {
    accepted = await check();
  } catch (error) {
    await ctx.counters.add(key, -1, WINDOW_MS);
    throw error;
  }
  if (accepted) await ctx.counters.remove(key);
  return accepted;
}
