import type { Database } from './client';

/**
 * A prepared statement built once per connection, on first use (decisions 469 and 522): drizzle builds its SQL once,
 * and node-postgres has each connection parse it once, by its name, rather than on every call.
 *
 * On the pool (`ctx.database.db`) the statement is built once and runs on whichever connection the pool lends; inside
 * a transaction (`tx`, one connection of the pool) it is built once per pooled connection and runs on that one. Either
 * way node-postgres keeps, per connection, the names it has parsed there: a statement prepared on one connection is
 * parsed again, by name, the first time another runs it, and is never assumed to exist there. Its text must not depend
 * on the call's values (no multi-row VALUES list): arrays go through `unnest` (db/unnest.ts).
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const byConnection = new WeakMap<object, T>();
  return (db) => {
    const connection = connectionOf(db);
    let prepared = byConnection.get(connection);
    if (!prepared) {
      prepared = prepare(db);
      byConnection.set(connection, prepared);
    }
    return prepared;
  };
}

/**
 * What a drizzle handle runs its statements on: node-postgres's pool for the database, the pooled client a
 * transaction holds for a transaction (drizzle's NodePgSession keeps it as `client`); the session itself otherwise.
 */
function connectionOf(db: Database): object {
  const session = db._.session as unknown as { client?: object };
  return session.client ?? session;
}
