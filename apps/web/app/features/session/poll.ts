import { messages } from '@parcelle/shared/i18n/messages';
import { ApiError } from './api-error';

/** How often, and how many times, a page asks whether a provider's confirmation has arrived (about 20 s). */
export const POLL = { intervalMs: 800, attempts: 25 } as const;

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Reads a payment's state until `settled` answers it (a purchase paid, a top-up credited) or throws (declined,
 * expired…); PaymentError when nothing is decided in time. `signal` stops it: no request after that.
 */
export async function pollUntilSettled<T>(
  read: (signal?: AbortSignal) => Promise<T>,
  settled: (state: T) => T | undefined,
  poll: { intervalMs: number; attempts: number } = POLL,
  signal?: AbortSignal,
): Promise<T> {
  for (let attempt = 0; attempt < poll.attempts; attempt += 1) {
    signal?.throwIfAborted();
    const done = settled(await read(signal));
    if (done) return done;
    await wait(poll.intervalMs, signal);
  }
  throw new ApiError(504, messages.PaymentError);
}
