import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, migrationsFolder } from './client';

type Journal = { entries: { idx: number; tag: string }[] };

/** How many committed migrations exist and how many the database has applied. */
export async function migrationStatus(db: Database): Promise<{ applied: number; available: number; latest: string }> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as Journal;
  const result = await db.execute<{ count: string | number }>(
    sql`select count(*) as count from drizzle.__drizzle_migrations`,
  );
  const rows = (result as unknown as { rows: { count: string | number }[] }).rows;
  const applied = Number(rows[0]?.count ?? 0);
  return { applied, available: journal.entries.length, latest: journal.entries.at(-1)?.tag ?? '' };
}
