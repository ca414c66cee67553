import type { TAdminSort } from '@parcelle/shared/contracts/admin';
import { and, count, eq, gte, like, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { sortedBy } from '../../db/sort';
import { csvDocument } from '../../http/csv';

export interface AuditFilters extends TAdminSort<'audit'> {
  limit: number;
  offset: number;
  actor_id?: string;
  /** A prefix: `withdrawal` finds `withdrawal.approve` and `withdrawal.reject`. */
  action?: string;
  target_type?: string;
  target_id?: string;
  from?: string;
  to?: string;
}

/** The largest audit export in one file; narrower filters give the rest. */
export const AUDIT_EXPORT_LIMIT = 50_000;

function conditions(filters: AuditFilters): SQL | undefined {
  const escaped = filters.action?.replace(/[\\%_]/g, (char) => `\\${char}`);
  return and(
    filters.actor_id ? eq(auditLog.actorId, filters.actor_id) : undefined,
    escaped ? like(auditLog.action, `${escaped}%`) : undefined,
    filters.target_type ? eq(auditLog.targetType, filters.target_type) : undefined,
    filters.target_id ? eq(auditLog.targetId, filters.target_id) : undefined,
    filters.from ? gte(auditLog.createdAt, new Date(filters.from)) : undefined,
    filters.to ? lte(auditLog.createdAt, new Date(filters.to)) : undefined,
  );
}

const auditOrder = (filters: AuditFilters) =>
  sortedBy(
    filters,
    {
      created_at: auditLog.createdAt,
      actor_email: users.email,
      action: auditLog.action,
      target_type: auditLog.targetType,
      target_id: auditLog.targetId,
    },
    auditLog.id,
  );

/** Audit entries matching the filters, in the chosen order (newest first by default), with the operator's email. */
export async function searchAudit(db: Executor, filters: AuditFilters) {
  const where = conditions(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actorEmail: users.email })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(...auditOrder(filters))
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    entries: rows.map(({ entry, actorEmail }) => ({
      id: entry.id,
      actor_id: entry.actorId,
      actor_email: actorEmail,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      details: (entry.details ?? {}) as Record<string, unknown>,
      before: entry.before ?? null,
      after: entry.after ?? null,
      created_at: entry.createdAt.toISOString(),
    })),
    total: Number(total?.total ?? 0),
  };
}

/** The same search as a CSV file (values as JSON text), up to AUDIT_EXPORT_LIMIT lines. */
export async function auditCsv(db: Executor, filters: Omit<AuditFilters, 'limit' | 'offset'>): Promise<string> {
  const { entries } = await searchAudit(db, { ...filters, limit: AUDIT_EXPORT_LIMIT, offset: 0 });
  const header = ['created_at', 'operator', 'action', 'object', 'object_id', 'details', 'before', 'after'];
  return csvDocument([
    header,
    ...entries.map((entry) => [
      entry.created_at,
      entry.actor_email,
      entry.action,
      entry.target_type,
      entry.target_id,
      JSON.stringify(entry.details),
      entry.before === null ? '' : JSON.stringify(entry.before),
      entry.after === null ? '' : JSON.stringify(entry.after),
    ]),
  ]);
}
