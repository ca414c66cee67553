import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * Rows written from one array per column (decision 521): `SELECT … FROM unnest($1::uuid[], $2::int[], …)`, whose text
 * is the same for one row as for a hundred, so drizzle builds it once and node-postgres prepares it by name
 * (`preparedPerDatabase`), where a multi-row `VALUES` list is a new text for each batch size, built on every call and
 * never prepared. Each array is a placeholder named after its column's key (after `prefix`, when two tables' arrays
 * share a statement); `arraysOf` fills them.
 */

type InsertKey<T extends PgTable> = keyof T['$inferInsert'] & string;

/**
 * The SELECT an `INSERT … SELECT` of `table` takes (drizzle's `insert(table).select(sql)` lists every column, in the
 * table's order): the columns given come from their arrays, the others take their default (`now()`,
 * `gen_random_uuid()`, a constant) or NULL, unless `computed` gives its expression (over the arrays' columns,
 * `"rows"."<key>"`). A column with no default that must have a value, or whose default is
 * computed in TypeScript, has to be given: that is checked here, when the statement is built.
 */
export function selectFromArrays<T extends PgTable>(
  table: T,
  keys: readonly InsertKey<T>[],
  prefix = '',
  computed: Partial<Record<InsertKey<T>, SQL>> = {},
): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const given = new Set<string>(keys);
  const arrays = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`no column ${key}`);
    return sql`${sql.placeholder(prefix + key)}::${sql.raw(column.getSQLType())}[]`;
  });
  const names = sql.join(
    keys.map((key) => sql.identifier(key)),
    sql`, `,
  );
  const selected = Object.entries(columns)
    // What drizzle leaves out of an INSERT's column list: the generated columns (`shouldDisableInsert`).
    .filter(([, column]) => column.generated === undefined || column.generated.type === 'byDefault')
    .map(([key, column]) => {
      if (given.has(key)) return sql`"rows".${sql.identifier(key)}`;
      const expression = (computed as Record<string, SQL | undefined>)[key];
      if (expression) return expression;
      return defaultOf(key, column);
    });
  return sql`select ${sql.join(selected, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as "rows"(${names})`;
}

/** What a column left out of an `INSERT … SELECT` gets: what `DEFAULT` would have given it. */
function defaultOf(key: string, column: PgColumn): SQL {
  if (column.defaultFn || column.generatedIdentity) throw new Error(`column ${key} must be given`);
  if (column.default !== undefined) {
    if (is(column.default, SQL)) return column.default;
    return sql`${sql.param(column.default, column)}::${sql.raw(column.getSQLType())}`;
  }
  if (column.notNull) throw new Error(`column ${key} must be given`);
  return sql`null::${sql.raw(column.getSQLType())}`;
}

/** The arrays of `rows`, one per key, each value as the column sends it to the driver (a date as ISO text…). */
export function arraysOf<T extends PgTable, K extends InsertKey<T>>(
  table: T,
  keys: readonly K[],
  rows: readonly Pick<T['$inferInsert'], K>[],
  prefix = '',
): Record<string, unknown[]> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const arrays: Record<string, unknown[]> = {};
  for (const key of keys) {
    const column = columns[key] as PgColumn;
    arrays[prefix + key] = rows.map((row) => {
      const value = row[key] as unknown;
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
  }
  return arrays;
}

/**
 * Rows and the rows that point to them written by one statement (decision 522): the parents by a data-modifying
 * `WITH`, the children by the statement itself, whose foreign keys are checked at its end, when the parents are
 * there. Both from arrays (`selectFromArrays`), the parents' placeholders prefixed `parent_`, the children's `child_`
 * (`arraysOf(…, 'parent_')`). For `preparedPerDatabase`: the caller names it.
 */
export function insertParentsAndChildren<P extends PgTable, C extends PgTable>(
  db: Database,
  parents: { table: P; keys: readonly InsertKey<P>[] },
  children: { table: C; keys: readonly InsertKey<C>[] },
) {
  const inserted = db.$with('parents').as(
    db
      .insert(parents.table)
      .select(selectFromArrays(parents.table, parents.keys, 'parent_'))
      .returning(),
  );
  return db
    .with(inserted)
    .insert(children.table)
    .select(selectFromArrays(children.table, children.keys, 'child_'));
}
