import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The emails of the operators named by id on a page of rows (who approved, released, declared…), in one query, so the
 * console can say who acted instead of showing ids.
 */
export async function operatorEmails(
  db: Executor,
  ids: readonly (string | null | undefined)[],
): Promise<(id: string | null | undefined) => string | null> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  const rows =
    wanted.length === 0
      ? []
      : await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, wanted));
  const emails = new Map(rows.map((row) => [row.id, row.email]));
  return (id) => (id ? (emails.get(id) ?? null) : null);
}
