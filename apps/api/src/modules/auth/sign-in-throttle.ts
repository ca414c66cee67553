import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { badRequest, RetryLaterError } from '../../http/errors';
import { requireCaptcha } from '../captcha/guard';

/**
 * Failed sign-ins slow down; they never lock an account (a lock would let anyone lock any member out).
 *
 * Attempts are counted per account (the email) and per client IP in 15-minute windows. Past `delayAfter` attempts,
 * each further one must wait 2^(n − delayAfter) seconds after the previous (1 s, 2 s, 4 s…, at most 60 s), or is
 * answered 429 with Retry-After. Past `captchaAfter`, the sign-in request itself must carry a valid captcha; a valid
 * captcha also lifts the account's delay (never the IP's), so the owner with the right password and a captcha always
 * gets in, however many failures someone else piled up on the account from elsewhere.
 *
 * Each attempt is counted when it is admitted, before the password is checked, and the delay it would cause is taken
 * atomically (SET NX): a burst of simultaneous guesses gets no more through than a sequence would. A success gives
 * its count back (IP) or clears the account's counters.
 */
export const SIGN_IN_THROTTLE = {
  windowMs: 15 * 60_000,
  maxDelayMs: 60_000,
  account: { delayAfter: 3, captchaAfter: 5 },
  ip: { delayAfter: 10, captchaAfter: 10 },
} as const;

type Rule = { delayAfter: number; captchaAfter: number };

/** The wait imposed after `attempts` attempts: none up to `delayAfter`, then 1 s, 2 s, 4 s…, capped. */
export function delayAfterAttempts(attempts: number, rule: Rule): number {
  if (attempts < rule.delayAfter) return 0;
  return Math.min(1000 * 2 ** (attempts - rule.delayAfter), SIGN_IN_THROTTLE.maxDelayMs);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function keysFor(email: string, ip: string) {
  // Emails are hashed: the shared store need not hold members' addresses.
  const account = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
  return {
    accountCount: `signin:account:${account}:count`,
    accountHold: `signin:account:${account}:hold`,
    ipCount: `signin:ip:${ip}:count`,
    ipHold: `signin:ip:${ip}:hold`,
  };
}

/** An admitted attempt: report its outcome with `succeeded` (a failure is already counted). */
export type SignInTicket = { succeeded(): Promise<void> };

/**
 * Admits one sign-in attempt or refuses it: 429 'SignInWait' with Retry-After while a delay runs, 400
 * 'CaptchaRequired' (field `captcha`) when one is needed and missing, 400 'CaptchaFailed' when the one sent is wrong or
 * spent. A refused attempt does not count.
 */
export async function admitSignIn(
  ctx: AppContext,
  attempt: { email: string; ip: string; captcha?: string | undefined },
): Promise<SignInTicket> {
  const store = ctx.counters;
  const { windowMs } = SIGN_IN_THROTTLE;
  const keys = keysFor(attempt.email, attempt.ip);
  const { ip: ipRule, account: accountRule } = SIGN_IN_THROTTLE;

  // The IP first: its delay applies to everyone, captcha or not.
  const ipAttempts = await store.add(keys.ipCount, 1, windowMs);
  const ipDelay = delayAfterAttempts(ipAttempts, ipRule);
  const ipAdmitted = ipDelay > 0 ? await store.acquire(keys.ipHold, ipDelay) : (await store.heldFor(keys.ipHold)) === 0;
  const undoIp = async () => {
    await store.add(keys.ipCount, -1, windowMs);
    if (ipDelay > 0) await store.remove(keys.ipHold);
  };
  if (!ipAdmitted) {
    await store.add(keys.ipCount, -1, windowMs);
    throw new RetryLaterError(seconds(await store.heldFor(keys.ipHold)), 'SignInWait');
  }

  let withCaptcha = false;
  if (attempt.captcha !== undefined) {
    try {
      await requireCaptcha(ctx, attempt.captcha, attempt.ip);
    } catch (error) {
      await undoIp();
      throw error;
    }
    withCaptcha = true;
  }

  const accountAttempts = await store.add(keys.accountCount, 1, windowMs);
  const accountDelay = delayAfterAttempts(accountAttempts, accountRule);
  const undoAccount = () => store.add(keys.accountCount, -1, windowMs);
  if (withCaptcha) {
    // The captcha stands for the account's delay; attempts without one still wait after this one.
    if (accountDelay > 0) await store.hold(keys.accountHold, accountDelay);
  } else {
    const captchaNeeded = accountAttempts > accountRule.captchaAfter || ipAttempts > ipRule.captchaAfter;
    if (captchaNeeded) {
      await Promise.all([undoAccount(), undoIp()]);
      throw badRequest('CaptchaRequired', 'captcha');
    }
    const accountAdmitted =
      accountDelay > 0
        ? await store.acquire(keys.accountHold, accountDelay)
        : (await store.heldFor(keys.accountHold)) === 0;
    if (!accountAdmitted) {
      await Promise.all([undoAccount(), undoIp()]);
      throw new RetryLaterError(seconds(await store.heldFor(keys.accountHold)), 'SignInWait');
    }
  }

  return {
    async succeeded() {
      await store.remove(keys.accountCount, keys.accountHold);
      await store.add(keys.ipCount, -1, windowMs);
    },
  };
}
