import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as columns from '../src/db/columns';
import * as schema from '../src/db/schema';
import { SRC, sourceFiles, sourceName } from './source-scan';

/**
 * Only a table's owner writes it (issue 28, decision 416). The owner is the module whose `modules/<m>/schema.ts`
 * declares the table; outside it, no source inserts, updates or deletes the table, through drizzle
 * (`tx.insert(users)`, `.update(schema.sessions)`, a chain over several lines) or SQL (`UPDATE users`,
 * `DELETE FROM ${sessions}`, `TRUNCATE`), except the writes listed below. Reading is everyone's. Tests are left
 * out (they set up and damage rows on purpose), and so are the migrations (SQL files, apps/api/drizzle).
 * test/market-tables.test.ts is the same check for the order book, from before the split (decision 396).
 */

/** The demo seed and the operators' CLI build rows of every module on purpose (development and set-up tools). */
const TOOLS = [/^db\/seed[\w-]*\.ts$/, /^db\/admin-cli\.ts$/];

/**
 * Writes outside the owner that are known and documented, as "file: table". Each entry is checked to be still
 * needed: one that no longer writes fails the test, so the list only shrinks.
 */
const ALLOWED = [
  // Adapters keep their own small stores: the captcha's spent solutions (replays) and the development outbox.
  'adapters/captcha/spent.ts: captcha_solutions',
  'adapters/mail/outbox.ts: outbox_messages',
  // The market owns two columns of `paintings`: `market` (transitions.ts) and `sold_parts` (stock.ts), decision 400.
  'modules/market/stock.ts: paintings',
  'modules/market/transitions.ts: paintings',
];

interface Table {
  /** The name it is exported under. */
  name: string;
  sqlName: string;
  owner: string;
}

/** Every table, with the module whose schema.ts declares it. */
async function declaredTables(): Promise<Table[]> {
  const tables: Table[] = [];
  for (const entry of readdirSync(join(SRC, 'modules'), { withFileTypes: true })) {
    if (!entry.isDirectory() || !readdirSync(join(SRC, 'modules', entry.name)).includes('schema.ts')) continue;
    const exports: Record<string, unknown> = await import(join(SRC, 'modules', entry.name, 'schema.ts'));
    for (const [name, value] of Object.entries(exports)) {
      if (is(value, PgTable)) tables.push({ name, sqlName: getTableName(value), owner: entry.name });
    }
  }
  return tables;
}

/** Comments dropped (a comment may say "update users"), and whitespace folded, so a chain split over lines is one. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/\s+/g, ' ');
}

/** drizzle's `.insert(t)`, `.update(schema.t)`, `.delete(t)`: the table's exported name. */
const DRIZZLE = /\.(?:insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*\)/g;
/** SQL's INSERT INTO, UPDATE [ONLY], DELETE FROM, TRUNCATE [TABLE], before a name, "name" or ${name}. */
const SQL =
  /\b(?:INSERT\s+INTO|UPDATE(?:\s+ONLY)?|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+(?:\$\{\s*)?(?:\w+\.)?"?(\w+)/gi;

/** The tables a piece of code writes, by their SQL names. */
function writes(text: string, tables: Table[]): Table[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const bySql = new Map(tables.map((table) => [table.sqlName, table]));
  const folded = code(text);
  return [
    ...[...folded.matchAll(DRIZZLE)].map((match) => byName.get(match[1] ?? '')),
    ...[...folded.matchAll(SQL)].map((match) => bySql.get(match[1] ?? '') ?? byName.get(match[1] ?? '')),
  ].filter((table): table is Table => table !== undefined);
}

/** "file: table" for each source outside a table's owner that writes it (tools and tests left out). */
function writersOutsideOwners(tables: Table[]): string[] {
  const found = new Set<string>();
  for (const path of sourceFiles(SRC)) {
    const file = sourceName(SRC, path);
    if (file.endsWith('.test.ts') || TOOLS.some((tool) => tool.test(file))) continue;
    for (const table of writes(readFileSync(path, 'utf8'), tables)) {
      if (!file.startsWith(`modules/${table.owner}/`)) found.add(`${file}: ${table.sqlName}`);
    }
  }
  return [...found].sort();
}

describe('each table is written by its owner only (decision 416)', () => {
  it('every table db/schema.ts exports is declared by one module; db/schema.ts and db/columns.ts declare none', async () => {
    const tables = await declaredTables();
    const exported = Object.values(schema).filter((value) => is(value, PgTable));
    expect(exported.map((table) => getTableName(table)).sort()).toEqual(tables.map((table) => table.sqlName).sort());
    expect(new Set(tables.map((table) => table.sqlName)).size).toBe(tables.length);
    const text = code(readFileSync(join(SRC, 'db/schema.ts'), 'utf8'));
    expect(text).not.toMatch(/pgTable|pgEnum/);
    expect(Object.values(columns).filter((value) => is(value, PgTable))).toEqual([]);
  });

  it('no source writes a table outside its owning module, but the listed exceptions', async () => {
    expect(writersOutsideOwners(await declaredTables())).toEqual([...ALLOWED].sort());
  });

  it('the check sees each form it forbids, and lets reads through', async () => {
    const tables = await declaredTables();
    const sessions = (form: string) => writes(form, tables).map((table) => table.sqlName);
    for (const form of [
      'await tx.insert(sessions).values({ userId })',
      'await tx\n    .update(sessions)\n    .set({ revokedAt })',
      'db.delete(sessions).where(eq(sessions.id, id))',
      'tx.insert(schema.sessions)',
      'sql`UPDATE sessions SET revoked_at = now()`',
      'sql`update "sessions" set revoked_at = now()`',
      `sql\`INSERT INTO sessions (user_id) VALUES (\${userId})\``,
      `sql\`DELETE FROM \${sessions} WHERE id = \${id}\``,
      'sql`TRUNCATE TABLE sessions`',
    ])
      expect(sessions(form), form).toEqual(['sessions']);
    for (const form of [
      'tx.select().from(sessions).where(eq(sessions.userId, id)).for("update")',
      `sql\`SELECT 1 FROM sessions s WHERE s.id = \${id} FOR UPDATE\``,
      '.update(notATable)',
      '// revoked: UPDATE sessions in auth/service.ts',
      '/**\n * inserts into sessions happen in modules/auth; DELETE FROM sessions there too\n */',
    ])
      expect(sessions(form), form).toEqual([]);
  });
});
