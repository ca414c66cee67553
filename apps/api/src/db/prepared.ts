import type { Database } from './client';

/**
 * A prepared statement built once per database handle, on first use (decision 469): drizzle builds its SQL once, and
 * node-postgres has each connection parse it once, by its name, rather than on every call. For statements run on the
 * pool (`ctx.database.db`), outside a transaction.
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const byDatabase = new WeakMap<Database, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = prepare(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
