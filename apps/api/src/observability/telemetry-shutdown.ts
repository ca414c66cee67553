/**
 * The preload (instrument.ts) and the server are two bundles with their own module state, so the functions that
 * flush the telemetry (pending spans, queued Sentry events) meet on a global symbol. The observability plugin runs
 * them when the app closes (graceful shutdown); nothing is registered when telemetry is off.
 */
const KEY = Symbol.for('parcelle.telemetry.shutdown');

type Holder = { [KEY]?: (() => Promise<void>)[] };

export function registerTelemetryShutdown(flush: () => Promise<void>): void {
  const holder = globalThis as Holder;
  holder[KEY] ??= [];
  holder[KEY].push(flush);
}

/** Flushes and stops every telemetry exporter once; failures are reported, never thrown (the app is closing). */
export async function shutdownTelemetry(): Promise<void> {
  const holder = globalThis as Holder;
  const flushes = holder[KEY] ?? [];
  holder[KEY] = [];
  const results = await Promise.allSettled(flushes.map((flush) => flush()));
  for (const result of results) {
    if (result.status === 'rejected') console.error(`[telemetry] flush failed: ${(result.reason as Error).message}`);
  }
}
