import type { TReadiness } from '@parcelle/shared';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { migrationStatus } from '../../db/migration-status';

/** Ready: the database answers a query and has applied every committed migration. */
export async function readiness(database: DatabaseHandle): Promise<TReadiness> {
  const kind = database.kind;
  try {
    await database.db.execute(sql`select 1`);
  } catch {
    return { ready: false, database: { kind, answers: false }, migrations: null };
  }
  const migrations = await migrationStatus(database.db).catch(() => null);
  const ready = migrations !== null && migrations.applied === migrations.available;
  return { ready, database: { kind, answers: true }, migrations };
}
