import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { releaseExpired } from './reserve';

/** How often unpaid reservations past their time are released. */
export const RESERVATION_SWEEP_MS = 30_000;

/**
 * Releases expired reservations now (catching up after a restart: a server killed between reservation and
 * payment leaves them pending, and they are released here) and then every 30 seconds. Returns a stop function.
 */
export function startReservationJob(db: Executor, log: FastifyBaseLogger): () => void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const released = await releaseExpired(db);
      if (released > 0) log.info({ released }, 'expired reservations released');
    } catch (error) {
      log.error({ err: error }, 'releasing expired reservations failed');
    } finally {
      running = false;
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), RESERVATION_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
