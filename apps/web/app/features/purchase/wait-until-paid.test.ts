import { messages } from '@parcelle/shared/i18n/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../session/api-error';
import { waitUntilPaid } from './api';

/** The page polls a purchase after paying; a late payment for parts no longer available ends in a refund. */
let states: string[] = [];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const status = states.shift() ?? 'pending';
      const data = {
        reference_id: 'PA-ABCDEFGHJK',
        status,
        total: { value: 30, curr: 'EURO' },
        total_part: 6,
        expires_at: new Date().toISOString(),
      };
      return new Response(JSON.stringify({ status: 200, data, message: messages.Ok }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('waitUntilPaid', () => {
  it.each(['refund_pending', 'refunded'])('says the payment is refunded when the purchase is %s', async (status) => {
    states = ['pending', status];
    const error = await waitUntilPaid('PA-ABCDEFGHJK', { intervalMs: 1, attempts: 5 }).catch((reason) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).error).toEqual(messages.LatePaymentRefunded);
  });

  it('resolves with the paid purchase', async () => {
    states = ['pending', 'paid'];
    expect((await waitUntilPaid('PA-ABCDEFGHJK', { intervalMs: 1, attempts: 5 })).status).toBe('paid');
  });

  it('stops asking once the page is left (the signal aborts)', async () => {
    vi.useFakeTimers();
    try {
      states = [];
      const left = new AbortController();
      const waiting = waitUntilPaid('PA-ABCDEFGHJK', { intervalMs: 800, attempts: 25 }, left.signal).catch(
        (reason) => reason,
      );
      await vi.advanceTimersByTimeAsync(0);
      expect(fetch).toHaveBeenCalledTimes(1);
      left.abort();
      expect(((await waiting) as Error).name).toBe('AbortError');
      await vi.advanceTimersByTimeAsync(25 * 800);
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
