import { integer, PgDialect, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createdAt } from './columns';
import { arraysOf, selectFromArrays } from './unnest';

/** A table of the shapes the batch writers meet: a default made by PostgreSQL, a constant default, a nullable column. */
const things = pgTable('things', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  quantity: integer('quantity').notNull().default(1),
  note: text('note'),
  createdAt: createdAt(),
});

const textOf = (keys: Parameters<typeof selectFromArrays<typeof things>>[1]) =>
  new PgDialect().sqlToQuery(selectFromArrays(things, keys)).sql;

describe('rows written from arrays (decision 521)', () => {
  it('selects every column in the table order: the given ones from their arrays, the others their default or NULL', () => {
    expect(textOf(['name'])).toBe(
      'select gen_random_uuid(), "rows"."name", $1::integer, null::text, now() from unnest($2::text[]) as "rows"("name")',
    );
  });

  it('refuses to leave out a column that must have a value and has no default', () => {
    expect(() => textOf(['id', 'note'])).toThrow('column name must be given');
  });

  it('gives one array per column, as the driver sends each value, whatever the number of rows', () => {
    const at = new Date('2026-11-30T08:00:00.000Z');
    const rows = [
      { name: 'a', note: null, createdAt: at },
      { name: 'b', note: 'n', createdAt: at },
    ];
    expect(arraysOf(things, ['name', 'note', 'createdAt'], rows)).toEqual({
      name: ['a', 'b'],
      note: [null, 'n'],
      createdAt: ['2026-11-30T08:00:00.000Z', '2026-11-30T08:00:00.000Z'],
    });
    expect(arraysOf(things, ['name'], rows, 'parent_')).toEqual({ parent_name: ['a', 'b'] });
  });
});
