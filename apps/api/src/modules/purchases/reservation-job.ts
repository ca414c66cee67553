import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { retryDueRefunds } from './late-payment';
import { releaseExpired } from './reserve';

/** How often unpaid reservations past their time are released (and refunds the provider refused are retried). */
export const RESERVATION_SWEEP_MS = 30_000;

/**
 * Releases expired reservations now (catching up after a restart: a server killed between reservation and
 * payment leaves them pending, and they are released here) and then every 30 seconds; each sweep also asks the
 * providers again for the refunds of late payments that failed before. Returns a stop function.
 */
export function startReservationJob(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const released = await releaseExpired(ctx.database.db);
      if (released > 0) log.info({ released }, 'expired reservations released');
    } catch (error) {
      log.error({ err: error }, 'releasing expired reservations failed');
    }
    try {
      const refunded = await retryDueRefunds(ctx, log);
      if (refunded > 0) log.info({ refunded }, 'late payments refunded');
    } catch (error) {
      log.error({ err: error }, 'retrying refunds failed');
    } finally {
      running = false;
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), RESERVATION_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
