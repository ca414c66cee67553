import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** What node-postgres is asked to send: the statement's text and name, and the client that sends it. */
type Sent = { text?: string; name?: string; client: pg.Client };

/** Runs `work` with every pg.Client's `query` shown to `see` first (the statement and its client, before sending). */
async function watchingQueries(work: () => Promise<unknown>, see: (sent: Sent) => void): Promise<void> {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    const config =
      typeof first === 'string' ? { text: first } : (first as { text?: string; name?: string } | undefined);
    see({ text: config?.text, name: config?.name, client: this });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
}

/**
 * The statements this process sends while `work` runs (every pg.Client, BEGIN and COMMIT included), whitespace
 * folded and cut to `cut` characters (120; `Infinity` for whole texts); `counted` leaves some out (a request's
 * authentication, the jobs' own…).
 */
export async function statementsSentBy(
  work: () => Promise<unknown>,
  counted: (text: string) => boolean = () => true,
  cut = 120,
): Promise<string[]> {
  const sent: string[] = [];
  await watchingQueries(work, ({ text }) => {
    if (text && counted(text)) sent.push(text.replace(/\s+/g, ' ').slice(0, cut));
  });
  return sent;
}

/**
 * The round trips of what `work` sends: the statements sent while their connection had none in flight (pipeline mode,
 * decision 599: one sent beside others in flight shares their wait). Without pipeline mode every statement is one.
 */
export async function roundTripsBy(
  work: () => Promise<unknown>,
  counted: (text: string) => boolean = () => true,
): Promise<number> {
  let trips = 0;
  await watchingQueries(work, ({ text, client }) => {
    // node-postgres's own state: the statement answered now, and those sent behind it (pipeline mode only).
    const state = client as unknown as { pipeline: boolean; _activeQuery: unknown; _sentQueryQueue: unknown[] };
    const inFlight = state.pipeline && (state._activeQuery != null || state._sentQueryQueue.length > 0);
    if (text && counted(text) && !inFlight) trips++;
  });
  return trips;
}

/**
 * What `work` sends without a statement name (node-postgres then has PostgreSQL parse it on each call) and what
 * drizzle builds meanwhile (its dialect's `sqlToQuery`, run for every statement not prepared once per connection), whole
 * texts, whitespace folded; `counted` leaves some out (the jobs' own…).
 */
export async function unpreparedBy(
  work: () => Promise<unknown>,
  counted: (text: string) => boolean = () => true,
): Promise<{ unnamed: string[]; built: string[] }> {
  const unnamed: string[] = [];
  const built: string[] = [];
  const fold = (text: string) => text.replace(/\s+/g, ' ').trim();
  const build = PgDialect.prototype.sqlToQuery;
  PgDialect.prototype.sqlToQuery = function (this: PgDialect, ...args: Parameters<typeof build>) {
    const answer = build.apply(this, args);
    if (counted(answer.sql)) built.push(fold(answer.sql));
    return answer;
  };
  try {
    await watchingQueries(work, ({ text, name }) => {
      if (text && !name && counted(text)) unnamed.push(fold(text));
    });
  } finally {
    PgDialect.prototype.sqlToQuery = build;
  }
  return { unnamed, built };
}
