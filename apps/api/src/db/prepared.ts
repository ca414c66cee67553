import type { SQL } from 'drizzle-orm';
import type { PgDialect, PreparedQueryConfig } from 'drizzle-orm/pg-core';
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
export function connectionOf(db: Database): object {
  const session = db._.session as unknown as { client?: object };
  return session.client ?? session;
}

/**
 * A statement written in SQL (`sql\`…\`` with `sql.placeholder`s for its values) prepared by name as
 * `preparedPerDatabase` prepares a query built with drizzle: its text built once, parsed once per connection. Answers
 * its rows as PostgreSQL names them. For the statements the query builder does not write (row locks with a
 * `set_config`, a join of aliased tables…); values that are not placeholders are the same on every call.
 */
export function preparedSql<Row extends Record<string, unknown>>(
  name: string,
  query: SQL,
): (db: Database, values: Record<string, unknown>) => Promise<Row[]> {
  const statement = preparedPerDatabase((db) =>
    db._.session.prepareQuery<PreparedQueryConfig & { execute: { rows: Row[] } }>(
      dialectOf(db).sqlToQuery(query),
      undefined,
      name,
      false,
    ),
  );
  return async (db, values) => (await statement(db).execute(values)).rows;
}

/** The dialect a drizzle handle builds its SQL with (a database's and its transactions' are the same). */
function dialectOf(db: Database): PgDialect {
  return (db as unknown as { dialect: PgDialect }).dialect;
}
